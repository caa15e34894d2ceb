package sn.xaalis.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

/**
 * The public pages' own budgets (D29) besides the links' (PaymentLinkBudgetsIT): the hosted page's
 * actions per payment and per address, sign-in attempts per address; client addresses from
 * X-Forwarded-For, which only a trusted proxy (here the tests' loopback) may set.
 */
@IntegrationTest
@TestPropertySource(
        properties = {
            "xaalis.public-limits.hosted-page-per-payment=4/1m",
            "xaalis.public-limits.hosted-page-per-address=6/1m",
            "xaalis.public-limits.sign-in-per-address=3/1m"
        })
class PublicBudgetsIT extends ApiIntegrationTest {

    @Test
    void theHostedPagesActionsHaveABudgetPerPaymentAndPerAddress() {
        Api.Merchant merchant = api.onboardBoth();
        String reference = api.newPayment(merchant);
        for (int i = 0; i < 4; i++) {
            assertThat(status(reference, "203.0.113.50").status()).isEqualTo(200);
        }
        Api.Response perPayment = status(reference, "203.0.113.51");
        assertThat(perPayment.status())
                .as("this payment's budget, whoever asks")
                .isEqualTo(429);
        assertThat(perPayment.header("Retry-After")).isNotBlank();

        String other = api.newPayment(merchant);
        assertThat(status(other, "203.0.113.50").status()).isEqualTo(200);
        assertThat(status(other, "203.0.113.50").status()).isEqualTo(200);
        Api.Response perAddress =
                api.send("GET", "/pay/" + other + "/continue", Map.of("X-Forwarded-For", "203.0.113.50"), null);
        assertThat(perAddress.status())
                .as("that address's budget, whatever payment")
                .isEqualTo(429);
        assertThat(perAddress.header("Retry-After")).isNotBlank();
    }

    @Test
    void signInAttemptsHaveABudgetPerAddressBeforeAnyPasswordIsChecked() {
        String email = "budget" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        PortalSession flood = new PortalSession(port).forwardedFor("198.51.100.77");
        for (int i = 0; i < 3; i++) {
            assertThat(flood.signIn(email, "wrong password " + i)
                            .headers()
                            .firstValue("Location")
                            .orElseThrow())
                    .endsWith("/portal/login?error");
        }
        assertThat(flood.signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .as("even the right password: the address is out of attempts")
                .endsWith("/portal/login?throttled");
        assertThat(new PortalSession(port)
                        .forwardedFor("198.51.100.78")
                        .signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .as("another address signs in")
                .endsWith("/portal/dashboard");
    }

    private Api.Response status(String reference, String address) {
        return api.send("GET", "/pay/" + reference + "/status", Map.of("X-Forwarded-For", address), null);
    }
}
