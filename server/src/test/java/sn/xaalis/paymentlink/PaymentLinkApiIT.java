package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/** The links in the merchant API: creation, its rules and §7 errors, idempotency, the list and deactivation. */
@IntegrationTest
class PaymentLinkApiIT extends ApiIntegrationTest {

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;
    Links links;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
        links = new Links(api, port);
    }

    @Test
    void aFixedAmountLinkAnswersEveryFieldWithItsUrlAsAQrCode() throws Exception {
        Api.Response response = links.create(merchant, "{\"amount\":\"4500\",\"description\":\"Plat du jour\"}");

        assertThat(response.status()).isEqualTo(201);
        JsonNode json = response.json();
        assertThat(fieldNames(json))
                .containsExactly(
                        "code",
                        "url",
                        "qr_code",
                        "environment",
                        "amount",
                        "min_amount",
                        "max_amount",
                        "currency",
                        "description",
                        "providers",
                        "single_use",
                        "expires_at",
                        "max_payments_per_hour",
                        "active",
                        "state",
                        "created_at");
        assertThat(json.get("max_payments_per_hour").isNull()).isTrue();
        String code = json.get("code").stringValue();
        assertThat(code).matches("[a-z2-7]{16}");
        assertThat(json.get("url").stringValue()).isEqualTo("http://localhost:" + port + "/l/" + code);
        assertThat(json.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(json.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(json.get("min_amount").isNull()).isTrue();
        assertThat(json.get("max_amount").isNull()).isTrue();
        assertThat(json.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(json.get("description").stringValue()).isEqualTo("Plat du jour");
        assertThat(json.get("providers").toString()).isEqualTo("[\"WALLET_SN\",\"MOBILEMONEY_SN\"]");
        assertThat(json.get("single_use").booleanValue()).isFalse();
        assertThat(json.get("expires_at").isNull()).isTrue();
        assertThat(json.get("active").booleanValue()).isTrue();
        assertThat(json.get("state").stringValue()).isEqualTo("OPEN");

        byte[] png = Base64.getDecoder().decode(json.get("qr_code").stringValue());
        assertThat(java.util.Arrays.copyOf(png, 4)).containsExactly((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        var image = ImageIO.read(new ByteArrayInputStream(png));
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        // A pure barcode (a generated image, not a photo): the plain detector misses about one URL in 400.
        assertThat(new QRCodeReader()
                        .decode(bitmap, Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE))
                        .getText())
                .isEqualTo(json.get("url").stringValue());
    }

    @Test
    void anOpenAmountLinkKeepsItsRangeProvidersSingleUseAndExpiry() {
        var expires = clock.instant().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.SECONDS);
        JsonNode json = links.created(
                merchant,
                "{\"min_amount\":1000,\"max_amount\":\"50000.5\",\"providers\":[\"WALLET_SN\"],"
                        + "\"single_use\":true,\"expires_at\":\"" + expires + "\",\"currency\":null}");

        assertThat(json.get("amount").isNull()).isTrue();
        assertThat(json.get("min_amount").stringValue()).isEqualTo("1000.00");
        assertThat(json.get("max_amount").stringValue()).isEqualTo("50000.50");
        assertThat(json.get("providers").toString()).isEqualTo("[\"WALLET_SN\"]");
        assertThat(json.get("single_use").booleanValue()).isTrue();
        assertThat(json.get("expires_at").stringValue())
                .isEqualTo(expires.toString().replace("Z", ".000000Z"));
    }

    @Test
    void anIdempotencyKeyReplaysTheFirstAnswerAndRefusesAnotherBody() {
        Map<String, String> key = Map.of("Idempotency-Key", "link-" + System.nanoTime());
        Api.Response first = api.post(merchant, "/payment-links/", "{\"amount\":\"1500\"}", key);
        Api.Response again = api.post(merchant, "/payment-links/", "{\"amount\":\"1500\"}", key);
        Api.Response other = api.post(merchant, "/payment-links/", "{\"amount\":\"2500\"}", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(other.status()).isEqualTo(422);
        assertThat(api.get(merchant, "/payment-links/").json().get("data")).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{} | amount | is required, or else min_amount and max_amount",
                "{\"amount\":\"10\",\"min_amount\":\"5\",\"max_amount\":\"20\"} | amount | must not be sent with min_amount or max_amount",
                "{\"min_amount\":\"5\"} | max_amount | is required with min_amount",
                "{\"max_amount\":\"5\"} | min_amount | is required with max_amount",
                "{\"min_amount\":\"50\",\"max_amount\":\"10\"} | max_amount | must not be less than min_amount",
                "{\"amount\":\"10.50\"} | amount | MOBILEMONEY_SN accepts whole amounts only",
                "{\"min_amount\":\"0\",\"max_amount\":\"10\"} | min_amount | must be at least 0.01",
                "{\"amount\":\"1.005\",\"providers\":[\"WALLET_SN\"]} | amount | must have at most two decimals",
                "{\"amount\":\"60000000\"} | amount | must be at most 50000000.00",
                "{\"amount\":\"1e3\"} | amount | must be a decimal number such as \"1500.00\"",
                "{\"amount\":true} | amount | must be a string or a number",
                "{\"amount\":\"10\",\"providers\":[\"NOPE\"]} | providers | must be one of WALLET_SN, MOBILEMONEY_SN",
                "{\"amount\":\"10\",\"providers\":[]} | providers | must name at least one provider",
                "{\"amount\":\"10\",\"providers\":\"WALLET_SN\"} | providers | must be an array of provider names",
                "{\"amount\":\"10\",\"currency\":\"EUR\"} | currency | must be one of XOF",
                "{\"amount\":\"10\",\"single_use\":\"yes\"} | single_use | must be true or false",
                "{\"amount\":\"10\",\"expires_at\":\"2020-01-01T00:00:00Z\"} | expires_at | must be in the future",
                "{\"amount\":\"10\",\"expires_at\":\"tomorrow\"} | expires_at | must be an ISO 8601 timestamp with a time zone, such as 2026-12-31T23:59:59Z",
                "{\"amount\":\"10\",\"expires_at\":\"2999-01-01T00:00:00Z\"} | expires_at | must be within 10 years",
                "{\"amount\":\"10\",\"description\":7} | description | must be a string",
            })
    void invalidLinksAreRefusedFieldByField(String body, String field, String message) {
        Api.Response response = links.create(merchant, body);

        assertThat(response.status()).isEqualTo(400);
        assertErrorBody(response.json(), 400, "Bad Request");
        assertThat(response.json().get("errors").get(field).get(0).stringValue())
                .isEqualTo(message);
    }

    @Test
    void aDescriptionTooLongAndAProviderNotActiveAreRefused() {
        Api.Merchant walletOnly = api.onboard("WALLET_SN");
        Api.Response response = links.create(
                walletOnly,
                "{\"amount\":\"10\",\"providers\":[\"MOBILEMONEY_SN\"],\"description\":\"" + "é".repeat(501) + "\"}");

        assertThat(response.status()).isEqualTo(400);
        JsonNode errors = response.json().get("errors");
        assertThat(errors.get("providers").get(0).stringValue())
                .isEqualTo("MOBILEMONEY_SN is not activated for this application in sandbox");
        assertThat(errors.get("description").get(0).stringValue()).isEqualTo("must be at most 500 characters");
        // Without providers named, the application's active ones are offered: a decimal amount is fine.
        assertThat(links.created(walletOnly, "{\"amount\":\"10.50\",\"unknown\":{\"ignored\":true}}")
                        .get("providers")
                        .toString())
                .isEqualTo("[\"WALLET_SN\"]");
    }

    @Test
    void malformedBodiesAreRefusedLikeInitiation() {
        assertThat(links.create(merchant, "{\"amount\":\"10\",\"amount\":\"20\"}")
                        .status())
                .isEqualTo(400);
        assertThat(links.create(merchant, "[1]").status()).isEqualTo(400);
        Api.Response text = api.send(
                "POST",
                "/api/v1/" + merchant.endpointKey() + "/payment-links/",
                withHeader(merchant.headers(), "Content-Type", "text/plain"),
                "{}");
        assertThat(text.status()).isEqualTo(415);
    }

    @Test
    void wrongKeysAreRefusedEverywhere() {
        Api.Merchant other = api.onboard("WALLET_SN");
        Api.Merchant wrong = merchant.withKeys(other.apiKey(), other.apiSecret());
        String code = links.code(merchant, "{\"amount\":\"10\"}");

        Api.Response create = links.create(wrong, "{\"amount\":\"10\"}");
        Api.Response list = api.get(wrong, "/payment-links/");
        Api.Response deactivate = api.post(wrong, "/payment-links/" + code + "/deactivate", null, Map.of());
        Api.Response none = api.send("GET", "/api/v1/" + merchant.endpointKey() + "/payment-links", Map.of(), null);

        for (Api.Response response : List.of(create, list, deactivate, none)) {
            assertThat(response.status()).isEqualTo(401);
            assertErrorBody(response.json(), 401, "Unauthorized");
        }
    }

    @Test
    void anotherApplicationsLinksAreNeitherListedNorDeactivated() {
        String mine = links.code(merchant, "{\"amount\":\"10\"}");
        Api.Merchant other = api.onboardBoth();
        String theirs = links.code(other, "{\"amount\":\"20\"}");

        JsonNode listed = api.get(other, "/payment-links/").json().get("data");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("code").stringValue()).isEqualTo(theirs);

        Api.Response refused = api.post(other, "/payment-links/" + mine + "/deactivate/", null, Map.of());
        assertThat(refused.status()).isEqualTo(404);
        assertErrorBody(refused.json(), 404, "Not Found");
        assertThat(links.newest(merchant).get("active").booleanValue()).isTrue();
    }

    @Test
    void theListIsNewestFirstAPageAtATime() {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            codes.add(links.code(merchant, "{\"amount\":\"" + (100 + i) + "\"}"));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            Api.Response page =
                    api.get(merchant, "/payment-links?limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
            assertThat(page.status()).isEqualTo(200);
            JsonNode json = page.json();
            assertThat(json.get("data").size()).isLessThanOrEqualTo(2);
            json.get("data").forEach(link -> seen.add(link.get("code").stringValue()));
            cursor = json.get("next_cursor").isNull()
                    ? null
                    : json.get("next_cursor").stringValue();
            assertThat(json.get("has_more").booleanValue()).isEqualTo(cursor != null);
        } while (cursor != null);

        assertThat(seen).containsExactlyElementsOf(codes.reversed());
        assertThat(api.get(merchant, "/payment-links/?cursor=nope").status()).isEqualTo(400);
        assertThat(api.get(merchant, "/payment-links/?limit=101")
                        .json()
                        .get("errors")
                        .get("limit"))
                .isNotNull();
    }

    @Test
    void deactivationIsIdempotentAndShowsInTheList() {
        String code = links.code(merchant, "{\"amount\":\"10\"}");
        Map<String, String> key = Map.of("Idempotency-Key", "off-" + System.nanoTime());

        Api.Response off = api.post(merchant, "/payment-links/" + code + "/deactivate/", null, key);
        Api.Response replay = api.post(merchant, "/payment-links/" + code + "/deactivate/", null, key);
        Api.Response again = api.post(merchant, "/payment-links/" + code + "/deactivate", null, Map.of());

        assertThat(off.status()).isEqualTo(200);
        assertThat(off.json().get("active").booleanValue()).isFalse();
        assertThat(off.json().get("state").stringValue()).isEqualTo("DEACTIVATED");
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.status()).isEqualTo(200);
        assertThat(links.newest(merchant).get("state").stringValue()).isEqualTo("DEACTIVATED");
        assertThat(api.post(merchant, "/payment-links/AAAA/deactivate", null, Map.of())
                        .status())
                .isEqualTo(404);
    }

    private static Map<String, String> withHeader(Map<String, String> headers, String name, String value) {
        Map<String, String> all = new java.util.LinkedHashMap<>(headers);
        all.put(name, value);
        return all;
    }
}
