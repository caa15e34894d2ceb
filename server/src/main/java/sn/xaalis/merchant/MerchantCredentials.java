package sn.xaalis.merchant;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.secrets.SecretBox;

/** What a merchant signs in with: the password and, when turned on, a two-factor (TOTP) code. */
@Service
public class MerchantCredentials {

    private final Merchants merchants;
    private final SecretBox secretBox;
    private final AuditTrail audit;
    private final Clock clock;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    MerchantCredentials(Merchants merchants, SecretBox secretBox, AuditTrail audit, Clock clock) {
        this.audit = audit;
        this.merchants = merchants;
        this.secretBox = secretBox;
        this.clock = clock;
    }

    public Optional<MerchantLogin> login(String email) {
        if (email == null || email.isBlank()) {
            return Optional.empty();
        }
        return merchants
                .findByEmail(email)
                .map(m -> new MerchantLogin(
                        m.id(), m.email(), m.name(), m.passwordHash(), merchants.totpEnabled(m.id())));
    }

    /** Sets a new password under the same rules as at creation. */
    @Transactional
    public void changePassword(MerchantId merchantId, String newPassword) {
        if (!FieldRules.acceptablePassword(newPassword)) {
            throw new MerchantRefusal.FieldsInvalid(Map.of("new_password", List.of(FieldRules.passwordRule())));
        }
        merchants.changePassword(merchantId, passwords.encode(newPassword));
        audit.record("merchant.password.changed", merchantId.value(), merchantId.toString(), null, null);
    }

    /** Whether the merchant proved it holds its address (operator-made accounts are taken as proved). */
    public boolean emailConfirmed(MerchantId merchantId) {
        return merchants.emailConfirmed(merchantId);
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

    /** Turns two-factor sign-in on, once the merchant proved their app holds the secret. */
    @Transactional
    public boolean enableTotp(MerchantId merchantId, byte[] secret, String code) {
        var step = Totp.matchingStep(secret, code, clock.instant());
        if (step.isEmpty()) {
            return false;
        }
        merchants.setTotp(merchantId, secretBox.encrypt(Totp.base32(secret)));
        merchants.useTotpStep(merchantId, step.getAsLong());
        audit.record(
                "merchant.two_factor.changed",
                merchantId.value(),
                merchantId.toString(),
                Map.of("two_factor", false),
                Map.of("two_factor", true));
        return true;
    }

    @Transactional
    public void disableTotp(MerchantId merchantId) {
        merchants.setTotp(merchantId, null);
        audit.record(
                "merchant.two_factor.changed",
                merchantId.value(),
                merchantId.toString(),
                Map.of("two_factor", true),
                Map.of("two_factor", false));
    }

    /** Checks a sign-in code; each code works once. */
    @Transactional
    public boolean verifyTotp(MerchantId merchantId, @Nullable String code) {
        String ciphertext = merchants.totpCiphertext(merchantId);
        if (ciphertext == null) {
            return false;
        }
        byte[] secret = Totp.fromBase32(secretBox.decrypt(ciphertext));
        var step = Totp.matchingStep(secret, code, clock.instant());
        return step.isPresent() && merchants.useTotpStep(merchantId, step.getAsLong());
    }
}
