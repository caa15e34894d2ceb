package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.egress.WebhookUrls;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.RedirectUrls;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.secrets.SecretBox;

/**
 * Creating merchants and applications, changing their settings and issuing keys, with the rules the
 * admin API and the portal share (D9, D10, D12, D16).
 */
@Service
public class MerchantOnboarding {

    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final int MIN_PASSWORD = 10;
    private static final int MAX_PASSWORD = 128;
    private static final int MAX_NAME = 100;

    private final Merchants merchants;
    private final Applications applications;
    private final ApiKeys apiKeys;
    private final MerchantCaches caches;
    private final WebhookUrls webhookUrls;
    private final PaymentProviders providers;
    private final MerchantProperties properties;
    private final PlatformProperties platform;
    private final Database database;
    private final SecretBox secretBox;
    private final Clock clock;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    MerchantOnboarding(
            Merchants merchants,
            Applications applications,
            ApiKeys apiKeys,
            MerchantCaches caches,
            WebhookUrls webhookUrls,
            PaymentProviders providers,
            MerchantProperties properties,
            PlatformProperties platform,
            Database database,
            SecretBox secretBox,
            Clock clock) {
        this.merchants = merchants;
        this.applications = applications;
        this.apiKeys = apiKeys;
        this.caches = caches;
        this.webhookUrls = webhookUrls;
        this.providers = providers;
        this.properties = properties;
        this.platform = platform;
        this.database = database;
        this.secretBox = secretBox;
        this.clock = clock;
    }

    public record MerchantAccount(UUID id, String name, String email) {}

    public record NewApplication(ApplicationDetails application, IssuedKeys sandboxKeys) {}

    /** The settings an application starts with; null fields are left unset. */
    public record NewApplicationRequest(
            String name,
            String webhookUrl,
            String callbackUrlSuccess,
            String callbackUrlFailure,
            Set<Provider> providers) {}

