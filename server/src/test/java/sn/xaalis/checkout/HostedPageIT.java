package sn.xaalis.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/** The hosted payment page over plain HTTP: what it shows, what it hides, where it sends the customer. */
@IntegrationTest
class HostedPageIT extends ApiIntegrationTest {

    private static final Map<String, String> ENGLISH = Map.of("Accept-Language", "en");
    private static final Map<String, String> BROWSER = Map.of(
            "Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Accept-Language", "en");
    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script(?![^>]*\\bsrc=)[^>]*>");

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;

    @BeforeEach
    void merchant() {
        merchant = api.onboardBoth();
    }

    @Test
    void thePageShowsWhatTheCustomerHoldsAndNothingElse() {
        Api.Response created = api.initiate(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\",\"description\":\"Commande 1042\","
                        + "\"customer_name\":\"Awa Secretname\",\"customer_phone\":\"+221771234567\","
                        + "\"success_url\":\"https://shop.example/merci-9f3\",\"error_url\":\"https://shop.example/oups-9f3\","
                        + "\"metadata\":{\"internal_note\":\"vip-customer-4242\"}}");
        JsonNode payment = created.json();
        String reference = payment.get("reference").stringValue();

        Api.Response page = get("/pay/" + reference, Map.of());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.body())
                .contains(
                        "lang=\"fr\"",
                        "<title>Payer Shop — Xaalis</title>",
                        "4\u00a0500\u00a0FCFA",
                        "Commande 1042",
                        "Statut : En cours",
                        ">Payer avec Wallet</a>",
                        "href=\"" + payment.get("deep_links").get("WALLET").stringValue() + "\"",
                        // The same PNG as the API's qr_code.
                        "src=\"data:image/png;base64," + payment.get("qr_code").stringValue() + "\"",
                        "/pay/" + reference + "/continue",
                        "<script src=\"/pay/assets/pay.js\" defer></script>");
        // The QR's base64 (checked above to be the API's) can hold any three letters by chance.
        assertThat(page.body().replace(payment.get("qr_code").stringValue(), ""))
                .doesNotContain(
                        "Awa",
                        "Secretname",
                        "771234567",
                        "internal_note",
                        "vip-customer-4242",
                        "merci-9f3",
                        "oups-9f3",
                        payment.get("provider_reference").stringValue(),
                        payment.get("transaction_uuid").stringValue());
        assertThat(INLINE_SCRIPT.matcher(page.body()).find())
                .as("no inline script")
                .isFalse();
        assertThat(page.header("Content-Security-Policy"))
                .contains("script-src 'self'", "img-src 'self' data:", "frame-ancestors 'none'", "base-uri 'none'")
                .doesNotContain("unsafe-inline", "form-action");

