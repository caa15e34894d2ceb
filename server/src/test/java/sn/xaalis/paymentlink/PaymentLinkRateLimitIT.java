package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/** A link's customers spend the request budget of its application and environment, the API's own. */
@IntegrationTest
@TestPropertySource(properties = "xaalis.rate-limit.requests-per-second=1")
class PaymentLinkRateLimitIT extends ApiIntegrationTest {

    @Autowired
    MutableClock clock;

    @Test
    void customersAndTheApiShareOneBucket() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        clock.freeze();

        String code = links.code(merchant, "{\"amount\":\"1000\"}");
        assertThat(links.pay(code, "fr", Map.of("provider", "WALLET_SN")).statusCode())
                .isEqualTo(303);

        HttpResponse<String> busy = links.pay(code, "fr", Map.of("provider", "WALLET_SN"));
        assertThat(busy.statusCode()).isEqualTo(429);
        assertThat(busy.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(busy.body()).contains("Trop de demandes");
        assertThat(api.get(merchant, "/payments/").status())
                .as("the page spent the API's tokens")
                .isEqualTo(429);

        clock.advance(Duration.ofSeconds(1));
        assertThat(links.pay(code, "fr", Map.of("provider", "WALLET_SN")).statusCode())
                .isEqualTo(303);
    }
}
