package sn.xaalis.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The contract check must be able to fail: answers that depart from the description in one way each
 * (a missing field, an extra one, a wrong format, an undeclared status, a missing header) are caught.
 */
class ApiContractTest {

    private static final ApiContract CONTRACT = ApiContract.description();
    private static final String INITIATE = "/api/v1/abcdefghijklmnop/payments/initiate/";
    private static final String STATUS = "/api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/status/";

    private static ObjectNode initiated() {
        ObjectNode body = Api.JSON.createObjectNode();
        body.put("transaction_uuid", "0193a6b2-7c1e-7d3a-9f4e-2b8c6d1e0f9a");
        body.put("reference", "SVC-AB12CD34");
        body.put("provider", "WALLET_SN");
        body.put("environment", "sandbox");
        body.put("amount", "1500.00");
        body.put("currency", "XOF");
        body.put("status", "PROCESSING");
        body.putObject("deep_links").put("WALLET", "http://localhost:8080/sandbox/checkout/SVC-AB12CD34?app=WALLET");
        body.put(
                "qr_code",
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==");
        body.put("provider_reference", "sbx_0123456789abcdef01234567");
        body.put("expires_at", "2026-11-22T08:57:45.123400Z");
        body.putObject("metadata").put("order", "o-1");
        body.put("created_at", "2026-11-22T08:42:45.123400Z");
        return body;
    }

    private static ObjectNode status() {
        ObjectNode body = Api.JSON.createObjectNode();
        body.put("transaction_uuid", "0193a6b2-7c1e-7d3a-9f4e-2b8c6d1e0f9a");
        body.put("reference", "SVC-AB12CD34");
        body.put("provider", "MOBILEMONEY_SN");
        body.put("environment", "sandbox");
        body.put("amount", "1500.00");
        body.put("currency", "XOF");
        body.put("status", "SUCCESS");
        body.put("provider_reference", "sbx_0123456789abcdef01234567");
        body.put("paid_at", "2026-11-22T08:43:00.000000Z");
        body.putNull("expired_at");
        body.putNull("error_message");
        body.putObject("metadata");
        body.put("fee", "23.00");
        body.put("net_amount", "1477.00");
        ObjectNode links = body.putObject("deep_links");
        links.put("MM", "https://pay.example/mm");
        links.put("APP2", "https://pay.example/app2");
        body.put("created_at", "2026-11-22T08:42:45.123400Z");
        body.put("expires_at", "2026-11-22T08:57:45.123400Z");
        return body;
    }

    private static Map<String, String> headers(String... extra) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("ratelimit-limit", "200");
        headers.put("ratelimit-remaining", "199");
        headers.put("ratelimit-reset", "1");
        for (int i = 0; i < extra.length; i += 2) {
            headers.put(extra[i].toLowerCase(java.util.Locale.ROOT), extra[i + 1]);
        }
        return headers;
    }

    private static Api.Response response(int status, Map<String, String> headers, Object body) {
        return new Api.Response(status, headers, body.toString());
    }

    private static String error(int status, String reason, String timestamp) {
        return "{\"status\":" + status + ",\"error\":\"" + reason + "\",\"message\":\"m\",\"timestamp\":\"" + timestamp
                + "\",\"errors\":{}}";
    }

