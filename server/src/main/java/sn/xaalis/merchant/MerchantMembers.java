package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;

/**
 * A merchant's team (D30): the people invited besides the account's holder, each with a role. An
 * invitation is a random link kept only as its SHA-256, valid {@link #INVITATION_VALIDITY} and once; the
 * invited person chooses their name and password with it. A member's address is nobody's login already,
 * the holder of a merchant account included. Every change lands in the audit trail, under the person
 * who made it.
 */
@Service
public class MerchantMembers {

    public static final Duration INVITATION_VALIDITY = Duration.ofDays(7);
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9]{43}");

    private final Members members;
    private final Merchants merchants;
    private final AuditTrail audit;
    private final Clock clock;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    MerchantMembers(Members members, Merchants merchants, AuditTrail audit, Clock clock) {
        this.members = members;
        this.merchants = merchants;
        this.audit = audit;
        this.clock = clock;
    }

    /** A member as the team page lists them; {@code active} once they accepted the invitation. */
    public record Member(
            MemberId id,
            String email,
            @Nullable String name,
            MerchantRole role,
            boolean active,
            Instant createdAt,
            @Nullable Instant inviteExpiresAt) {}

    /** What an invitation came to: a link to send, or an address that is another account's login. */
    public sealed interface Invited permits Invitation, LoginElsewhere {}

    /**
     * An address that already signs in to another account (or is invited to another team): the page
     * answers, and the team lists it, as any invitation, so that it tells nobody who has an account; what
     * is kept is a placeholder without a link, that nobody can accept.
     */
    public record LoginElsewhere(String email) implements Invited {}

    /** A new invitation: its link's token is here only, never stored. */
    public record Invitation(MemberId id, MerchantId merchantId, String email, MerchantRole role, String token)
            implements Invited {
        @Override
        public String toString() {
            return "Invitation[" + id + ", " + email + ", " + role.code() + "]";
        }
    }

    /** What a valid invitation link is for. */
    public record Pending(MemberId id, String merchantName, String email, MerchantRole role) {}

    /** The account's holder, always an owner. */
    public MerchantAccount holder(MerchantId merchantId) {
        Merchants.Row row = merchants.find(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
        return new MerchantAccount(row.id(), row.name(), row.email());
    }

    public List<Member> team(MerchantId merchantId) {
        return members.team(merchantId).stream().map(MerchantMembers::member).toList();
    }

    /**
     * Invites {@code email} with {@code role}; inviting again someone who has not accepted yet sends a new
     * link (the old one stops working). An address that is another account's login, or another team's
     * member, comes back as {@link LoginElsewhere}; one of this account (its holder, an active member) is
     * refused, as the owner sees them in the team anyway.
     *
     * @throws MerchantRefusal.FieldsInvalid with message keys ({@code team.error.email}, {@code
     *     team.error.role}, {@code team.error.taken})
     * @throws MerchantRefusal.Unconfirmed while the account's address is not confirmed
     */
    @Transactional
    public Invited invite(MerchantId merchantId, @Nullable String email, @Nullable String role, String invitedBy) {
        if (!merchants.emailConfirmed(merchantId)) {
            throw new MerchantRefusal.Unconfirmed();
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String cleanEmail = email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
        if (cleanEmail.length() > 254 || !EMAIL.matcher(cleanEmail).matches()) {
            errors.put("email", List.of("team.error.email"));
        }
        Optional<MerchantRole> chosen = MerchantRole.parse(role);
        if (chosen.isEmpty()) {
            errors.put("role", List.of("team.error.role"));
        }
        if (!errors.isEmpty()) {
            throw new MerchantRefusal.FieldsInvalid(errors);
        }
        MerchantRole newRole = chosen.orElseThrow();
        Instant now = Timestamps.truncate(clock.instant());
        Instant expires = now.plus(INVITATION_VALIDITY);
        String token = RandomTokens.base62(43);
        // Whose login this already is: a merchant's (here or elsewhere) or another team's member. An
        // invitation of this team not yet accepted is sent again instead.
        Optional<Members.Row> current = members.byEmail(cleanEmail);
        if (current.isPresent()) {
            Members.Row pending = current.get();
            if (!pending.merchantId().equals(merchantId)) {
                return elsewhere(merchantId, cleanEmail, newRole, invitedBy, now, expires);
            }
            if (pending.active() || !members.renewInvitation(pending.id(), newRole, Sha256.hex(token), expires)) {
                throw taken();
            }
            return invited(merchantId, pending.id(), cleanEmail, newRole, token);
        }
        Optional<Merchants.Row> holder = merchants.findByEmail(cleanEmail);
        if (holder.isPresent()) {
            if (holder.get().id().equals(merchantId)) {
                throw taken();
            }
            return elsewhere(merchantId, cleanEmail, newRole, invitedBy, now, expires);
        }
        Optional<Members.Row> placeholder = members.placeholder(merchantId, cleanEmail);
        if (placeholder.isPresent()) {
            // The address signs in nowhere any more: the same row in the list, now with a link.
            if (!members.promotePlaceholder(placeholder.get().id(), newRole, Sha256.hex(token), expires)) {
                throw taken();
            }
            return invited(merchantId, placeholder.get().id(), cleanEmail, newRole, token);
        }
        var row = newRow(merchantId, cleanEmail, newRole, invitedBy, now, expires);
        if (!members.insertInvited(row, Sha256.hex(token))) {
            throw taken();
        }
        return invited(merchantId, row.id(), cleanEmail, newRole, token);
    }

    private Invitation invited(MerchantId merchantId, MemberId id, String email, MerchantRole role, String token) {
        audit.record("team.member.invited", merchantId.value(), id.toString(), null, auditedInvitation(email, role));
        return new Invitation(id, merchantId, email, role, token);
    }

    /**
     * An address that signs in elsewhere: a placeholder the owner sees as any invitation (re-sent, given
     * another role, removed alike), with no link, so that it never joins.
     */
    private LoginElsewhere elsewhere(
            MerchantId merchantId, String email, MerchantRole role, String invitedBy, Instant now, Instant expires) {
        Optional<Members.Row> placeholder = members.placeholder(merchantId, email);
        MemberId id;
        if (placeholder.isPresent()) {
            id = placeholder.get().id();
            if (!members.renewPlaceholder(id, role, expires)) {
                throw taken();
            }
        } else {
            Members.Row row = newRow(merchantId, email, role, invitedBy, now, expires);
            if (!members.insertElsewhere(row)) {
                throw taken();
            }
            id = row.id();
        }
        audit.record("team.member.invited", merchantId.value(), id.toString(), null, auditedInvitation(email, role));
        return new LoginElsewhere(email);
    }

    private Members.Row newRow(
            MerchantId merchantId, String email, MerchantRole role, String invitedBy, Instant now, Instant expires) {
        return new Members.Row(
                new MemberId(RandomTokens.uuidV7(clock)),
                merchantId,
                email,
                null,
                role,
                null,
                invitedBy,
                now,
                expires,
                null);
    }

    private static Map<String, Object> auditedInvitation(String email, MerchantRole role) {
        return Map.of("email", email, "role", role.code());
    }

    /** The invitation of a link, while it is unused and within its validity. */
    public Optional<Pending> invitation(String token) {
        if (!TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        return members.byInvitation(Sha256.hex(token), clock.instant())
                .map(row -> new Pending(
                        row.id(),
                        merchants
                                .find(row.merchantId())
                                .map(Merchants.Row::name)
                                .orElse(""),
                        row.email(),
                        row.role()));
    }

    /**
     * Accepts an invitation with the person's name and password: false when the link is unknown, used or
     * expired.
     *
     * @throws MerchantRefusal.FieldsInvalid when the name or password breaks the rules (the link stays usable)
     */
    @Transactional
    public boolean join(String token, @Nullable String name, @Nullable String password) {
        if (!TOKEN.matcher(token).matches()) {
            return false;
        }
        Instant now = Timestamps.truncate(clock.instant());
        Optional<Members.Row> invited = members.byInvitation(Sha256.hex(token), now);
        if (invited.isEmpty()) {
            return false;
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String cleanName = FieldRules.name(name, errors);
        if (errors.containsKey("name")) {
            errors.put("name", List.of("team.error.name"));
        }
        String cleanPassword = password == null ? "" : password; // "" is never acceptable
        if (!FieldRules.acceptablePassword(cleanPassword)) {
            errors.put("password", List.of("team.error.password"));
        }
        if (!errors.isEmpty()) {
            throw new MerchantRefusal.FieldsInvalid(errors);
        }
        if (!members.join(Sha256.hex(token), cleanName, passwords.encode(cleanPassword), now)) {
            return false;
        }
        Members.Row row = invited.get();
        audit.recordAs(
                AuditActor.of("merchant", row.email()),
                "team.member.joined",
                row.merchantId().value(),
                row.id().toString(),
                Map.of("state", "invited"),
                Map.of("state", "active", "name", cleanName));
        return true;
    }

    /**
     * @return whether the role changed
     * @throws MerchantRefusal.NoSuchMember when not a member of this team
     */
    @Transactional
    public boolean changeRole(MerchantId merchantId, MemberId memberId, @Nullable String role) {
        MerchantRole newRole = MerchantRole.parse(role)
                .orElseThrow(() -> new MerchantRefusal.FieldsInvalid(Map.of("role", List.of("team.error.role"))));
        if (memberId.value().equals(merchantId.value())) {
            throw new MerchantRefusal.HolderStays();
        }
        Members.Row row = members.find(merchantId, memberId).orElseThrow(MerchantRefusal.NoSuchMember::new);
        if (row.role() == newRole) {
            return false;
        }
        members.changeRole(merchantId, memberId, newRole);
        audit.record(
                "team.member.role.changed",
                merchantId.value(),
                memberId.toString(),
                Map.of("role", row.role().code()),
                Map.of("role", newRole.code()));
        return true;
    }

    /**
     * Removes a member. The account's holder (the member id that is the merchant's own) stays: they are
     * its owner, so the last owner is never removed.
     *
     * @throws MerchantRefusal.NoSuchMember when not a member of this team
     * @throws MerchantRefusal.HolderStays for the account's holder
     */
    @Transactional
    public void remove(MerchantId merchantId, MemberId memberId) {
        if (memberId.value().equals(merchantId.value())) {
            throw new MerchantRefusal.HolderStays();
        }
        Members.Row row = members.find(merchantId, memberId).orElseThrow(MerchantRefusal.NoSuchMember::new);
        if (!members.remove(merchantId, memberId, Timestamps.truncate(clock.instant()))) {
            throw new MerchantRefusal.NoSuchMember();
        }
        audit.record(
                "team.member.removed",
                merchantId.value(),
                memberId.toString(),
                Map.of("email", row.email(), "role", row.role().code()),
                null);
    }

    private static MerchantRefusal.FieldsInvalid taken() {
        return new MerchantRefusal.FieldsInvalid(Map.of("email", List.of("team.error.taken")));
    }

    private static Member member(Members.Row row) {
        return new Member(
                row.id(), row.email(), row.name(), row.role(), row.active(), row.createdAt(), row.inviteExpiresAt());
    }
}