        Api.Response status = get("/pay/" + reference + "/status", Map.of());
        assertThat(status.status()).isEqualTo(200);
        assertThat(status.body()).isEqualTo("{\"status\":\"PROCESSING\"}");
        assertThat(status.header("Content-Type")).startsWith("application/json");
        assertThat(status.header("Cache-Control")).isEqualTo("no-store");
    }

    @Test
    void frenchByDefaultEnglishForAcceptLanguageEn() {
        String reference = api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"12500\"}");
        assertThat(get("/pay/" + reference, Map.of()).body())
                .contains("lang=\"fr\"", "12\u00a0500\u00a0FCFA", "Payer avec Mobile Money", "Vérifier à nouveau");
        assertThat(get("/pay/" + reference, ENGLISH).body())
                .contains(
                        "lang=\"en\"",
                        "<title>Pay Shop — Xaalis</title>",
                        "XOF\u00a012,500",
                        "Status: Processing",
                        ">Pay with Mobile Money</a>",
                        ">Pay with the partner app</a>",
                        "Check again",
                        "Sandbox: no real money moves");
    }

    @Test
    void unknownAndMalformedReferencesGetTheSameNotFoundPage() {
        for (String reference : new String[] {"SVC-ZZZZZZZ9", "nonsense", "SVC-abc"}) {
            Api.Response page = get("/pay/" + reference, Map.of());
            assertThat(page.status()).isEqualTo(404);
            assertThat(page.header("Content-Type")).startsWith("text/html");
            assertThat(page.body()).contains("lang=\"fr\"", "Paiement introuvable");
            assertThat(page.body().substring(page.body().indexOf("<main>"))).doesNotContain(reference);
            assertThat(get("/pay/" + reference, ENGLISH).body()).contains("lang=\"en\"", "Payment not found");
            Api.Response browser = get("/pay/" + reference, BROWSER);
            assertThat(browser.status()).isEqualTo(404);
            assertThat(browser.body()).contains("Payment not found", "/pay/assets/checkout.css");
            assertThat(get("/pay/" + reference + "/continue", Map.of()).status())
                    .isEqualTo(404);

            Api.Response status = get("/pay/" + reference + "/status", Map.of());
            assertThat(status.status()).isEqualTo(404);
            assertThat(status.json().get("message").stringValue()).isEqualTo("No such payment");
        }
        assertThat(get("/sandbox/checkout/SVC-ZZZZZZZ9", ENGLISH).body()).contains("Payment not found");
    }

    @Test
    void theContinueLinkGoesToTheMerchantOnceThePaymentIsOver() {
        String paid = api.newPayment(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"100\",\"success_url\":\"https://shop.example/merci\","
                        + "\"error_url\":\"https://shop.example/oups\"}");
        assertThat(location("/pay/" + paid + "/continue")).isEqualTo("/pay/" + paid);
        api.simulate(merchant, paid, "SUCCESS");
        assertThat(location("/pay/" + paid + "/continue")).isEqualTo("https://shop.example/merci");

        String failed = api.newPayment(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"100\",\"error_url\":\"https://shop.example/oups\"}");
        api.simulate(merchant, failed, "FAILED");
        assertThat(location("/pay/" + failed + "/continue")).isEqualTo("https://shop.example/oups");

        // No URL of the payment's own: the application's; else, not paid, the hosted page, which says so
        // (the return page thanks the customer: only for a payment made).
        String expired = api.newPayment(merchant);
        api.simulate(merchant, expired, "EXPIRED");
        assertThat(location("/pay/" + expired + "/continue")).isEqualTo("/pay/" + expired);
        Api.Response nowhere = get("/pay/" + expired, Map.of());
        assertThat(nowhere.body())
                .contains(
                        "Statut : Expiré", "Le temps pour payer est écoulé", "demandez au marchand un nouveau paiement")
                .doesNotContain("Merci", ">Continuer</a>", ">Retourner chez le marchand</a>", "pay.js");
        api.admin(
                "PATCH",
                "/applications/" + merchant.applicationId(),
                "{\"callback_url_failure\":\"https://shop.example/failure\"}");
        assertThat(location("/pay/" + expired + "/continue")).isEqualTo("https://shop.example/failure");

        // A payment already over says so, in words, and runs no script.
        Api.Response over = get("/pay/" + expired, Map.of());
        assertThat(over.body())
                .contains("Statut : Expiré", "Le temps pour payer est écoulé", ">Retourner chez le marchand</a>")
                .doesNotContain("pay.js", "Payer avec Wallet", "Merci");
        assertThat(get("/pay/" + expired + "/status", Map.of()).body()).isEqualTo("{\"status\":\"EXPIRED\"}");

        // The return page thanks for a payment made; any other goes to the hosted page.
        String made = api.newPayment(merchant);
        assertThat(location("/return/" + made)).as("still open").isEqualTo("/pay/" + made);
        api.simulate(merchant, made, "SUCCESS");
        assertThat(get("/pay/" + made + "/continue", Map.of()).header("Location"))
                .isEqualTo("/return/" + made);
        Api.Response back = get("/return/" + made, ENGLISH);
        assertThat(back.body()).contains("lang=\"en\"", "Thank you", "Your payment has been received");
        assertThat(get("/return/" + made, Map.of()).body()).contains("lang=\"fr\"", "Merci");
        assertThat(location("/return/" + expired)).isEqualTo("/pay/" + expired);
    }

    @Test
    void aFailedPaymentFromAnOpenLinkOffersTheLinkAgainAndOnlyItsOwnApplicationsLinks() {
        String code = api.post(merchant, "/payment-links/", "{\"amount\":\"4500\",\"single_use\":true}", Map.of())
                .json()
                .get("code")
                .stringValue();
        String metadata = "\"metadata\":{\"payment_link\":\"" + code + "\"}";
        String failed = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"," + metadata + "}");
        api.simulate(merchant, failed, "FAILED");
        assertThat(location("/pay/" + failed + "/continue"))
                .as("stays for the retry")
                .isEqualTo("/pay/" + failed);
        assertThat(get("/pay/" + failed, Map.of()).body())
                .contains("Le paiement n’a pas abouti.", "href=\"/l/" + code + "\"", ">Réessayer</a>")
                .doesNotContain("Merci", "nouveau lien", ">Retourner chez le marchand</a>");
        assertThat(get("/pay/" + failed, ENGLISH).body())
                .contains("The payment did not go through.", ">Try again</a>")
                .doesNotContain("Thank");

        // Another merchant naming this link in its metadata sends nobody to it.
        Api.Merchant other = api.onboardBoth();
        String foreign = api.newPayment(other, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"," + metadata + "}");
        api.simulate(other, foreign, "CANCELLED");
        assertThat(get("/pay/" + foreign, Map.of()).body())
                .contains("Le paiement a été annulé")
                .doesNotContain("/l/" + code, "Réessayer", "Merci");

        // A link that takes no more payments offers no retry: the merchant's page, if any, or words.
        api.post(merchant, "/payment-links/" + code + "/deactivate", null, Map.of());
        assertThat(get("/pay/" + failed, Map.of()).body())
                .contains("Le paiement n’a pas abouti.", "demandez au marchand un nouveau paiement")
                .doesNotContain("/l/" + code, "Merci");
    }

    @Test
    void guessingReferencesIsRefusedForTheRestOfTheMinute() {
        String reference = api.newPayment(merchant);
        // Start at the beginning of a window, so that the whole test runs in one.
        long window = ReferenceGuesses.WINDOW.toMillis();
        clock.advance(Duration.ofMillis(window - Math.floorMod(clock.millis(), window) + 1));
        try {
            for (int i = 0; i < 2 * ReferenceGuesses.MAX_MISSES; i++) {
                assertThat(get("/pay/not-a-reference-" + i + "/status", Map.of())
                                .status())
                        .as("malformed references cost no read and do not count")
                        .isEqualTo(404);
            }
            for (int i = 0; i < ReferenceGuesses.MAX_MISSES; i++) {
                assertThat(get("/pay/" + reference + "/status", Map.of()).status())
                        .as("finding does not count")
                        .isEqualTo(200);
                assertThat(get("/pay/SVC-ZZZZ" + String.format("%04d", i) + "/status", Map.of())
                                .status())
                        .isEqualTo(404);
            }
            Api.Response refused = get("/pay/" + reference + "/status", Map.of());
            assertThat(refused.status()).as("found or not, nothing to learn").isEqualTo(429);
            assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 60L);
            Api.Response page = get("/pay/" + reference, ENGLISH);
            assertThat(page.status()).isEqualTo(429);
            assertThat(page.body()).contains("Too many attempts");
            assertThat(get("/sandbox/checkout/" + reference, Map.of()).status()).isEqualTo(429);
        } finally {
            // The next window: other tests from this address are not refused.
            clock.advance(ReferenceGuesses.WINDOW);
        }
        assertThat(get("/pay/" + reference + "/status", Map.of()).status()).isEqualTo(200);
    }

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void anAccountTheOperatorDidNotApproveCannotUseUsToBounceCustomersAnywhere() {
        api.admin("DELETE", "/merchants/" + merchant.merchantId() + "/approval", null);
        String paid = api.newPayment(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"100\",\"success_url\":\"https://evil.example/login\"}");
        api.simulate(merchant, paid, "SUCCESS");
        Api.Response leaving = get("/pay/" + paid + "/continue", ENGLISH);
        assertThat(leaving.status()).as("no redirect").isEqualTo(200);
        assertThat(leaving.body())
                .contains("You are leaving Xaalis", "evil.example", "href=\"https://evil.example/login\"")
                .contains("rel=\"noopener noreferrer\"");
        // The sandbox checkout's own buttons go the same way.
        String approved = api.newPayment(
                merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"100\",\"success_url\":\"https://evil.example/x\"}");
        Api.Response button = api.send(
                "POST",
                "/sandbox/checkout/" + approved + "/approve",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "Accept-Language", "en"),
                "");
        assertThat(button.status()).isEqualTo(200);
        assertThat(button.body()).contains("You are leaving Xaalis", "evil.example");

        // Approved again by the operator: its pages are reached directly.
        api.admin("POST", "/merchants/" + merchant.merchantId() + "/approval", null);
        assertThat(location("/pay/" + paid + "/continue")).isEqualTo("https://evil.example/login");
    }

    @Test
    void onlyHttpsLinksAndOurOwnPagesBecomeButtons() {
        String reference = api.newPayment(merchant);
        String own = "http://localhost:" + port + "/sandbox/checkout/" + reference + "?app=WALLET";
        jdbc.sql("UPDATE payments SET deep_links = :links WHERE reference = :reference")
                .param(
                        "links",
                        "{\"WALLET\":\"java\\tscript:alert(1)\",\"MM\":\"JAVASCRIPT:alert(2)\",\"APP2\":"
                                + "\"http://evil.example/pay\",\"X1\":\"data:text/html,<b>x</b>\",\"X2\":"
                                + "\" javascript:alert(3)\",\"X3\":\"https://pay.wave.com/c/cos-1\",\"X4\":\"" + own
                                + "\"}")
                .param("reference", reference)
                .update();
        String page = get("/pay/" + reference, ENGLISH).body();
        assertThat(page)
                .contains("href=\"https://pay.wave.com/c/cos-1\"")
                .contains("href=\"" + own.replace("&", "&amp;") + "\"")
                .doesNotContain("alert(", "evil.example", "data:text/html");
    }

    private Api.Response get(String path, Map<String, String> headers) {
        return api.send("GET", path, headers, null);
    }

    private String location(String path) {
        Api.Response response = get(path, Map.of());
        assertThat(response.status()).isEqualTo(303);
        return response.header("Location");
    }
}