    @Transactional
    public MerchantAccount createMerchant(String name, String email, String password) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String cleanName = requireName(name, errors);
        String cleanEmail = email == null ? null : email.trim().toLowerCase(Locale.ROOT);
        if (cleanEmail == null || cleanEmail.isEmpty()) {
            errors.put("email", List.of("is required"));
        } else if (cleanEmail.length() > 254 || !EMAIL.matcher(cleanEmail).matches()) {
            errors.put("email", List.of("must be a valid email address"));
        }
        if (password == null || password.length() < MIN_PASSWORD || password.length() > MAX_PASSWORD) {
            errors.put("password", List.of("must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        var row = new Merchants.Row(
                RandomTokens.uuidV7(clock),
                cleanName,
                cleanEmail,
                passwords.encode(password),
                Timestamps.truncate(clock.instant()));
        if (!merchants.insert(row)) {
            throw new ApiException(
                    HttpStatus.CONFLICT,
                    "A merchant with this email already exists",
                    Map.of("email", List.of("is already registered")));
        }
        return new MerchantAccount(row.id(), row.name(), row.email());
    }

    /** Self-service sign-up: a merchant with one sandbox application, kept out of live until approved. */
    @Transactional
    public MerchantAccount signUp(String name, String email, String password) {
        MerchantAccount account = createMerchant(name, email, password);
        merchants.markSandboxOnly(account.id());
        createApplication(
                account.id(),
                new NewApplicationRequest("My application", null, null, null, EnumSet.allOf(Provider.class)));
        return account;
    }

    /** The operator approves a merchant for live payments, or approves it again after a withdrawal. */
    @Transactional
    public LiveApproval approve(UUID merchantId) {
        if (!merchants.approve(merchantId, Timestamps.truncate(clock.instant()))) {
            throw ApiException.notFound("No such merchant");
        }
        caches.forget();
        return approval(merchantId);
    }

    /** The operator withdraws its approval: the merchant's live payments are refused from now on. */
    @Transactional
    public LiveApproval withdrawApproval(UUID merchantId) {
        if (!merchants.withdrawApproval(merchantId, Timestamps.truncate(clock.instant()))) {
            throw ApiException.notFound("No such merchant");
        }
        caches.forget();
        return approval(merchantId);
    }

    public LiveApproval approval(UUID merchantId) {
        return merchants.approval(merchantId).orElseThrow(() -> ApiException.notFound("No such merchant"));
    }

    public boolean totpEnabled(UUID merchantId) {
        return merchants.totpEnabled(merchantId);
    }

    /** Turns two-factor sign-in on, once the merchant proved their app holds the secret. */
    @Transactional
    public boolean enableTotp(UUID merchantId, byte[] secret, String code) {
        var step = Totp.matchingStep(secret, code, clock.instant());
        if (step.isEmpty()) {
            return false;
        }
        merchants.setTotp(merchantId, secretBox.encrypt(Totp.base32(secret)));
        merchants.useTotpStep(merchantId, step.getAsLong());
        return true;
    }

    @Transactional
    public void disableTotp(UUID merchantId) {
        merchants.setTotp(merchantId, null);
    }

    /** Checks a sign-in code; each code works once. */
    @Transactional
    public boolean verifyTotp(UUID merchantId, String code) {
        String ciphertext = merchants.totpCiphertext(merchantId);
        if (ciphertext == null) {
            return false;
        }
        byte[] secret = Totp.fromBase32(secretBox.decrypt(ciphertext));
        var step = Totp.matchingStep(secret, code, clock.instant());
        return step.isPresent() && merchants.useTotpStep(merchantId, step.getAsLong());
    }

    /** Sets a new password under the same rules as at creation. */
    @Transactional
    public void changePassword(UUID merchantId, String newPassword) {
        if (newPassword == null || newPassword.length() < MIN_PASSWORD || newPassword.length() > MAX_PASSWORD) {
            throw ApiException.invalid(
                    Map.of("new_password", List.of("must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters")));
        }
        merchants.changePassword(merchantId, passwords.encode(newPassword));
    }

    @Transactional
    public NewApplication createApplication(UUID merchantId, NewApplicationRequest request) {
        merchants.find(merchantId).orElseThrow(() -> ApiException.notFound("No such merchant"));
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String name = requireName(request.name(), errors);
        String webhook = checkWebhookUrl(request.webhookUrl(), false, errors);
        String success = checkRedirect("callback_url_success", request.callbackUrlSuccess(), errors);
        String failure = checkRedirect("callback_url_failure", request.callbackUrlFailure(), errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        Instant now = Timestamps.truncate(clock.instant());
        UUID id = RandomTokens.uuidV7(clock);
        insertWithFreshEndpointKey(id, merchantId, name, webhook, success, failure, now);
        Set<Provider> active = request.providers() == null ? Set.of() : request.providers();
        for (Environment environment : Environment.values()) {
            applications.replaceProviders(id, environment, active, now);
        }
        IssuedKeys keys = apiKeys.issue(id, Environment.SANDBOX, now);
        return new NewApplication(operatorDetails(id), keys);
    }

    /** The operator's change: any merchant's application (the portal's is {@link #update(UUID, UUID, ApplicationChanges)}). */
    @Transactional
    public ApplicationDetails operatorUpdate(UUID applicationId, ApplicationChanges changes) {
        Applications.Row current = applications
                .findForUpdate(applicationId)
                .orElseThrow(() -> ApiException.notFound("No such application"));
        Map<String, List<String>> errors = new LinkedHashMap<>();
        boolean live = changes.liveEnabled().orElse(current.liveEnabled());
        String webhook = changes.webhookUrl().isPresent()
                ? checkWebhookUrl(blankToNull(changes.webhookUrl().get()), live, errors)
                : current.webhookUrl();
        String success = changes.callbackUrlSuccess().isPresent()
                ? checkRedirect(
                        "callback_url_success",
                        blankToNull(changes.callbackUrlSuccess().get()),
                        errors)
                : current.callbackUrlSuccess();
        String failure = changes.callbackUrlFailure().isPresent()
                ? checkRedirect(
                        "callback_url_failure",
                        blankToNull(changes.callbackUrlFailure().get()),
                        errors)
                : current.callbackUrlFailure();
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        Instant now = Timestamps.truncate(clock.instant());
        changes.providers().ifPresent(set -> {
            for (Environment environment : Environment.values()) {
                applications.replaceProviders(applicationId, environment, set, now);
            }
        });
        if (live && !current.liveEnabled()) {
            List<String> unmet = liveBlockers(applicationId, webhook);
            if (!unmet.isEmpty()) {
                throw new ApiException(
                        HttpStatus.UNPROCESSABLE_CONTENT,
                        "The application cannot go live yet",
                        Map.of("live_enabled", unmet));
            }
        }
        applications.update(
                new Applications.Row(
                        current.id(),
                        current.merchantId(),
                        current.name(),
                        current.endpointKey(),
                        webhook,
                        success,
                        failure,
                        live,
                        current.createdAt()),
                now);
        caches.forget();
        return operatorDetails(applicationId);
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

    /** A merchant's own applications; the portal never sees another merchant's. */
    public List<ApplicationSummary> applicationsOf(UUID merchantId) {
        return applications.ofMerchant(merchantId).stream()
                .map(row -> new ApplicationSummary(
                        row.id(), row.name(), row.endpointKey(), row.webhookUrl(), row.liveEnabled()))
                .toList();
    }

    /** The application if this merchant owns it; another merchant's looks exactly like a missing one. */
    public ApplicationDetails details(UUID merchantId, UUID applicationId) {
        ApplicationDetails details = applications
                .find(applicationId)
                .filter(row -> row.merchantId().equals(merchantId))
                .map(row -> operatorDetails(row.id()))
                .orElseThrow(() -> ApiException.notFound("No such application"));
        return details;
    }

    /** The portal's change: one transaction, like the operator's (a self-call would bypass the proxy). */
    @Transactional
    public ApplicationDetails update(UUID merchantId, UUID applicationId, ApplicationChanges changes) {
        details(merchantId, applicationId);
        return operatorUpdate(applicationId, changes);
    }

    /** Activates exactly these providers for one environment of the merchant's application. */
    @Transactional
    public ApplicationDetails setProviders(
            UUID merchantId, UUID applicationId, Environment environment, Set<Provider> active) {
        details(merchantId, applicationId);
        // The row lock every change to the application takes: a go-live checks providers under it.
        applications.findForUpdate(applicationId);
        applications.replaceProviders(applicationId, environment, active, Timestamps.truncate(clock.instant()));
        caches.forget();
        return operatorDetails(applicationId);
    }

    /** What still stands between the merchant's application and live mode (D16); empty when nothing. */
    public List<String> liveBlockers(UUID merchantId, UUID applicationId) {
        ApplicationDetails application = details(merchantId, applicationId);
        return liveBlockers(applicationId, application.webhookUrl());
    }

    /** For the operator: any merchant's application (the portal's is {@link #details(UUID, UUID)}). */
    public ApplicationDetails operatorDetails(UUID applicationId) {
        Applications.Row row =
                applications.find(applicationId).orElseThrow(() -> ApiException.notFound("No such application"));
        return new ApplicationDetails(
                row.id(),
                row.merchantId(),
                row.name(),
                row.endpointKey(),
                row.webhookUrl(),
                row.callbackUrlSuccess(),
                row.callbackUrlFailure(),
                row.liveEnabled(),
                applications.providers(applicationId),
                apiKeys.summaries(applicationId),
                row.createdAt());
    }

    /** Issues a new key pair; earlier pairs of that environment stay valid for the rotation overlap (D9). */
    @Transactional
    public IssuedKeys issueKeys(UUID applicationId, Environment environment) {
        applications.findForUpdate(applicationId).orElseThrow(() -> ApiException.notFound("No such application"));
        Instant now = clock.instant();
        IssuedKeys keys = apiKeys.issue(
                applicationId, environment, now.plus(properties.keys().rotationOverlap()));
        caches.forget();
        return keys;
    }

    /** The plain secrets valid now for signing, newest first. */
    public List<String> activeSecrets(UUID applicationId, Environment environment) {
        return apiKeys.activeSecrets(applicationId, environment);
    }

    /** What stops an application from going live (D16); empty when nothing does. */
    List<String> liveBlockers(UUID applicationId, String webhookUrl) {
        List<String> unmet = new ArrayList<>();
        applications
                .find(applicationId)
                .flatMap(row -> merchants.approval(row.merchantId()))
                .ifPresent(approval -> {
                    if (approval.withdrawn()) {
                        unmet.add("the operator has withdrawn this account's approval for live payments");
                    } else if (!approval.approved()) {
                        unmet.add("self-service accounts are sandbox-only until the operator approves them");
                    }
                });
        if (database.embedded() && !platform.live().allowEmbeddedDatabase()) {
            unmet.add("live mode needs PostgreSQL; the embedded database is for sandbox work");
        }
        if (webhookUrl == null || !webhookUrl.regionMatches(true, 0, "https://", 0, 8)) {
            unmet.add("an https webhook_url is required");
        }
        if (apiKeys.activePublicKeys(applicationId, Environment.LIVE).isEmpty()) {
            unmet.add("live keys must be issued first");
        }
        Set<Provider> live = applications.providers(applicationId, Environment.LIVE);
        if (live.isEmpty()) {
            unmet.add("at least one provider must be activated for live");
        }
        // Every provider it offers in live needs an account to collect into: its own, or the installation's.
        for (Provider provider : live) {
            if (!providers.liveAvailable(applicationId, provider)) {
                unmet.add("a working connection to the provider is required (" + provider + ")");
            }
        }
        return unmet;
    }

    private void insertWithFreshEndpointKey(
            UUID id, UUID merchantId, String name, String webhook, String success, String failure, Instant now) {
        // 80 random bits make a collision practically impossible; the unique index makes it certain.
        for (int attempt = 0; ; attempt++) {
            try {
                applications.insert(new Applications.Row(
                        id, merchantId, name, RandomTokens.base32Lower(16), webhook, success, failure, false, now));
                return;
            } catch (DuplicateKeyException e) {
                if (attempt >= 3) {
                    throw e;
                }
            }
        }
    }

    private String checkWebhookUrl(String url, boolean requireHttps, Map<String, List<String>> errors) {
        if (url == null) {
            return null;
        }
        List<String> problems = webhookUrls.check(url, requireHttps);
        if (!problems.isEmpty()) {
            errors.put("webhook_url", problems);
        }
        return url;
    }

    private static String checkRedirect(String field, String url, Map<String, List<String>> errors) {
        if (url == null) {
            return null;
        }
        Optional<String> problem = RedirectUrls.problem(url);
        problem.ifPresent(p -> errors.put(field, List.of(p)));
        return url;
    }

    private static String requireName(String name, Map<String, List<String>> errors) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty()) {
            errors.put("name", List.of("is required"));
        } else if (clean.codePointCount(0, clean.length()) > MAX_NAME) {
            errors.put("name", List.of("must be at most " + MAX_NAME + " characters"));
        }
        return clean;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
