package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class PaymentStatusIT extends ApiIntegrationTest {

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void statusCarriesTheNotificationFieldsWithNullsPresent() {
        JsonNode initiated = api.initiate(
                        merchant,
                        "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"300\",\"metadata\":{\"cart\":\"c-1\"}}")
                .json();
        String reference = initiated.get("reference").stringValue();

        Api.Response response = api.status(merchant, reference);

        assertThat(response.status()).isEqualTo(200);
        JsonNode json = response.json();
        assertThat(fieldNames(json))
                .containsExactly(
                        "transaction_uuid",
                        "reference",
                        "provider",
                        "environment",
                        "amount",
                        "currency",
                        "status",
                        "provider_reference",
                        "paid_at",
                        "expired_at",
                        "error_message",
                        "metadata",
                        "fee",
                        "net_amount",
                        "deep_links",
                        "created_at",
                        "expires_at");
        for (String same : new String[] {
            "transaction_uuid",
            "reference",
            "provider",
            "environment",
            "amount",
            "currency",
            "status",
            "provider_reference",
            "created_at",
            "expires_at"
        }) {
            assertThat(json.get(same)).as(same).isEqualTo(initiated.get(same));
        }
        assertThat(json.get("deep_links")).isEqualTo(initiated.get("deep_links"));
        assertThat(json.get("amount").stringValue()).isEqualTo("300.00");
        assertThat(json.get("paid_at").isNull()).isTrue();
        assertThat(json.get("expired_at").isNull()).isTrue();
        assertThat(json.get("error_message").isNull()).isTrue();
        assertThat(json.get("fee").isNull()).isTrue();
        assertThat(json.get("net_amount").isNull()).isTrue();
        assertThat(response.body()).contains("\"metadata\":{\"cart\":\"c-1\"}");
        assertThat(response.body()).doesNotContain("qr_code");
    }

    @Test
    void statusAndListAnswersAreSizedNotChunked() {
        String reference = api.newPayment(merchant);

        for (Api.Response response :
                List.of(api.status(merchant, reference), api.get(merchant, "/payments/?limit=5"))) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Content-Type")).isEqualTo("application/json");
            // One write for the whole answer: its length is known, so no chunked encoding.
            assertThat(response.header("Transfer-Encoding")).isNull();
            assertThat(response.header("Content-Length"))
                    .isEqualTo(Integer.toString(response.body().getBytes(StandardCharsets.UTF_8).length));
        }
    }

    @Test
    void anAnswerOnlyInAnotherFormatIs406() {
        String reference = api.newPayment(merchant);
        var html = new java.util.HashMap<>(merchant.headers());
        html.put("Accept", "text/html");
        String base = "/api/v1/" + merchant.endpointKey();

        assertThat(api.send("GET", base + "/payments/" + reference + "/status/", html, null)
                        .status())
                .isEqualTo(406);
        assertThat(api.send("GET", base + "/payments/", html, null).status()).isEqualTo(406);
        html.put("Accept", "application/json, text/html;q=0.5");
        assertThat(api.send("GET", base + "/payments/" + reference + "/status/", html, null)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void unknownReferenceIs404() {
        Api.Response response = api.status(merchant, "SVC-ZZZZZZZZ");
        assertThat(response.status()).isEqualTo(404);
        assertErrorBody(response.json(), 404, "Not Found");
    }

    @Test
    void malformedReferenceIs404() {
        assertThat(api.status(merchant, "not-a-reference").status()).isEqualTo(404);
    }

    @Test
    void anotherApplicationsPaymentIs404() {
        String reference = api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}")
                .json()
                .get("reference")
                .stringValue();
        Api.Merchant other = api.onboardBoth();
        Api.Response response = api.status(other, reference);
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body()).doesNotContain(reference);
    }

    @Test
    void anotherApplicationsKeysOnThisEndpointAre401() {
        Api.Merchant other = api.onboardBoth();
        Api.Merchant crossed = merchant.withKeys(other.apiKey(), other.apiSecret());
        assertThat(api.status(crossed, "SVC-ZZZZZZZZ").status()).isEqualTo(401);
    }
}
