package sn.xaalis.merchant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.StartBanner;
import sn.xaalis.provider.Provider;

/**
 * On the embedded database, a first start creates a demo merchant with one sandbox application, and
 * every start prints how to use it, with what other modules add ({@link StartBanner}: the console, e-mail).
 * Only sandbox keys are ever printed, and the demo password only while it is still the first one.
 */
@Component
class DemoSeed {

    static final String DEMO_EMAIL = "demo@xaalis.local";
    private static final String PASSWORD_FILE = "demo-password.txt";

    private final MerchantSignUp signUp;
    private final ApplicationCreation creation;
    private final MerchantApplications readable;
    private final KeyIssuance keys;
    private final JdbcClient jdbc;
    private final PlatformProperties platform;
    private final MerchantDatabase.Use databaseUse;
    private final PublicBaseUrl publicBaseUrl;
    private final ObjectProvider<StartBanner> banners;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    DemoSeed(
            MerchantSignUp signUp,
            ApplicationCreation creation,
            MerchantApplications readable,
            KeyIssuance keys,
            JdbcClient jdbc,
            PlatformProperties platform,
            MerchantDatabase.Use databaseUse,
            PublicBaseUrl publicBaseUrl,
            ObjectProvider<StartBanner> banners) {
        this.signUp = signUp;
        this.creation = creation;
        this.readable = readable;
        this.keys = keys;
        this.jdbc = jdbc;
        this.platform = platform;
        this.databaseUse = databaseUse;
        this.publicBaseUrl = publicBaseUrl;
        this.banners = banners;
    }

    @EventListener(ApplicationReadyEvent.class)
    void seedAndPrint() {
        if (!databaseUse.seedsDemo()) {
            return;
        }
        ApplicationId applicationId = demoApplication();
        if (applicationId == null) {
            applicationId = seed();
        }
        print(applicationId);
    }

    private @Nullable ApplicationId demoApplication() {
        return jdbc.sql("SELECT a.id FROM applications a JOIN merchants m ON m.id = a.merchant_id"
                        + " WHERE m.email = :email ORDER BY a.created_at LIMIT 1")
                .param("email", DEMO_EMAIL)
                .query((rs, n) -> ApplicationId.from(rs, "id"))
                .optional()
                .orElse(null);
    }

    private ApplicationId seed() {
        String password = RandomTokens.base62(16);
        var merchant = signUp.createMerchant("Demo Shop", DEMO_EMAIL, password);
        writePassword(password);
        var application = creation.createApplication(
                merchant.id(),
                new NewApplicationRequest("Demo Shop (sandbox)", null, null, null, EnumSet.allOf(Provider.class)));
        return application.application().id();
    }

    private void print(ApplicationId applicationId) {
        ApplicationDetails app = readable.operatorDetails(applicationId);
        String secret = keys.activeSecrets(applicationId, Environment.SANDBOX).stream()
                .findFirst()
                .orElse("(none active: issue new sandbox keys)");
        String apiKey = app.keys().stream()
                .filter(k -> k.environment() == Environment.SANDBOX)
                .reduce((first, second) -> second)
                .map(ApplicationDetails.KeySummary::apiKey)
                .orElse("(none)");
        String base = publicBaseUrl.value();
        StringBuilder others = new StringBuilder();
        banners.orderedStream()
                .flatMap(banner -> banner.bannerLines().stream())
                .forEach(line -> others.append("  %-14s %s%n".formatted(line.label(), line.value())));
        // Deliberately printed, not logged: these are demo sandbox credentials for the person who started us
        // (and, while no operator exists, the single-use link that makes the first one).
        System.out.println(
                """

                ──────────────────────────── Xaalis is running (sandbox demo) ────────────────────────────
                  Portal         %s/portal   (sign in as %s, %s)
                  API base       %s/api/v1/%s
                  X-Api-Key      %s
                  X-Api-Secret   %s
                %s  Try it         see README.md, "Walk-through"
                ──────────────────────────────────────────────────────────────────────────────────────────
                """
                        .formatted(base, DEMO_EMAIL, passwordLine(), base, app.endpointKey(), apiKey, secret, others));
    }

    /** The first password, only while it still opens the account: one changed since is the holder's own. */
    private String passwordLine() {
        String first = readPassword();
        String hash = jdbc.sql("SELECT password_hash FROM merchants WHERE email = :email")
                .param("email", DEMO_EMAIL)
                .query(String.class)
                .optional()
                .orElse(null);
        if (first == null || hash == null || !passwords.matches(first, hash)) {
            return "password changed since the first start: use yours, or \"Forgot your password?\"";
        }
        return "password: " + first;
    }

    private Path passwordFile() {
        return platform.dataDir().resolve(PASSWORD_FILE);
    }

    private void writePassword(String password) {
        try {
            Files.createDirectories(platform.dataDir());
            Files.writeString(passwordFile(), password + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the demo password file", e);
        }
    }

    private @Nullable String readPassword() {
        try {
            return Files.readString(passwordFile(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        }
    }
}
