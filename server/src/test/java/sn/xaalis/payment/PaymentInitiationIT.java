package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class PaymentInitiationIT extends ApiIntegrationTest {

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void walletPaymentHasEverySpecField() {
        Api.Response response = api.initiate(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"description\":\"Order 42\","
                        + "\"customer_phone\":\"+221770000000\",\"customer_name\":\"Awa\",\"metadata\":{\"order\":42},"
                        + "\"success_url\":\"https://shop.example/ok\",\"error_url\":\"https://shop.example/ko\"}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("content-type")).startsWith("application/json");
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
                        "deep_links",
                        "qr_code",
                        "provider_reference",
                        "expires_at",
                        "metadata",
                        "created_at");
        assertThat(UUID.fromString(json.get("transaction_uuid").stringValue())).isNotNull();
        assertThat(json.get("reference").stringValue()).matches("SVC-[A-Z0-9]{8}");
        assertThat(json.get("provider").stringValue()).isEqualTo("WALLET_SN");
        assertThat(json.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(json.get("amount").isString()).isTrue();
        assertThat(json.get("amount").stringValue()).isEqualTo("1500.00");
        assertThat(json.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(json.get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(fieldNames(json.get("deep_links"))).containsExactly("WALLET");
        assertThat(json.get("deep_links").get("WALLET").stringValue())
                .isEqualTo(api.base().replace("127.0.0.1", "localhost") + "/sandbox/checkout/"
                        + json.get("reference").stringValue() + "?app=WALLET");
        assertThat(json.get("qr_code").stringValue()).doesNotStartWith("data:");
        assertThat(json.get("provider_reference").stringValue()).isNotBlank();
        assertThat(json.get("created_at").stringValue()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
        Instant created = Instant.parse(json.get("created_at").stringValue());
        assertThat(Instant.parse(json.get("expires_at").stringValue())).isEqualTo(created.plus(Duration.ofMinutes(15)));
        assertThat(json.get("metadata").toString()).isEqualTo("{\"order\":42}");
        assertThat(response.body())
                .doesNotContain("description", "Order 42", "customer_phone", "+221770000000", "customer_name", "Awa")
                .doesNotContain("success_url", "error_url", "shop.example");
    }

    @Test
    void eachProviderMayHaveItsOwnMaximum() {
        // The test configuration caps MOBILEMONEY_SN at 50,000,000.00; WALLET_SN keeps the general cap.
        assertThat(api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"60000000\"}")
                        .status())
                .isEqualTo(201);
        assertThat(api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"50000000\"}")
                        .status())
                .isEqualTo(201);
        assertThat(api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"60000000\"}")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void mobileMoneyPaymentHasBothDeepLinksAndTheQrEncodesTheFirst() throws Exception {
        Api.Response response = api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":2500}");

        assertThat(response.status()).isEqualTo(201);
        JsonNode json = response.json();
        assertThat(fieldNames(json.get("deep_links"))).containsExactly("MM", "APP2");
        assertThat(json.get("amount").stringValue()).isEqualTo("2500.00");
        String mm = json.get("deep_links").get("MM").stringValue();
        assertThat(mm).endsWith("?app=MM");
        assertThat(json.get("deep_links").get("APP2").stringValue()).endsWith("?app=APP2");

        byte[] png = Base64.getDecoder().decode(json.get("qr_code").stringValue());
        var image = ImageIO.read(new ByteArrayInputStream(png));
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        assertThat(new QRCodeReader().decode(bitmap).getText()).isEqualTo(mm);
    }

    @Test
    void metadataRoundTripsByteForByte() {
        String metadata =
                "{\"z\":1,\"a\":{\"price\":1.10,\"big\":12345678901234567890,\"list\":[[1,2],[\"é\",\"日本\",\"🙂\"]]},"
                        + "\"esc\":\"\\u00e9\\n\",\"dup\":1,\"dup\":2,  \"sp\" : [ true , null ]}";
        Api.Response initiated =
                api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"metadata\":" + metadata + "}");
        assertThat(initiated.status()).isEqualTo(201);
        assertThat(initiated.body()).contains("\"metadata\":" + metadata + ",");

        Api.Response status =
                api.status(merchant, initiated.json().get("reference").stringValue());
        assertThat(status.status()).isEqualTo(200);
        assertThat(status.body()).contains("\"metadata\":" + metadata + ",");
    }

    @Test
    void absentMetadataIsAnEmptyObject() {
        Api.Response initiated = api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}");
        assertThat(initiated.body()).contains("\"metadata\":{}");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"amount\":\"10\"} | provider | is required",
                "{\"provider\":\"ORANGE\",\"amount\":\"10\"} | provider | must be one of WALLET_SN, MOBILEMONEY_SN",
                "{\"provider\":7,\"amount\":\"10\"} | provider | must be a string",
                "{\"provider\":\"WALLET_SN\"} | amount | is required",
                "{\"provider\":\"WALLET_SN\",\"amount\":null} | amount | is required",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"0.001\"} | amount | must be at least 0.01",
                "{\"provider\":\"WALLET_SN\",\"amount\":0} | amount | must be at least 0.01",
                "{\"provider\":\"WALLET_SN\",\"amount\":-0} | amount | must be at least 0.01",
                "{\"provider\":\"WALLET_SN\",\"amount\":1e309} | amount | must be at most 100000000.00",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"12.345\"} | amount | must have at most two decimals",
                "{\"provider\":\"WALLET_SN\",\"amount\":true} | amount | must be a string or a number",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"ten\"} | amount | must be a decimal number such as \"1500.00\"",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500.50\"} | amount | MOBILEMONEY_SN accepts whole amounts only",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"50000001\"} | amount | must be at most 50000000.00",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":1500.5} | amount | MOBILEMONEY_SN accepts whole amounts only",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"9\"} | amount | must be at least 10.00",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":1} | amount | must be at least 10.00",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"currency\":\"EUR\"} | currency | must be one of XOF",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"customer_phone\":\"770000000\"} | customer_phone | must be in international format: + then 6 to 19 digits",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"customer_phone\":\"+2217700000000000000000\"} | customer_phone | must be in international format: + then 6 to 19 digits",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"metadata\":[1]} | metadata | must be a JSON object",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"metadata\":\"x\"} | metadata | must be a JSON object",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"success_url\":\"ftp://x.example\"} | success_url | must be an absolute http or https URL",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"error_url\":\"/relative\"} | error_url | must be an absolute http or https URL",
            })
    void refusesInvalidFieldsWithPerFieldDetail(String body, String field, String message) {
        Api.Response response = api.initiate(merchant, body);
        assertThat(response.status()).isEqualTo(400);
        JsonNode json = response.json();
        assertErrorBody(json, 400, "Bad Request");
        assertThat(json.get("errors").get(field).get(0).stringValue()).isEqualTo(message);
    }

    @Test
    void theOperatorsMinimumIsItsOwnAndTheWalletKeepsTheGeneralOne() {
        assertThat(api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"10\"}")
                        .status())
                .isEqualTo(201);
        assertThat(api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":10}")
                        .status())
                .isEqualTo(201);
        assertThat(api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"9\"}")
                        .status())
                .isEqualTo(201);
    }

    @Test
    void lengthLimits() {
        String ok = "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"description\":\"" + "é".repeat(500)
                + "\",\"customer_name\":\"" + "n".repeat(100) + "\",\"customer_phone\":\"+" + "1".repeat(19) + "\"}";
        assertThat(api.initiate(merchant, ok).status()).isEqualTo(201);

        Api.Response tooLong = api.initiate(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"description\":\"" + "d".repeat(501)
                        + "\",\"customer_name\":\"" + "n".repeat(101) + "\"}");
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(fieldNames(tooLong.json().get("errors"))).containsExactlyInAnyOrder("description", "customer_name");

        String bigMetadata = "{\"k\":\"" + "x".repeat(17 * 1024) + "\"}";
        Api.Response metadata = api.initiate(
                merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"metadata\":" + bigMetadata + "}");
        assertThat(metadata.status()).isEqualTo(400);
        assertThat(metadata.json().get("errors").get("metadata").get(0).stringValue())
                .isEqualTo("must be at most 16 KiB");
    }

    @Test
    void reportsEveryInvalidFieldAtOnce() {
        Api.Response response = api.initiate(merchant, "{\"provider\":\"X\",\"amount\":\"-1\",\"currency\":\"EUR\"}");
        assertThat(fieldNames(response.json().get("errors"))).containsExactly("provider", "amount", "currency");
    }

    @Test
    void providerMustBeActivatedForTheApplication() {
        Api.Merchant walletOnly = api.onboard("WALLET_SN");
        Api.Response response = api.initiate(walletOnly, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"10\"}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get("provider").get(0).stringValue())
                .isEqualTo("MOBILEMONEY_SN is not activated for this application in sandbox");
    }

    @Test
    void unknownFieldsAreIgnored() {
        assertThat(api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"extra\":{\"deep\":[1]}}")
                        .status())
                .isEqualTo(201);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"provider\":\"WALLET_SN\",",
                "not json",
                "[1,2]",
                "\"text\"",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"} trailing",
                "{\"provider\":\"WALLET_SN\",\"provider\":\"WALLET_SN\",\"amount\":\"10\"}",
            })
    void malformedBodiesAre400WithTheErrorBody(String body) {
        Api.Response response = api.initiate(merchant, body);
        assertThat(response.status()).isEqualTo(400);
        assertErrorBody(response.json(), 400, "Bad Request");
        assertThat(response.json().get("errors").isEmpty()).isTrue();
    }

    @Test
    void emptyBodyIs400() {
        assertThat(api.initiate(merchant, "").status()).isEqualTo(400);
    }

    @Test
    void wrongContentTypeIs415() {
        Map<String, String> headers = new java.util.HashMap<>(merchant.headers());
        headers.put("Content-Type", "text/plain");
        Api.Response response = api.send(
                "POST",
                "/api/v1/" + merchant.endpointKey() + "/payments/initiate/",
                headers,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}");
        assertThat(response.status()).isEqualTo(415);
        assertErrorBody(response.json(), 415, "Unsupported Media Type");
    }

    @Test
    void oversizeBodyIs413() {
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"10\",\"pad\":\"" + "x".repeat(70 * 1024) + "\"}";
        Api.Response response = api.initiate(merchant, body);
        assertThat(response.status()).isEqualTo(413);
        assertErrorBody(response.json(), 413, "Content Too Large");
    }

    @Test
    void pathWithoutTrailingSlashWorksToo() {
        Map<String, String> headers = new java.util.HashMap<>(merchant.headers());
        headers.put("Content-Type", "application/json");
        Api.Response response = api.send(
                "POST",
                "/api/v1/" + merchant.endpointKey() + "/payments/initiate",
                headers,
                "{\"provider\":\"WALLET_SN\",\"amount\":10}");
        assertThat(response.status()).isEqualTo(201);
    }
}
