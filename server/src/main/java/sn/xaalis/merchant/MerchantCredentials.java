package sn.xaalis.merchant;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.secrets.SecretBox;

/**
 * What a person signs in to a merchant's portal with: the password and, when turned on, a two-factor
 * (TOTP) code. The person is the account's holder ({@code member} null) or a member of its team; each
 * has their own password and authenticator app.
 */
@Service
public class MerchantCredentials {

    private final Merchants merchants;
    private final Members members;
    private final SecretBox secretBox;
    private final AuditTrail audit;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    MerchantCredentials(
            Merchants merchants,
            Members members,
            SecretBox secretBox,
            AuditTrail audit,
            ApplicationEventPublisher events,
            Clock clock) {
        this.audit = audit;
        this.events = events;
        this.merchants = merchants;
        this.members = members;
        this.secretBox = secretBox;
        this.clock = clock;
    }

    /** The account's holder with this address, else the team member who accepted their invitation. */
    public Optional<MerchantLogin> login(String email) {
        if (email == null || email.isBlank()) {
            return Optional.empty();
        }
        Optional<MerchantLogin> holder = merchants
                .findByEmail(email)
                .map(m -> new MerchantLogin(
                        m.id(), m.email(), m.name(), m.passwordHash(), merchants.totpEnabled(m.id())));
        if (holder.isPresent()) {
            return holder;
        }
        return members.byEmail(email.strip().toLowerCase(Locale.ROOT))
                .filter(Members.Row::active)
                .map(m -> new MerchantLogin(
                        m.merchantId(),
                        m.email(),
                        m.name() == null ? m.email() : m.name(),
                        java.util.Objects.requireNonNull(m.passwordHash()),
                        members.totpCiphertext(m.id()) != null,
                        m.role(),
                        m.id()));
    }

    /** Sets a new password under the same rules as at creation. */
    @Transactional
    public void changePassword(MerchantId merchantId, String newPassword) {
        changePassword(merchantId, null, newPassword);
    }

    /** The holder's ({@code member} null) or a member's new password, under the rules of creation. */
    @Transactional
    public void changePassword(MerchantId merchantId, @Nullable MemberId member, String newPassword) {
        if (!FieldRules.acceptablePassword(newPassword)) {
            throw new MerchantRefusal.FieldsInvalid(Map.of("new_password", List.of(FieldRules.passwordRule())));
        }
        if (member == null) {
            merchants.changePassword(merchantId, passwords.encode(newPassword));
        } else {
            members.changePassword(member, passwords.encode(newPassword));
        }
        audit.record("merchant.password.changed", merchantId.value(), subject(merchantId, member), null, null);
        // A link asked for before the change must not set another password after it.
        events.publishEvent(new PasswordChanged(merchantId, member));
    }

    /** Whether the merchant proved it holds its address (operator-made accounts are taken as proved). */
    public boolean emailConfirmed(MerchantId merchantId) {
        return merchants.emailConfirmed(merchantId);
    }

    /**
     * Refuses what waits for the address's confirmation: inviting, two-factor, live keys, payment accounts.
     *
     * @throws MerchantRefusal.Unconfirmed until the merchant's address is confirmed
     */
    public void requireConfirmed(MerchantId merchantId) {
        if (!merchants.emailConfirmed(merchantId)) {
            throw new MerchantRefusal.Unconfirmed();
        }
    }

    /** Confirms the address the link was sent to, if it is still the account's; false otherwise. */
    @Transactional
    public boolean confirmEmail(MerchantId merchantId, String email) {
        boolean confirmed = merchants.confirmEmail(merchantId, email, clock.instant());
        if (confirmed) {
            audit.recordAs(
                    sn.xaalis.audit.AuditActor.of("merchant", email),
                    "merchant.email.confirmed",
                    merchantId.value(),
                    merchantId.toString(),
                    Map.of("email_confirmed", false),
                    Map.of("email_confirmed", true));
        }
        return confirmed;
    }

    public boolean totpEnabled(MerchantId merchantId) {
        return merchants.totpEnabled(merchantId);
    }

    public boolean totpEnabled(MerchantId merchantId, @Nullable MemberId member) {
        return member == null ? merchants.totpEnabled(merchantId) : members.totpCiphertext(member) != null;
    }

    /** Turns two-factor sign-in on, once the merchant proved their app holds the secret. */
    @Transactional
    public boolean enableTotp(MerchantId merchantId, byte[] secret, String code) {
        return enableTotp(merchantId, null, secret, code);
    }

    /**
     * Turns two-factor sign-in on for the holder or a member, once their app proved it holds the secret.
     *
     * @throws MerchantRefusal.Unconfirmed while the account's address is not confirmed
     */
    @Transactional
    public boolean enableTotp(MerchantId merchantId, @Nullable MemberId member, byte[] secret, String code) {
        requireConfirmed(merchantId);
        var step = Totp.matchingStep(secret, code, clock.instant());
        if (step.isEmpty()) {
            return false;
        }
        String sealed = secretBox.encrypt(Totp.base32(secret));
        if (member == null) {
            merchants.setTotp(merchantId, sealed);
            merchants.useTotpStep(merchantId, step.getAsLong());
        } else {
            members.setTotp(member, sealed);
            members.useTotpStep(member, step.getAsLong());
        }
        audit.record(
                "merchant.two_factor.changed",
                merchantId.value(),
                subject(merchantId, member),
                Map.of("two_factor", false),
                Map.of("two_factor", true));
        return true;
    }

    @Transactional
    public void disableTotp(MerchantId merchantId) {
        disableTotp(merchantId, null);
    }

    @Transactional
    public void disableTotp(MerchantId merchantId, @Nullable MemberId member) {
        if (member == null) {
            merchants.setTotp(merchantId, null);
        } else {
            members.setTotp(member, null);
        }
        audit.record(
                "merchant.two_factor.changed",
                merchantId.value(),
                subject(merchantId, member),
                Map.of("two_factor", true),
                Map.of("two_factor", false));
    }

    /** Checks a sign-in code; each code works once. */
    @Transactional
    public boolean verifyTotp(MerchantId merchantId, @Nullable String code) {
        return verifyTotp(merchantId, null, code);
    }

    /** Checks the holder's or a member's sign-in code; each code works once. */
    @Transactional
    public boolean verifyTotp(MerchantId merchantId, @Nullable MemberId member, @Nullable String code) {
        String ciphertext = member == null ? merchants.totpCiphertext(merchantId) : members.totpCiphertext(member);
        if (ciphertext == null) {
            return false;
        }
        byte[] secret = Totp.fromBase32(secretBox.decrypt(ciphertext));
        var step = Totp.matchingStep(secret, code, clock.instant());
        return step.isPresent()
                && (member == null
                        ? merchants.useTotpStep(merchantId, step.getAsLong())
                        : members.useTotpStep(member, step.getAsLong()));
    }

    /** The audit trail's subject: the merchant for its holder, the member's id for a member. */
    private static String subject(MerchantId merchantId, @Nullable MemberId member) {
        return member == null ? merchantId.toString() : member.toString();
    }
}