    @Test
    void conformingAnswersPass() {
        assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers(), initiated())))
                .isEmpty();
        assertThat(CONTRACT.problems(
                        "POST",
                        "/api/v1/abcdefghijklmnop/payments/initiate",
                        response(201, headers("Idempotent-Replayed", "true"), initiated())))
                .isEmpty();
        assertThat(CONTRACT.problems("GET", STATUS, response(200, headers(), status())))
                .isEmpty();
        assertThat(CONTRACT.problems(
                        "GET",
                        STATUS,
                        response(404, headers(), error(404, "Not Found", "2026-11-22T08:42:45.123+00:00"))))
                .isEmpty();
    }

    @Test
    void aMissingRequiredFieldFails() {
        ObjectNode body = initiated();
        body.remove("qr_code");
        assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers(), body)))
                .singleElement()
                .asString()
                .contains("qr_code");
    }

    @Test
    void aFieldThatMustBePresentAsNullFailsWhenOmitted() {
        ObjectNode body = status();
        body.remove("expired_at");
        assertThat(CONTRACT.problems("GET", STATUS, response(200, headers(), body)))
                .singleElement()
                .asString()
                .contains("expired_at");
    }

    @Test
    void theFeeAndNetAmountAreAmountsOrNullAndAlwaysPresent() {
        ObjectNode processing = status();
        processing.putNull("fee");
        processing.putNull("net_amount");
        assertThat(CONTRACT.problems("GET", STATUS, response(200, headers(), processing)))
                .isEmpty();
        ObjectNode number = status();
        number.put("fee", 23);
        ObjectNode noCents = status();
        noCents.put("net_amount", "1477");
        ObjectNode omitted = status();
        omitted.remove("fee");
        for (ObjectNode body : List.of(number, noCents, omitted)) {
            assertThat(CONTRACT.problems("GET", STATUS, response(200, headers(), body)))
                    .as(body.toString())
                    .isNotEmpty();
        }
    }

    @Test
    void anEchoedRequestFieldFails() {
        ObjectNode body = initiated();
        body.put("customer_phone", "+221771234567");
        assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers(), body)))
                .isNotEmpty()
                .anySatisfy(p -> assertThat(p).contains("customer_phone"));
    }

    @Test
    void wrongFormatsFail() {
        ObjectNode amount = initiated();
        amount.put("amount", "1500");
        ObjectNode created = initiated();
        created.put("created_at", "2026-11-22T08:42:45.123Z");
        ObjectNode uuid = initiated();
        uuid.put("transaction_uuid", "not-a-uuid");
        ObjectNode dataUrl = initiated();
        dataUrl.put("qr_code", "data:image/png;base64,iVBORw0KGgo=");
        for (ObjectNode body : List.of(amount, created, uuid, dataUrl)) {
            assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers(), body)))
                    .as(body.toString())
                    .isNotEmpty();
        }
        assertThat(CONTRACT.problems(
                        "GET", STATUS, response(404, headers(), error(404, "Not Found", "2026-11-22T08:42:45.123Z"))))
                .as("the error timestamp carries a numeric offset, never Z")
                .isNotEmpty();
    }

    @Test
    void deepLinksMustMatchTheProvider() {
        ObjectNode wallet = initiated();
        wallet.putObject("deep_links").put("MM", "https://pay.example/mm");
        assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers(), wallet)))
                .anySatisfy(p -> assertThat(p).contains("WALLET"));
        ObjectNode mobileMoney = status();
        ((ObjectNode) mobileMoney.get("deep_links")).remove("APP2");
        assertThat(CONTRACT.problems("GET", STATUS, response(200, headers(), mobileMoney)))
                .anySatisfy(p -> assertThat(p).contains("APP2"));
    }

    @Test
    void anUndeclaredStatusFails() {
        assertThat(CONTRACT.problems(
                        "GET",
                        STATUS,
                        response(422, headers(), error(422, "Unprocessable Content", "2026-11-22T08:42:45.123+00:00"))))
                .singleElement()
                .asString()
                .contains("status 422 is not declared for getPaymentStatus");
    }

    @Test
    void aMissingRequiredHeaderFails() {
        Map<String, String> headers = headers();
        headers.remove("ratelimit-remaining");
        assertThat(CONTRACT.problems("POST", INITIATE, response(201, headers, initiated())))
                .singleElement()
                .asString()
                .contains("RateLimit-Remaining");
        assertThat(CONTRACT.problems(
                        "POST",
                        INITIATE,
                        response(429, headers(), error(429, "Too Many Requests", "2026-11-22T08:42:45.123+00:00"))))
                .singleElement()
                .asString()
                .contains("Retry-After");
        assertThat(CONTRACT.problems(
                        "POST", INITIATE, response(201, headers("Idempotent-Replayed", "yes"), initiated())))
                .singleElement()
                .asString()
                .contains("Idempotent-Replayed");
    }

    @Test
    void undescribedPathsAndMethodsMustBeErrors() {
        String body = error(405, "Method Not Allowed", "2026-11-22T08:42:45.123+00:00");
        assertThat(CONTRACT.problems("DELETE", INITIATE, response(405, headers("Allow", "POST"), body)))
                .isEmpty();
        assertThat(CONTRACT.problems("DELETE", INITIATE, response(405, headers(), body)))
                .singleElement()
                .asString()
                .contains("Allow");
        assertThat(CONTRACT.problems("GET", "/api/v1/abcdefghijklmnop/nothing", response(200, headers(), "{}")))
                .isNotEmpty();
    }

    @Test
    void theCheckThrowsWithTheDetail() {
        ObjectNode body = initiated();
        body.put("status", "SUCCESS");
        assertThatThrownBy(() -> CONTRACT.check("POST", INITIATE, response(201, headers(), body)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("/status must be the constant value 'PROCESSING'")
                .hasMessageContaining("\"status\":\"SUCCESS\"");
    }

    private static String notification(ObjectNode data) {
        return "{\"id\":\"SVC-AB12CD34:SUCCESS\",\"event\":\"transaction.success\",\"environment\":\"sandbox\","
                + "\"created_at\":\"2026-11-22T08:43:00.000000Z\",\"data\":" + data + "}";
    }

    @Test
    void notificationsAreCheckedAgainstTheWebhookEntry() {
        ObjectNode data = status();
        data.remove(List.of("deep_links", "created_at", "expires_at"));
        Map<String, String> headers = Map.of(
                "content-type", "application/json",
                "user-agent", "SVC-Webhook/1.0",
                "x-svc-event", "transaction.success",
                "x-svc-signature", "t=1763800980,v1=" + "ab".repeat(32));
        assertThat(CONTRACT.notificationProblems(headers, notification(data))).isEmpty();

        Map<String, String> unsigned = new LinkedHashMap<>(headers);
        unsigned.remove("x-svc-signature");
        assertThat(CONTRACT.notificationProblems(unsigned, notification(data)))
                .singleElement()
                .asString()
                .contains("X-SVC-Signature");

        ObjectNode withStatusFields = data.deepCopy();
        withStatusFields.put("created_at", "2026-11-22T08:42:45.123400Z");
        assertThat(CONTRACT.notificationProblems(headers, notification(withStatusFields)))
                .as("data carries exactly the payment fields")
                .isNotEmpty();
        data.remove("error_message");
        assertThat(CONTRACT.notificationProblems(headers, notification(data)))
                .singleElement()
                .asString()
                .contains("error_message");
    }
}
