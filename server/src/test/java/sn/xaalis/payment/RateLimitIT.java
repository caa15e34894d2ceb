package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;

@IntegrationTest
@TestPropertySource(properties = "xaalis.rate-limit.requests-per-second=1")
class RateLimitIT extends ApiIntegrationTest {

    @Autowired
    MutableClock clock;

    @Test
    void burstOfTwiceTheRateThen429WithRetryAfterAndTheErrorBody() {
        Api.Merchant merchant = api.onboardBoth();
        Api.Merchant neighbour = api.onboardBoth();
        clock.freeze();

        Api.Response first = api.status(merchant, "SVC-AAAAAAAA");
        assertThat(first.status()).isEqualTo(404);
        assertThat(first.header("RateLimit-Limit")).isEqualTo("2");
        assertThat(first.header("RateLimit-Remaining")).isEqualTo("1");
        assertThat(api.status(merchant, "SVC-AAAAAAAA").status()).isEqualTo(404);

        Api.Response limited = api.status(merchant, "SVC-AAAAAAAA");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.header("Retry-After")).isEqualTo("1");
        assertThat(limited.header("RateLimit-Remaining")).isEqualTo("0");
        sn.xaalis.support.ApiAssertions.assertErrorBody(limited.json(), 429, "Too Many Requests");

        assertThat(api.status(neighbour, "SVC-AAAAAAAA").status())
                .as("limits are per application")
                .isEqualTo(404);

        clock.advance(Duration.ofSeconds(1));
        assertThat(api.status(merchant, "SVC-AAAAAAAA").status()).isEqualTo(404);
    }

    @Test
    void everyRefusalIsCounted() {
        Api.Merchant merchant = api.onboardBoth();
        clock.freeze();
        double before = Metrics.scrape(api).sum("xaalis_rate_limit_refusals_total", java.util.Map.of());
        int refused = 0;
        for (int i = 0; i < 5; i++) {
            if (api.status(merchant, "SVC-AAAAAAAA").status() == 429) {
                refused++;
            }
        }
        assertThat(refused).isEqualTo(3);
        double after = Metrics.scrape(api).sum("xaalis_rate_limit_refusals_total", java.util.Map.of());
        assertThat(after - before).isEqualTo(3);
    }
}
