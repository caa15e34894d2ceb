package sn.xaalis.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;

/**
 * The hosted page's one-time-code form over plain HTTP (no JavaScript): what each answer says, which
 * payments take it, and that the code typed never comes back in a page. Each test posts from its own
 * client address (X-Forwarded-For, from the tests' trusted loopback) and number, so the codes' budgets
 * of one test are not another's.
 */
@IntegrationTest
class CodeFormIT extends ApiIntegrationTest {

    Api.Merchant merchant;

    @BeforeEach
    void merchant() {
        merchant = api.onboardBoth();
    }

    @Test
    void aWrongCodeThenTheRightOneOnTheSamePageWithoutJavaScript() {
        String reference = mobileMoney();
        String page = api.send("GET", "/pay/" + reference, Map.of(), null).body();
        assertThat(page)
                .contains(
                        "Pas de smartphone ? Payez avec un code Mobile Money",
                        "Composez #144#391# sur votre téléphone.",
                        "action=\"/pay/" + reference + "/code#code\"",
                        "name=\"customer_phone\" type=\"tel\" inputmode=\"tel\" autocomplete=\"tel\"",
                        "name=\"otp\" type=\"text\" inputmode=\"numeric\" autocomplete=\"one-time-code\"",
                        "<label for=\"code-phone\">",
                        "<label for=\"code-otp\">",
                        ">Payer 4\u00a0500\u00a0FCFA</button>");

        Api.Response invalid = post(reference, "12 34", "12", "203.0.113.71");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.header("Cache-Control")).isEqualTo("no-store");
        assertThat(invalid.body())
                .contains(
                        "Vérifiez les champs signalés ci-dessous.",
                        "id=\"code-phone-error\"",
                        "Saisissez un numéro Mobile Money du Sénégal",
                        "aria-describedby=\"code-phone-hint code-phone-error\"",
                        "aria-describedby=\"code-otp-hint code-otp-error\"",
                        "aria-invalid=\"true\"",
                        "value=\"12 34\"");

