package sn.xaalis.portal;

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.AuthenticatedPrincipal;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.merchant.MerchantId;

/**
 * The signed-in merchant; every portal query is scoped by {@link #merchantId()}.
 *
 * <p>A class holding the plain UUID, not a record of a {@link MerchantId}: it is stored in the portal
 * sessions, and those written when it was the record {@code PortalUser(UUID merchantId, String email,
 * String name)} must still read back after an upgrade. Java serialization reads them into this class, whose
 * fields and serial number (0, a record's) match that record's; a record with a {@code MerchantId}
 * would read them without their merchant. {@code PortalUserSerialFormTest} keeps it so.
 */
public final class PortalUser implements Serializable, AuthenticatedPrincipal, AuditActor {

    @Serial
    private static final long serialVersionUID = 0L;

    private final UUID merchantId;
    private final String email;
    private final String name;

    public PortalUser(MerchantId merchantId, String email, String name) {
        this.merchantId = merchantId.value();
        this.email = email;
        this.name = name;
    }

    public MerchantId merchantId() {
        return new MerchantId(merchantId);
    }

    public String email() {
        return email;
    }

    public String name() {
        return name;
    }

    /** The session's principal name (stored with the session): the merchant's id, not their email. */
    @Override
    public String getName() {
        return merchantId.toString();
    }

    @Override
    public String auditKind() {
        return "merchant";
    }

    @Override
    public String auditName() {
        return email;
    }

    @Override
    public UUID auditMerchant() {
        return merchantId;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof PortalUser that
                && merchantId.equals(that.merchantId)
                && email.equals(that.email)
                && name.equals(that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(merchantId, email, name);
    }

    @Override
    public String toString() {
        return "PortalUser[merchantId=" + merchantId + ", email=" + email + ", name=" + name + "]";
    }
}
