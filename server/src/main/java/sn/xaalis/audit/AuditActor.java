package sn.xaalis.audit;

import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Who makes a change: the signed-in person's principal implements it, and an operator token's request
 * carries one as the attribute {@link #ATTRIBUTE}. A request with neither (the merchant API, a job) is a
 * machine's, and the trail does not record it.
 */
public interface AuditActor {

    /** The request attribute under which a request that is not a signed-in session names its actor. */
    String ATTRIBUTE = AuditActor.class.getName();

    /** {@code merchant}, {@code operator} or {@code token}. */
    String auditKind();

    /** How the trail names the person: an e-mail address, or a token's name. */
    String auditName();

    /** The merchant the person acts for; null for an operator. */
    default @Nullable UUID auditMerchant() {
        return null;
    }

    static AuditActor of(String kind, String name) {
        return new Named(kind, name);
    }

    record Named(String auditKind, String auditName) implements AuditActor {}
}
