package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/** Customers paying through links: the payment they start, single use, expiry and deactivation. */
@IntegrationTest
class PaymentLinkCheckoutIT extends ApiIntegrationTest {

    private static final char NBSP = '\u00a0';

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
    void aFixedAmountLinkStartsAnOrdinaryPaymentCarryingItsCode() {
        String code = links.code(merchant, "{\"amount\":\"4500\",\"description\":\"Plat du jour\"}");

        HttpResponse<String> page = links.open(code, "fr");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("<html lang=\"fr\">", "Shop", "Plat du jour", "4" + NBSP + "500" + NBSP + "FCFA")
                .contains("Wallet", "Mobile Money", "Payer 4" + NBSP + "500" + NBSP + "FCFA");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("frame-ancestors 'none'");

        HttpResponse<String> paid = links.pay(
                code,
                "fr",
                Map.of("provider", "MOBILEMONEY_SN", "customer_phone", "77 123 45 67", "customer_name", "Awa"));
        assertThat(paid.statusCode()).isEqualTo(303);
        String location = paid.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches(".*/pay/SVC-[A-Z0-9]{8}$");
        String reference = location.substring(location.lastIndexOf('/') + 1);

        JsonNode status = api.status(merchant, reference).json();
        assertThat(status.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(status.get("provider").stringValue()).isEqualTo("MOBILEMONEY_SN");
        assertThat(status.get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(status.get("metadata").toString()).isEqualTo("{\"payment_link\":\"" + code + "\"}");
        JsonNode listed = api.get(merchant, "/payments/").json().get("data");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("reference").stringValue()).isEqualTo(reference);
    }

    @Test
    void theCustomerChoosesTheAmountWithinTheRangeInTheirLanguage() {
        String code = links.code(merchant, "{\"min_amount\":\"1000\",\"max_amount\":\"50000\"}");

        assertThat(links.open(code, "en").body())
                .contains("<html lang=\"en\">", "Between XOF" + NBSP + "1,000 and XOF" + NBSP + "50,000");
        HttpResponse<String> tooMuch = links.pay(code, "fr", Map.of("provider", "WALLET_SN", "amount", "60 000"));
        assertThat(tooMuch.statusCode()).isEqualTo(400);
        assertThat(tooMuch.body())
                .contains("Le montant doit être compris entre 1" + NBSP + "000" + NBSP + "FCFA et 50" + NBSP + "000"
                        + NBSP + "FCFA.")
                .contains("value=\"60 000\"");
        HttpResponse<String> tooLittle = links.pay(code, "en", Map.of("provider", "WALLET_SN", "amount", "999"));
        assertThat(tooLittle.body())
                .contains("The amount must be between XOF" + NBSP + "1,000 and XOF" + NBSP + "50,000.");
        HttpResponse<String> notANumber = links.pay(code, "fr", Map.of("provider", "WALLET_SN", "amount", "beaucoup"));
        assertThat(notANumber.body()).contains("Indiquez un montant en chiffres");
        HttpResponse<String> badPhone =
                links.pay(code, "fr", Map.of("provider", "WALLET_SN", "amount", "2000", "customer_phone", "12"));
        assertThat(badPhone.statusCode()).isEqualTo(400);
        assertThat(badPhone.body()).contains("Indiquez un numéro de téléphone valide");
        HttpResponse<String> decimalMobileMoney =
                links.pay(code, "fr", Map.of("provider", "MOBILEMONEY_SN", "amount", "2000,50"));
        assertThat(decimalMobileMoney.body()).contains("n’accepte que des montants entiers");
        assertThat(api.get(merchant, "/payments/").json().get("data")).isEmpty();

        String french = links.paid(code, Map.of("amount", "2 500,50"));
        String english = links.paid(code, "en", Map.of("amount", "2,500"));
        assertThat(api.status(merchant, french).json().get("amount").stringValue())
                .isEqualTo("2500.50");
        assertThat(api.status(merchant, english).json().get("amount").stringValue())
                .isEqualTo("2500.00");
    }

    @Test
    void customersAtTheSameMomentGetOnePaymentOnASingleUseLink() throws Exception {
        int customers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(customers);
        try {
            for (int round = 0; round < 5; round++) {
                String code = links.code(merchant, "{\"amount\":\"1000\",\"single_use\":true}");
                CountDownLatch start = new CountDownLatch(1);
                List<Future<HttpResponse<String>>> answers = new ArrayList<>();
                for (int i = 0; i < customers; i++) {
                    answers.add(pool.submit(() -> {
                        start.await();
                        return links.pay(code, "fr", Map.of("provider", "WALLET_SN"));
                    }));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<HttpResponse<String>> answer : answers) {
                    statuses.add(answer.get().statusCode());
                }
                assertThat(statuses).containsOnlyOnce(303).containsOnly(303, 409);
                HttpResponse<String> busy = answers.stream()
                        .map(LinkTest::join)
                        .filter(r -> r.statusCode() == 409)
                        .findFirst()
                        .orElseThrow();
                assertThat(busy.body()).contains("Paiement en cours");
            }
        } finally {
            pool.shutdownNow();
        }
        JsonNode payments = api.get(merchant, "/payments/?limit=100").json().get("data");
        assertThat(payments).hasSize(5);
    }

    @Autowired
    PaymentLinks stored;

    @Test
    void ofManyClaimsAtTheSameMomentTheDatabaseGrantsOne() throws Exception {
        String code = links.code(merchant, "{\"amount\":\"1000\",\"single_use\":true}");
        PaymentLink link = stored.find(code).orElseThrow();
        int claims = 8;
        var ready = new java.util.concurrent.CyclicBarrier(claims);
        try (ExecutorService pool = Executors.newFixedThreadPool(claims)) {
            List<Future<Boolean>> granted = new ArrayList<>();
            for (int i = 0; i < claims; i++) {
                granted.add(pool.submit(() -> {
                    ready.await();
                    return stored.claim(link.id(), new PaymentId(java.util.UUID.randomUUID()), clock.instant());
                }));
            }
            int won = 0;
            for (Future<Boolean> claim : granted) {
                won += claim.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        }
        assertThat(stored.find(code).orElseThrow().state(clock.instant())).isEqualTo(PaymentLink.State.IN_PROGRESS);
    }

    @Test
    void aSingleUseLinkOpensAgainWhenItsPaymentFailsIsCancelledOrExpiresAndClosesAtItsFirstSuccess() {
        String code = links.code(merchant, "{\"amount\":\"1000\",\"single_use\":true}");

        String first = links.paid(code, Map.of());
        assertThat(links.open(code, "en").statusCode()).isEqualTo(409);
        assertThat(links.open(code, "en").body()).contains("Payment in progress");
        assertThat(links.pay(code, "fr", Map.of("provider", "WALLET_SN")).statusCode())
                .isEqualTo(409);

        api.simulate(merchant, first, "FAILED");
        assertThat(links.open(code, "fr").statusCode()).isEqualTo(200);
        String second = links.paid(code, Map.of());

        // The customer cancels the second payment: the link is free again.
        assertThat(links.open(code, "en").statusCode()).isEqualTo(409);
        api.simulate(merchant, second, "CANCELLED");
        assertThat(api.status(merchant, second).json().get("status").stringValue())
                .isEqualTo("CANCELLED");
        assertThat(links.open(code, "fr").statusCode()).isEqualTo(200);
        String third = links.paid(code, Map.of());

        // The third payment runs out of time: the expiry job sees the moved clock.
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(merchant, third, "EXPIRED", Duration.ofSeconds(20));
        assertThat(links.open(code, "fr").statusCode()).isEqualTo(200);
        String fourth = links.paid(code, Map.of());

        api.simulate(merchant, fourth, "SUCCESS");
        HttpResponse<String> closed = links.open(code, "fr");
        assertThat(closed.statusCode()).isEqualTo(410);
        assertThat(closed.body()).contains("Déjà payé", "<html lang=\"fr\">");
        assertThat(links.pay(code, "en", Map.of("provider", "WALLET_SN")).body())
                .contains("Already paid");
        JsonNode listed = links.newest(merchant);
        assertThat(listed.get("state").stringValue()).isEqualTo("PAID");
        assertThat(api.get(merchant, "/payments/").json().get("data")).hasSize(4);
    }

    @Test
    void anExpiredLinkSaysSoInTheCustomersLanguage() {
        String expires = clock.instant().plus(Duration.ofHours(1)).toString();
        String code = links.code(merchant, "{\"amount\":\"1000\",\"expires_at\":\"" + expires + "\"}");
        assertThat(links.open(code, "fr").statusCode()).isEqualTo(200);

        clock.advance(Duration.ofHours(2));

        HttpResponse<String> french = links.open(code, "fr");
        assertThat(french.statusCode()).isEqualTo(410);
        assertThat(french.body()).contains("Lien expiré");
        assertThat(links.pay(code, "en", Map.of("provider", "WALLET_SN")).body())
                .contains("Link expired");
        assertThat(links.newest(merchant).get("state").stringValue()).isEqualTo("EXPIRED");
        assertThat(api.get(merchant, "/payments/").json().get("data")).isEmpty();
    }

    @Test
    void aDeactivatedLinkSaysSoAndStartsNothing() {
        String code = links.code(merchant, "{\"amount\":\"1000\"}");
        api.post(merchant, "/payment-links/" + code + "/deactivate", null, Map.of());

        HttpResponse<String> english = links.open(code, "en");
        assertThat(english.statusCode()).isEqualTo(410);
        assertThat(english.body()).contains("<html lang=\"en\">", "Link deactivated");
        HttpResponse<String> french = links.pay(code, "fr", Map.of("provider", "WALLET_SN"));
        assertThat(french.statusCode()).isEqualTo(410);
        assertThat(french.body()).contains("Lien désactivé");
        assertThat(api.get(merchant, "/payments/").json().get("data")).isEmpty();
    }

    @Test
    void unknownCodesAndPostsFromOtherSitesStartNothing() {
        assertThat(links.open("aaaaaaaaaaaaaaaa", "fr").statusCode()).isEqualTo(404);
        assertThat(links.open("aaaaaaaaaaaaaaaa", "fr").body()).contains("Lien introuvable");
        assertThat(links.open("nope", "en").statusCode()).isEqualTo(404);

        String code = links.code(merchant, "{\"amount\":\"1000\"}");
        HttpResponse<String> crossSite =
                links.pay(code, "fr", Map.of("provider", "WALLET_SN"), Map.of("Sec-Fetch-Site", "cross-site"));
        assertThat(crossSite.statusCode()).isEqualTo(403);
        assertThat(api.get(merchant, "/payments/").json().get("data")).isEmpty();
    }

    @Test
    void theWebhookOfALinksPaymentCarriesTheLinksCode() {
        try (var receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            String code = links.code(merchant, "{\"amount\":\"3000\"}");
            String reference = links.paid(code, Map.of());

            api.simulate(merchant, reference, "SUCCESS");

            receiver.await(received -> received.size() == 1, Duration.ofSeconds(20));
            JsonNode notification =
                    Api.JSON.readTree(receiver.received().getFirst().bodyText());
            assertThat(notification.get("event").stringValue()).isEqualTo("transaction.success");
            assertThat(notification.get("data").get("reference").stringValue()).isEqualTo(reference);
            assertThat(notification.get("data").get("metadata").toString())
                    .isEqualTo("{\"payment_link\":\"" + code + "\"}");
        }
    }

    /** Small helpers for futures in streams. */
    private static final class LinkTest {
        static HttpResponse<String> join(Future<HttpResponse<String>> future) {
            try {
                return future.get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
