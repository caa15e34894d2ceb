package sn.xaalis.operator;

import java.io.Serial;
import java.io.Serializable;
import java.util.UUID;
import org.springframework.security.core.AuthenticatedPrincipal;
import sn.xaalis.audit.AuditActor;

/**
 * The signed-in operator, kept in the console's session (a database row, like the portal's). Its name in
 * the session index is {@code operator:<id>}, apart from every merchant's.
 */
public record OperatorUser(UUID id, String email, String name)
        implements Serializable, AuthenticatedPrincipal, AuditActor {

    @Serial
    private static final long serialVersionUID = 1L;

    static final String PRINCIPAL_PREFIX = "operator:";

    @Override
    public String getName() {
        return PRINCIPAL_PREFIX + id;
    }

    @Override
    public String auditKind() {
        return "operator";
    }

    @Override
    public String auditName() {
        return email;
    }
}
