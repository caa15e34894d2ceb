package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/**
 * The fee a payment's SUCCESS takes, as the merchant sees it: {@code fee} and {@code net_amount} on the
 * status, in the list and in the webhook's data, the same as the ledger's balance transaction; null
 * before SUCCESS; kept when the payment is refunded.
 */
@IntegrationTest
class PaymentFeesIT extends ApiIntegrationTest {

    @Autowired
    MutableClock clock;

    @Test
    void aSuccessCarriesItsFeeAndNetOnTheStatusTheListAndTheWebhook() throws Exception {
        Api.Merchant merchant = api.onboardBoth();
        assertThat(api.admin(
                                "PUT",
                                "/merchants/" + merchant.merchantId() + "/pricing",
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\","
                                        + "\"max\":null}}}")
                        .status())
                .isEqualTo(200);
        try (var receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");

            JsonNode processing = api.status(merchant, reference).json();
            assertThat(processing.get("fee").isNull()).isTrue();
            assertThat(processing.get("net_amount").isNull()).isTrue();

            var simulated = api.simulate(merchant, reference, "SUCCESS");
            assertThat(simulated.status()).isEqualTo(200);
            // 1.5 % of 1500 is 22.5, rounded half up to 23 francs.
            assertThat(simulated.json().get("fee").stringValue()).isEqualTo("23.00");
            assertThat(simulated.json().get("net_amount").stringValue()).isEqualTo("1477.00");

            JsonNode status = api.status(merchant, reference).json();
            assertThat(status.get("fee").stringValue()).isEqualTo("23.00");
            assertThat(status.get("net_amount").stringValue()).isEqualTo("1477.00");

            JsonNode listed = api.get(merchant, "/payments/?status=SUCCESS")
                    .json()
                    .get("data")
                    .get(0);
            assertThat(listed.get("reference").stringValue()).isEqualTo(reference);
            assertThat(listed.get("fee").stringValue()).isEqualTo("23.00");
            assertThat(listed.get("net_amount").stringValue()).isEqualTo("1477.00");

            JsonNode line = api.get(merchant, "/balance/transactions")
                    .json()
                    .get("data")
                    .get(0);
            assertThat(line.get("fee").stringValue()).isEqualTo("23.00");
            assertThat(line.get("net").stringValue()).isEqualTo("1477.00");

            var hook = receiver.await(r -> !r.isEmpty(), Duration.ofSeconds(20)).getFirst();
            JsonNode data = Api.JSON.readTree(hook.body()).get("data");
            assertThat(data.get("status").stringValue()).isEqualTo("SUCCESS");
            assertThat(data.get("fee").stringValue()).isEqualTo("23.00");
            assertThat(data.get("net_amount").stringValue()).isEqualTo("1477.00");
        }
    }

    @Test
    void aRefundKeepsTheFeeThePaymentTookAndAFailureHasNone() {
        Api.Merchant merchant = api.onboardBoth();
        api.admin(
                "PUT",
                "/merchants/" + merchant.merchantId() + "/pricing",
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"0\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}}}");
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"700\"}");
        api.simulate(merchant, reference, "SUCCESS");
        var refunded = api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refunded.status()).as(refunded.body()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(refunded.json().get("fee").stringValue()).isEqualTo("0.00");
        assertThat(refunded.json().get("net_amount").stringValue()).isEqualTo("700.00");

        String failed = api.newPayment(merchant);
        api.simulate(merchant, failed, "FAILED");
        JsonNode status = api.status(merchant, failed).json();
        assertThat(status.get("fee").isNull()).isTrue();
        assertThat(status.get("net_amount").isNull()).isTrue();
    }
}
