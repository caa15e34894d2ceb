package sn.xaalis.portal;

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.AuthenticatedPrincipal;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRole;

/**
 * The signed-in person: the merchant account's holder (an owner) or a member of its team, with their
 * role; every portal query is scoped by {@link #merchantId()}.
 *
 * <p>A class holding the plain UUID, not a record of a {@link MerchantId}: it is stored in the portal
 * sessions, and those written when it was the record {@code PortalUser(UUID merchantId, String email,
 * String name)} must still read back after an upgrade. Java serialization reads them into this class, whose
 * fields and serial number (0, a record's) match that record's; a record with a {@code MerchantId}
 * would read them without their merchant. The role and member id are not among those fields: the
 * holder is written exactly as before (and a session stored before teams reads back as the holder,
 * an owner), while a member is written in a form of its own, {@link MemberForm}. {@code
 * PortalUserSerialFormTest} keeps both so.
 */
public final class PortalUser implements Serializable, AuthenticatedPrincipal, AuditActor {

    @Serial
    private static final long serialVersionUID = 0L;

    private static final String MEMBER_PREFIX = "member:";

    private final UUID merchantId;
    private final String email;
    private final String name;
    // Not in the holder's serial form (see above): null after reading one, which is the holder.
    private final transient @Nullable UUID memberId;
    private final transient @Nullable MerchantRole role;

    /** The account's holder. */
    public PortalUser(MerchantId merchantId, String email, String name) {
        this(merchantId, email, name, MerchantRole.OWNER, null);
    }

    /** @param memberId the team member; null for the account's holder (then the role is owner) */
    public PortalUser(
            MerchantId merchantId, String email, String name, MerchantRole role, @Nullable MemberId memberId) {
        this.merchantId = merchantId.value();
        this.email = email;
        this.name = name;
        this.memberId = memberId == null ? null : memberId.value();
        this.role = memberId == null ? MerchantRole.OWNER : role;
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

    /** What this person may do; the account's holder is an owner. */
    public MerchantRole role() {
        return role == null ? MerchantRole.OWNER : role;
    }

    /** The team member signing in; null for the account's holder. */
    public @Nullable MemberId memberId() {
        return memberId == null ? null : new MemberId(memberId);
    }

    /**
     * The session's principal name (stored with the session, which is found by it): the merchant's id for
     * the holder, not their email; {@code member:<id>} for a member, so that a member's sessions can be
     * ended without the holder's.
     */
    @Override
    public String getName() {
        return memberId == null ? merchantId.toString() : MEMBER_PREFIX + memberId;
    }

    /** The principal name of a member's sessions. */
    static String principalName(MemberId member) {
        return MEMBER_PREFIX + member.value();
    }

    @Override
    public String auditKind() {
        return "merchant";
    }

    /** A member's actions are recorded under their own address. */
    @Override
    public String auditName() {
        return email;
    }

    @Override
    public UUID auditMerchant() {
        return merchantId;
    }

    /** A member is written as a {@link MemberForm}; the holder as this class, unchanged. */
    @Serial
    private Object writeReplace() {
        return memberId == null ? this : new MemberForm(merchantId, email, name, memberId, role().name());
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof PortalUser that
                && merchantId.equals(that.merchantId)
                && email.equals(that.email)
                && name.equals(that.name)
                && Objects.equals(memberId, that.memberId)
                && role() == that.role();
    }

    @Override
    public int hashCode() {
        return Objects.hash(merchantId, email, name, memberId, role());
    }

    @Override
    public String toString() {
        return "PortalUser[merchantId=" + merchantId + ", email=" + email + ", name=" + name
                + (memberId == null ? "" : ", member=" + memberId + ", role=" + role().code()) + "]";
    }

    /** A member's stored form: the role by its name, read back into a {@link PortalUser}. */
    private record MemberForm(UUID merchantId, String email, String name, UUID memberId, String role)
            implements Serializable {

        @Serial
        private Object readResolve() {
            return new PortalUser(
                    new MerchantId(merchantId),
                    email,
                    name,
                    MerchantRole.parse(role).orElse(MerchantRole.VIEWER),
                    new MemberId(memberId));
        }
    }
}
