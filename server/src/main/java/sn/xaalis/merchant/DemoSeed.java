package sn.xaalis.merchant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.Provider;

/**
 * On the embedded database, a first start creates a demo merchant with one sandbox application, and
 * every start prints how to use it. Only sandbox keys are ever printed.
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

    DemoSeed(
            MerchantSignUp signUp,
            ApplicationCreation creation,
            MerchantApplications readable,
            KeyIssuance keys,
            JdbcClient jdbc,
            PlatformProperties platform,
            MerchantDatabase.Use databaseUse,
            PublicBaseUrl publicBaseUrl) {
        this.signUp = signUp;
        this.creation = creation;
        this.readable = readable;
        this.keys = keys;
        this.jdbc = jdbc;
        this.platform = platform;
        this.databaseUse = databaseUse;
        this.publicBaseUrl = publicBaseUrl;
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
        // Deliberately printed, not logged: these are demo sandbox credentials for the person who started us.
        System.out.println(
                """

                ──────────────────────────── Xaalis is running (sandbox demo) ────────────────────────────
                  Portal         %s/portal   (sign in as %s, password: %s)
                  API base       %s/api/v1/%s
                  X-Api-Key      %s
                  X-Api-Secret   %s
                  Try it         see README.md, "Walk-through"
                ──────────────────────────────────────────────────────────────────────────────────────────
                """
                        .formatted(base, DEMO_EMAIL, readPassword(), base, app.endpointKey(), apiKey, secret));
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

    private String readPassword() {
        try {
            return Files.readString(passwordFile(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "(see " + passwordFile() + ")";
        }
    }
}
