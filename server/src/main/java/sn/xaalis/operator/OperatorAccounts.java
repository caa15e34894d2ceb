package sn.xaalis.operator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.Totp;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.secrets.SecretBox;

/**
 * Operator accounts. An operator is invited (by another operator, by the admin API, or at the first
 * run with the installation's admin token) and gets a set-up link, valid a day and once, where they
 * choose a password and add the account to an authenticator app: no operator signs in without both.
 */
@Service
public class OperatorAccounts {

    /**
     * Who invited the first operator, who nobody invited (the installation's set-up link or admin token):
     * pages name it in their language, never by the admin token's variable.
     */
    public static final String INSTALLATION = "installation";

    /** The admin API's name for the installation's own token, which invited operators before {@link #INSTALLATION}. */
    private static final String ADMIN_TOKEN_VARIABLE = "XAALIS_ADMIN_TOKEN";

    /** Whether {@code invitedBy} is the installation itself (its set-up link or admin token), not a person. */
    public static boolean byInstallation(String invitedBy) {
        return INSTALLATION.equals(invitedBy) || ADMIN_TOKEN_VARIABLE.equalsIgnoreCase(invitedBy);
    }

    static final Duration SETUP_VALIDITY = Duration.ofHours(24);
    static final int MIN_PASSWORD = 12;
    static final int MAX_PASSWORD = 128;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    private final Operators operators;
    private final OperatorTokens tokens;
    private final SecretBox secrets;
    private final PublicBaseUrl baseUrl;
    private final AuditTrail audit;
    private final Clock clock;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    OperatorAccounts(
            Operators operators,
            OperatorTokens tokens,
            SecretBox secrets,
            PublicBaseUrl baseUrl,
            AuditTrail audit,
            Clock clock) {
        this.operators = operators;
        this.tokens = tokens;
        this.secrets = secrets;
        this.baseUrl = baseUrl;
        this.audit = audit;
        this.clock = clock;
    }

    /** A new operator's set-up link: shown to whoever invited them, and sent to them by e-mail. */
    public record Invitation(UUID id, String email, String name, String setupUrl, Instant expiresAt) {
        @Override
        public String toString() {
            return "Invitation[email=" + email + "]";
        }
    }

    /** An operator as the console lists them. */
    public record Operator(UUID id, String email, String name, String state, String invitedBy, Instant createdAt) {

        /** Invited by the installation (the first operator): pages name it in words, not by a variable. */
        public boolean invitedByInstallation() {
            return byInstallation(invitedBy);
        }
    }

    /** Invites an operator; {@link OperatorRefusal} when the address or name is not acceptable or taken. */
    @Transactional
    public Invitation invite(@Nullable String email, @Nullable String name, String invitedBy) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String cleanEmail = email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
        if (cleanEmail.length() > 254 || !EMAIL.matcher(cleanEmail).matches()) {
            errors.put("email", List.of("operator.error.email"));
        }
        String cleanName = name == null ? "" : name.strip();
        if (cleanName.isEmpty() || cleanName.length() > 100) {
            errors.put("name", List.of("operator.error.name"));
        }
        if (!errors.isEmpty()) {
            throw new OperatorRefusal(errors);
        }
        Instant now = Timestamps.truncate(clock.instant());
        Instant expires = now.plus(SETUP_VALIDITY);
        String token = RandomTokens.base62(40);
        var row = new Operators.Row(
                RandomTokens.uuidV7(clock),
                cleanEmail,
                cleanName,
                null,
                secrets.encrypt(Totp.base32(Totp.newSecret())),
                expires,
                invitedBy,
                now,
                null);
        if (!operators.insert(row, secrets.fingerprint(token))) {
            throw OperatorRefusal.of("email", "operator.error.taken");
        }
        audit.record("operator.invited", null, cleanEmail, null, Map.of("name", cleanName, "email", cleanEmail));
        return new Invitation(row.id(), cleanEmail, cleanName, baseUrl.value() + "/operator/setup/" + token, expires);
    }

    /** What the set-up page shows for a valid link: whose it is and the secret their app is to hold. */
    record Pending(String email, String name, String totpSecret) {
        @Override
        public String toString() {
            return "Pending[email=" + email + "]";
        }
    }

    Optional<Pending> pending(String token) {
        return operators
                .bySetupToken(secrets.fingerprint(token), clock.instant())
                .map(row -> new Pending(row.email(), row.name(), secrets.decrypt(row.totpCiphertext())));
    }

    /**
     * Completes a set-up: the password under the rules, and a code that proves the app holds the secret.
     * The link is spent by the same conditional update that sets the password.
     */
    @Transactional
    void setUp(String token, String password, String confirm, String code) {
        Operators.Row row = operators
                .bySetupToken(secrets.fingerprint(token), clock.instant())
                .orElseThrow(() -> OperatorRefusal.of("token", "operator.setup.invalid"));
        if (password.length() < MIN_PASSWORD || password.length() > MAX_PASSWORD) {
            throw OperatorRefusal.of("password", "operator.error.password");
        }
        if (!password.equals(confirm)) {
            throw OperatorRefusal.of("confirm", "operator.error.confirm");
        }
        byte[] secret = Totp.fromBase32(secrets.decrypt(row.totpCiphertext()));
        var step = Totp.matchingStep(secret, code.strip(), clock.instant());
        if (step.isEmpty()) {
            throw OperatorRefusal.of("code", "operator.error.code");
        }
        if (!operators.completeSetup(
                secrets.fingerprint(token), passwords.encode(password), step.getAsLong(), clock.instant())) {
            throw OperatorRefusal.of("token", "operator.setup.invalid");
        }
        audit.recordAs(
                new OperatorUser(row.id(), row.email(), row.name()),
                "operator.set_up",
                null,
                row.email(),
                Map.of("state", "invited"),
                Map.of("state", "active"));
    }

    /** The operator whose password this is, if the account is active; the caller compares the hash. */
    Optional<Operators.Row> login(String email) {
        return operators.byEmail(email.strip().toLowerCase(Locale.ROOT)).filter(Operators.Row::active);
    }

    /** Checks a sign-in code against the operator's app; each code works once. */
    boolean verifyCode(Operators.Row operator, @Nullable String code) {
        byte[] secret = Totp.fromBase32(secrets.decrypt(operator.totpCiphertext()));
        var step = Totp.matchingStep(secret, code == null ? null : code.strip(), clock.instant());
        return step.isPresent() && operators.useTotpStep(operator.id(), step.getAsLong());
    }

    boolean passwordMatches(String password, @Nullable String hash) {
        return hash != null && passwords.matches(password, hash);
    }

    /** Disables an operator with the admin tokens they issued; their sessions are the caller's to end. */
    @Transactional
    void disable(UUID id) {
        Operators.Row row = operators.byId(id).orElseThrow(() -> OperatorRefusal.of("operator", "operator.error.none"));
        if (operators.disable(id, clock.instant())) {
            audit.record(
                    "operator.disabled", null, row.email(), Map.of("state", "active"), Map.of("state", "disabled"));
        }
        // Also for one disabled before tokens went with them: disabling again finishes the job.
        tokens.revokeIssuedBy(row.email());
    }

    public List<Operator> all() {
        return operators.all().stream()
                .map(row -> new Operator(
                        row.id(),
                        row.email(),
                        row.name(),
                        row.disabledAt() != null ? "disabled" : row.passwordHash() == null ? "invited" : "active",
                        row.invitedBy(),
                        row.createdAt()))
                .toList();
    }

    /** Whether any operator exists: until one does, the first-run set-up is open to the admin token's holder. */
    public boolean anyOperator() {
        return operators.any();
    }
}
