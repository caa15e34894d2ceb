package sn.xaalis.portal;

import java.io.Serializable;
import java.util.UUID;
import org.springframework.security.core.AuthenticatedPrincipal;

/** The signed-in merchant; every portal query is scoped by {@link #merchantId()}. */
public record PortalUser(UUID merchantId, String email, String name) implements Serializable, AuthenticatedPrincipal {

    /** The session's principal name (stored with the session): the merchant's id, not their email. */
    @Override
    public String getName() {
        return merchantId.toString();
    }
}