        Api.Response wrong = post(reference, "+221 77 000 71 01", "000000", "203.0.113.71");
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body())
                .contains(
                        "role=\"alert\"",
                        "Ce code n’a pas été accepté.",
                        "Il vous reste 2 essais.",
                        // The number is kept, as people write it; the code is not.
                        "value=\"77 000 71 01\"")
                .doesNotContain("aria-invalid");
        assertThat(withoutImages(wrong.body())).doesNotContain("000000");

        Api.Response paid = post(reference, "77 000 71 01", "123456", "203.0.113.71");
        assertThat(paid.status()).isEqualTo(303);
        assertThat(paid.header("Location")).isEqualTo("/pay/" + reference);
        assertThat(paid.body()).doesNotContain("123456");
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("SUCCESS");
        assertThat(api.send("GET", "/pay/" + reference, Map.of(), null).body())
                .contains("Ce paiement a été effectué. Merci !")
                .doesNotContain("code-otp");

        // Posted again once over: the page, which says so; nothing goes to the operator.
        Api.Response again = post(reference, "77 000 71 01", "123456", "203.0.113.71");
        assertThat(again.status()).isEqualTo(303);
        assertThat(again.header("Location")).isEqualTo("/pay/" + reference);
    }

    @Test
    void noAnswerYetInsufficientFundsAndEnglish() {
        String awaited = mobileMoney();
        Api.Response waiting = post(awaited, "770007201", "222222", "203.0.113.72", Map.of("Accept-Language", "en"));
        assertThat(waiting.status()).isEqualTo(202);
        assertThat(waiting.body())
                .contains(
                        "lang=\"en\"",
                        "No smartphone? Pay with a Mobile Money code",
                        "Mobile Money has not answered yet.",
                        // The page follows the payment as usual.
                        "/pay/assets/pay.js")
                .doesNotContain("id=\"code-otp\"");
        assertThat(withoutImages(waiting.body())).doesNotContain("222222");
        Api.Response busy = post(awaited, "770007201", "123456", "203.0.113.72", Map.of("Accept-Language", "en"));
        assertThat(busy.status()).isEqualTo(409);
        assertThat(busy.body()).contains("A code for this payment is already being checked.");
        Api.Response reopened = api.send("GET", "/pay/" + awaited, Map.of("Accept-Language", "en"), null);
        assertThat(reopened.body())
                .as("opened again, the page offers no form while the operator has not answered")
                .contains("Mobile Money has not answered yet.")
                .doesNotContain("id=\"code-otp\"");
        assertThat(api.status(merchant, awaited).json().get("status").stringValue())
                .isEqualTo("PROCESSING");

        String declined = mobileMoney();
        Api.Response poor = post(declined, "770007202", "111111", "203.0.113.72");
        assertThat(poor.status()).isEqualTo(303);
        assertThat(api.send("GET", "/pay/" + declined, Map.of(), null).body()).contains("Le paiement n’a pas abouti.");
    }

    @Test
    void aWalletPaymentHasNoFormAndItsPostIsRefused() {
        String wallet = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        assertThat(api.send("GET", "/pay/" + wallet, Map.of(), null).body())
                .doesNotContain("/code", "code Mobile Money", "Mobile Money code", "one-time-code");
        Api.Response refused = post(wallet, "770007301", "123456", "203.0.113.73");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body())
                .contains("Pas de paiement par code", "href=\"/pay/" + wallet + "\"")
                .doesNotContain("123456");
        assertThat(api.status(merchant, wallet).json().get("status").stringValue())
                .isEqualTo("PROCESSING");

        // Another site's form is refused before anything is read.
        String reference = mobileMoney();
        Api.Response forged =
                post(reference, "770007301", "123456", "203.0.113.73", Map.of("Sec-Fetch-Site", "cross-site"));
        assertThat(forged.status()).isEqualTo(403);
        assertThat(forged.body()).contains("Formulaire refusé");
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("PROCESSING");

        Api.Response unknown = post("SVC-ZZZZZZZ8", "770007301", "123456", "203.0.113.73");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("Paiement introuvable");
    }

    @Test
    void tooManyCodesForOneNumberWaitForRetryAfter() {
        // The number's budget (5 a minute), whatever the payment: wrong codes on three payments.
        String phone = "77 000 74 01";
        String first = mobileMoney();
        String second = mobileMoney();
        String third = mobileMoney();
        for (String reference : new String[] {first, first, second, second, third}) {
            assertThat(post(reference, phone, "000000", "203.0.113.74").status())
                    .isEqualTo(400);
        }
        Api.Response throttled = post(third, phone, "123456", "203.0.113.74");
        assertThat(throttled.status()).isEqualTo(429);
        assertThat(Long.parseLong(throttled.header("Retry-After"))).isBetween(1L, 60L);
        assertThat(throttled.body()).contains("Trop de codes", "href=\"/pay/" + third + "\"");
        assertThat(api.status(merchant, third).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
    }

    private String mobileMoney() {
        return api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\"}");
    }

    private Api.Response post(String reference, String phone, String otp, String address) {
        return post(reference, phone, otp, address, Map.of());
    }

    private Api.Response post(String reference, String phone, String otp, String address, Map<String, String> extra) {
        Map<String, String> headers = new HashMap<>(extra);
        headers.put("Content-Type", "application/x-www-form-urlencoded");
        headers.put("X-Forwarded-For", address);
        String body = "customer_phone=" + URLEncoder.encode(phone, StandardCharsets.UTF_8) + "&otp="
                + URLEncoder.encode(otp, StandardCharsets.UTF_8);
        return api.send("POST", "/pay/" + reference + "/code", headers, body);
    }

    /** The page without its QR image, whose base64 could hold any six digits by chance. */
    private static String withoutImages(String html) {
        return html.replaceAll("data:image/png;base64,[A-Za-z0-9+/=]+", "");
    }
}
