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

/**
 * A link's page has budgets of its own (D29): per client address and per link, never the merchant's API
 * budget; an invalid form spends no provider session's worth, and a merchant may cap a link per hour.
 * Addresses come from X-Forwarded-For, which the tests' loopback connections are trusted to set.
 */
@IntegrationTest
@TestPropertySource(
        properties = {
            "xaalis.rate-limit.requests-per-second=3",
            "xaalis.public-limits.link-payments-per-address=3/1m",
            "xaalis.public-limits.link-payments-per-link=5/1m"
        })
class PaymentLinkBudgetsIT extends ApiIntegrationTest {

    private static final Map<String, String> VALID = Map.of("provider", "WALLET_SN");

    @Autowired
    MutableClock clock;

    @Test
    void aFloodingAddressIsRefusedByTheLinksBudgetsAndTheMerchantsApiNeverNotices() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        clock.freeze();
        String code = links.code(merchant, "{\"amount\":\"1000\"}");

        for (int i = 0; i < 3; i++) {
            assertThat(pay(links, code, "203.0.113.10", VALID).statusCode()).isEqualTo(303);
        }
        HttpResponse<String> busy = pay(links, code, "203.0.113.10", VALID);
        assertThat(busy.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(busy.headers().firstValue("Retry-After").orElseThrow()))
                .isPositive();
        assertThat(busy.body()).contains("Trop de demandes");
        assertThat(api.get(merchant, "/payments/").status())
                .as("the merchant's API keeps its own budget")
                .isEqualTo(200);

        // Another customer is not that address; but the link's own budget (5) holds for everyone.
        assertThat(pay(links, code, "203.0.113.11", VALID).statusCode()).isEqualTo(303);
        assertThat(pay(links, code, "203.0.113.12", VALID).statusCode()).isEqualTo(303);
        assertThat(pay(links, code, "203.0.113.13", VALID).statusCode()).isEqualTo(429);
        assertThat(api.get(merchant, "/payments/?limit=100").json().get("data").size())
                .as("no more payments than the link's budget")
                .isEqualTo(5);

        clock.advance(Duration.ofMinutes(1));
        assertThat(pay(links, code, "203.0.113.10", VALID).statusCode()).isEqualTo(303);
    }

    @Test
    void anInvalidFormSpendsTheAddressesBudgetButNotTheLinks() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        clock.freeze();
        String code = links.code(merchant, "{\"amount\":\"1000\"}");
        for (int i = 0; i < 5; i++) {
            String address = "198.51.100." + (20 + i);
            assertThat(pay(links, code, address, Map.of()).statusCode())
                    .as("no provider chosen")
                    .isEqualTo(400);
        }
        for (int i = 0; i < 5; i++) {
            assertThat(pay(links, code, "198.51.100." + (40 + i), VALID).statusCode())
                    .as("the link's budget is whole")
                    .isEqualTo(303);
        }
        assertThat(api.get(merchant, "/payments/?limit=100").json().get("data").size())
                .isEqualTo(5);
    }

    @Test
    void aMerchantCapsALinksPaymentsPerHour() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        clock.freeze();
        var link = links.created(merchant, "{\"amount\":\"1000\",\"max_payments_per_hour\":2}");
        assertThat(link.get("max_payments_per_hour").intValue()).isEqualTo(2);
        String code = link.get("code").stringValue();
        assertThat(pay(links, code, "192.0.2.1", VALID).statusCode()).isEqualTo(303);
        assertThat(pay(links, code, "192.0.2.2", VALID).statusCode()).isEqualTo(303);
        assertThat(pay(links, code, "192.0.2.3", VALID).statusCode()).isEqualTo(429);
        clock.advance(Duration.ofMinutes(30));
        assertThat(pay(links, code, "192.0.2.4", VALID).statusCode())
                .as("one back after half an hour")
                .isEqualTo(303);

        Api.Response refused = links.create(merchant, "{\"amount\":\"1000\",\"max_payments_per_hour\":0}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("max_payments_per_hour").toString())
                .contains("must be 1 to 100000");
        assertThat(links.create(merchant, "{\"amount\":\"1000\",\"max_payments_per_hour\":\"ten\"}")
                        .json()
                        .get("errors")
                        .get("max_payments_per_hour")
                        .toString())
                .contains("must be a whole number");
    }

    private static HttpResponse<String> pay(Links links, String code, String address, Map<String, String> form) {
        return links.pay(code, "fr", form, Map.of("Sec-Fetch-Site", "same-origin", "X-Forwarded-For", address));
    }
}
