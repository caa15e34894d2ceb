package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PlatformProperties;

/**
 * Issue 48 item 14: live mode missing PostgreSQL is the operator's to fix, so it is told in the log at
 * start-up (merchants read only that live mode is not available on this server yet).
 */
@ExtendWith(OutputCaptureExtension.class)
class MerchantDatabaseTest {

    private static final MerchantProperties MERCHANTS = new MerchantProperties(
            new MerchantProperties.Keys(Duration.ofHours(24), Duration.ofSeconds(5)),
            new MerchantProperties.Demo(null));

    @Test
    void theEmbeddedDatabaseWithoutLiveTellsTheOperatorWhy(CapturedOutput output) {
        MerchantDatabase.Use use = new MerchantDatabase().databaseUse(new Database(true), platform(false), MERCHANTS);
        assertThat(use.allowsLive()).isFalse();
        assertThat(output.getAll())
                .contains("Live mode is unavailable: it needs PostgreSQL")
                .contains("xaalis.live.allow-embedded-database=true");
    }

    @Test
    void postgresqlOrALabThatAllowsItSaysNothing(CapturedOutput output) {
        assertThat(new MerchantDatabase()
                        .databaseUse(new Database(false), platform(false), MERCHANTS)
                        .allowsLive())
                .isTrue();
        assertThat(new MerchantDatabase()
                        .databaseUse(new Database(true), platform(true), MERCHANTS)
                        .allowsLive())
                .isTrue();
        assertThat(output.getAll()).doesNotContain("Live mode is unavailable");
    }

    private static PlatformProperties platform(boolean allowEmbedded) {
        return new PlatformProperties(
                "http://localhost:8080",
                Path.of("./data"),
                new PlatformProperties.Live(allowEmbedded),
                new PlatformProperties.WebhookEgress(List.of()));
    }
}
