package sn.xaalis.counter;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.payment.PaymentSearch;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

/**
 * Issue 48: the customer's number typed at the counter or on the code form is kept on the payment
 * (normalised, apart from what the API returns), found by the portal's search (the merchant's payments
 * only) and the console's; the payment's history names who started it: the cashier, a link, the API.
 * The receipt names the shop, never the cashier nor the application.
 */
@IntegrationTest
class CounterCustomerNumberIT extends ApiIntegrationTest {

    private static final Pattern INVITATION = Pattern.compile("/portal/team/join/([A-Za-z0-9]{43})");

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PaymentSearch search;

    @Test
    void aNumberTypedAtTheCounterIsKeptFoundAndTheCashierNamed() {
        String ownerEmail = "number-owner" + System.nanoTime() + "@example.com";
        Api.Merchant shop = api.onboardAs(ownerEmail, "MOBILEMONEY_SN", "WALLET_SN");
        PortalSession owner = new PortalSession(port);
        owner.signIn(ownerEmail, Api.PASSWORD);
        PortalSession cashier = cashier(owner, "number-cashier" + System.nanoTime() + "@example.com", "Awa Diop");
        String national = number();
        String typed = national.substring(0, 2) + " " + national.substring(2, 5) + " " + national.substring(5, 7) + " "
                + national.substring(7);

        String reference = startAtCounter(cashier, shop);
        HttpResponse<String> paid = cashier.post(
                "/portal/counter/" + reference + "/code",
                Map.of("customer_phone", typed, "otp", "123456"),
                cashier.csrfFrom("/portal/counter/" + reference));
        assertThat(paid.statusCode()).as(paid.body()).isEqualTo(303);

        // Kept normalised, on the payment module's own table; the payment's customer_phone (the API's) untouched.
        assertThat(jdbc.sql("SELECT s.customer_phone || ' ' || s.started_by || ' ' || s.starter_name"
                                + " FROM payment_starts s JOIN payments p ON p.id = s.payment_id"
                                + " WHERE p.reference = :r")
                        .param("r", reference)
                        .query(String.class)
                        .single())
                .isEqualTo("+221" + national + " COUNTER Awa Diop");
        var body = api.status(shop, reference).json();
        assertThat(body.has("customer_phone") && !body.get("customer_phone").isNull())
                .as("the API's customer_phone stays what the merchant's server sent: none")
                .isFalse();
        String fromApi = api.newPayment(shop, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\"}");
        assertThat(List.copyOf(body.propertyNames()))
                .as("the API's format does not change")
                .isEqualTo(List.copyOf(api.status(shop, fromApi).json().propertyNames()));

        // The portal's search, by the number as people write it, finds the payment; the detail names the cashier.
        for (String form : List.of(typed, "+221" + national, "00221" + national, national)) {
            HttpResponse<String> found = owner.get("/portal/transactions?q=" + encode(form));
            assertThat(found.statusCode()).isEqualTo(200);
            assertThat(found.body()).as(form).contains(reference).contains("id=\"by-number\"");
        }
        String detail = owner.get("/portal/transactions/" + reference).body();
        assertThat(starterCell(detail)).contains("Awa Diop").doesNotContain("API");
        assertThat(starterCell(owner.get("/portal/transactions/" + fromApi).body()))
                .doesNotContain("Awa Diop")
                .contains("API");

        // Another merchant searching the same number finds nothing of this shop's.
        String otherEmail = "number-other" + System.nanoTime() + "@example.com";
        api.onboardAs(otherEmail, "MOBILEMONEY_SN");
        PortalSession other = new PortalSession(port);
        other.signIn(otherEmail, Api.PASSWORD);
        assertThat(other.get("/portal/transactions?q=" + encode(typed)).body()).doesNotContain(reference);

        // The operator's console, across every merchant, by the number and the day.
        Instant created = createdAt(reference);
        assertThat(search.byCustomerPhone(typed, created.minus(Duration.ofHours(1)), created.plusSeconds(3600)))
                .extracting(f -> f.payment().reference().value())
                .contains(reference);
        assertThat(search.byCustomerPhone(typed, created.plusSeconds(3600), created.plusSeconds(7200)))
                .as("outside the day asked")
                .isEmpty();

        // The receipt names the shop, not the cashier nor the application.
        String receipt =
                cashier.get("/portal/counter/" + reference + "/receipt").body();
        String article = receipt.substring(receipt.indexOf("<article"), receipt.indexOf("</article>"));
        assertThat(article).contains(">Shop<").doesNotContain("Awa Diop").doesNotContain("Shop app");
        assertThat(receipt.substring(receipt.indexOf("id=\"receipt-text\"")))
                .startsWith("id=\"receipt-text\" class=\"visually-hidden\">[TEST] Shop — ");
    }

    @Test
    void aNumberTypedOnTheCodeFormOfAnApiPaymentIsFoundTooAndALinkIsNamed() {
        String ownerEmail = "number-form" + System.nanoTime() + "@example.com";
        Api.Merchant shop = api.onboardAs(ownerEmail, "MOBILEMONEY_SN", "WALLET_SN");
        PortalSession owner = new PortalSession(port);
        owner.signIn(ownerEmail, Api.PASSWORD);
        String national = number();
        String reference = api.newPayment(shop, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500\"}");

        Api.Response typed = api.send(
                "POST",
                "/pay/" + reference + "/code",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-For", "203.0.113.48"),
                "customer_phone=" + encode("+221 " + national) + "&otp=123456");
        assertThat(typed.status()).isEqualTo(303);

        assertThat(owner.get("/portal/transactions?q=" + encode(national)).body())
                .contains(reference);
        assertThat(starterCell(owner.get("/portal/transactions/" + reference).body()))
                .contains("API");

        // A payment started from a link: its history names the link.
        Api.Response link =
                api.post(shop, "/payment-links/", "{\"amount\":\"2500\",\"description\":\"Abonnement\"}", Map.of());
        assertThat(link.status()).as(link.body()).isEqualTo(201);
        Api.Response started = api.send(
                "POST",
                "/l/" + link.json().get("code").stringValue(),
                Map.of(
                        "Content-Type", "application/x-www-form-urlencoded",
                        "Sec-Fetch-Site", "same-origin",
                        "X-Forwarded-For", "203.0.113.49"),
                "provider=WALLET_SN");
        assertThat(started.status()).as(started.body()).isEqualTo(303);
        String location = started.headers().get("location");
        String fromLink = location.substring(location.lastIndexOf('/') + 1);
        assertThat(starterCell(owner.get("/portal/transactions/" + fromLink).body()))
                .contains("Abonnement")
                .doesNotContain("API");
    }

    /** Nine digits of a Senegalese mobile number, new for each test: codes per number are budgeted. */
    private static String number() {
        return "77" + String.format("%07d", Math.floorMod(System.nanoTime() / 1000, 10_000_000L));
    }

    private String startAtCounter(PortalSession cashier, Api.Merchant shop) {
        Map<String, String> form = new HashMap<>();
        form.put("application", shop.applicationId());
        form.put("environment", "sandbox");
        form.put("amount", "4500");
        form.put("provider", "MOBILEMONEY_SN");
        form.put("token", UUID.randomUUID().toString());
        HttpResponse<String> started = cashier.post("/portal/counter", form, cashier.csrfFrom("/portal/counter"));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(303);
        String location = started.headers().firstValue("Location").orElseThrow();
        return location.substring(location.lastIndexOf('/') + 1);
    }

    /** A cashier of the owner's team, invited and joined as people do, signed in. */
    private PortalSession cashier(PortalSession owner, String email, String name) {
        HttpResponse<String> invited = owner.post(
                "/portal/team/invite", Map.of("email", email, "role", "cashier"), owner.csrfFrom("/portal/team"));
        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(302);
        String mail = jdbc.sql("SELECT body FROM mail_outbox WHERE recipient = :to AND kind = 'team-invitation'"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("to", email)
                .query(String.class)
                .single();
        Matcher token = INVITATION.matcher(mail);
        assertThat(token.find()).isTrue();
        PortalSession cashier = new PortalSession(port);
        String path = "/portal/team/join/" + token.group(1);
        HttpResponse<String> joined = cashier.post(
                path,
                Map.of("name", name, "password", Api.PASSWORD, "confirm_password", Api.PASSWORD),
                cashier.csrfFrom(path));
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(302);
        cashier.signIn(email, Api.PASSWORD);
        return cashier;
    }

    private Instant createdAt(String reference) {
        return Timestamps.fromDatabase(jdbc.sql("SELECT created_at FROM payments WHERE reference = :r")
                .param("r", reference)
                .query(OffsetDateTime.class)
                .single());
    }

    /** The history's first row's "cause" cell: who started the payment. */
    private static String starterCell(String html) {
        int at = html.indexOf("class=\"starter\"");
        assertThat(at).as("the history's first row").isPositive();
        return html.substring(at, html.indexOf("</td>", at));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
