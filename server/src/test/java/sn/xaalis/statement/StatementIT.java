package sn.xaalis.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;

/**
 * The statement on the real database, through the portal and the console: sandbox payments on the
 * installation's account with their fee, a refund, a payment on the merchant's own connection in its
 * own section, the period's days in the merchant's time zone, the opening read through the daily
 * closings, the CSV in both languages, another merchant's application a 404, and the monthly e-mail
 * sent once however many passes and nodes.
 */
@IntegrationTest
class StatementIT extends ApiIntegrationTest {

    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    StatementClosings closings;

    @Autowired
    MonthlyStatements monthly;

    @Autowired
    MerchantPreferences preferences;

    private String paid(Api.Merchant merchant, String amount) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        return reference;
    }

    /** Moves a payment's posting (and its refund's) to {@code at}: the test's way to place it in time. */
    private void postedAt(String reference, String type, Instant at) {
        assertThat(jdbc.sql("UPDATE ledger_transactions SET created_at = :at WHERE reference = :ref AND type = :type")
                        .param("at", java.time.OffsetDateTime.ofInstant(at, java.time.ZoneOffset.UTC))
                        .param("ref", reference)
                        .param("type", type)
                        .update())
                .isEqualTo(1);
    }

    /** A payment collected on the merchant's own connection, paid at {@code at}. */
    private String direct(Api.Merchant merchant, String amount, Instant at, String status) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        jdbc.sql("UPDATE payments SET connection_id = :connection, status = :status, paid_at = :at, created_at = :at"
                        + " WHERE reference = :ref")
                .param("connection", UUID.randomUUID())
                .param("status", status)
                .param("at", java.time.OffsetDateTime.ofInstant(at, java.time.ZoneOffset.UTC))
                .param("ref", reference)
                .update();
        return reference;
    }

    private static String november(String env, String from, String to) {
        return "?env=" + env + "&period=custom&from=" + from + "&to=" + to;
    }

    @Test
    void theStatementListsThePeriodsMovementsInTheMerchantsDaysWithItsBalances() throws Exception {
        String email = "statement" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        preferences.setTimeZone(MerchantId.valueOf(merchant.merchantId()), PARIS.getId());
        assertThat(api.admin(
                                "PUT",
                                "/merchants/" + merchant.merchantId() + "/pricing",
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\","
                                        + "\"max\":null}}}")
                        .status())
                .isEqualTo(200);
        // October's: 1500 paid (fee 23) on the 10th.
        String october = paid(merchant, "1500");
        postedAt(october, "payment", Instant.parse("2025-10-10T10:00:00Z"));
        // 23:30 UTC on 31 October is 00:30 on 1 November in Paris: November's, for this merchant.
        String midnight = paid(merchant, "10000");
        postedAt(midnight, "payment", Instant.parse("2025-10-31T23:30:00Z"));
        // Refunded in November. Paid without a fee (the merchant back on the default plan): a refund takes
        // the payment's net from pending and the rest from available, which holds nothing yet, and a
        // refund the balance cannot cover is refused.
        assertThat(api.admin("PUT", "/merchants/" + merchant.merchantId() + "/pricing", "{\"providers\":{}}")
                        .status())
                .isEqualTo(200);
        String refunded = paid(merchant, "2000");
        postedAt(refunded, "payment", Instant.parse("2025-11-05T09:00:00Z"));
        assertThat(api.post(merchant, "/payments/" + refunded + "/refund/", null, Map.of("Idempotency-Key", "r-1"))
                        .status())
                .isEqualTo(200);
        postedAt(refunded, "refund", Instant.parse("2025-11-06T09:00:00Z"));
        // 23:30 UTC on 30 November is 1 December in Paris: not November's.
        String december = paid(merchant, "700");
        postedAt(december, "payment", Instant.parse("2025-11-30T23:30:00Z"));
        String own = direct(merchant, "5000", Instant.parse("2025-11-12T12:00:00Z"), "SUCCESS");
        String ownRefunded = direct(merchant, "800", Instant.parse("2025-11-13T12:00:00Z"), "REFUNDED");
        direct(merchant, "900", Instant.parse("2025-12-13T12:00:00Z"), "SUCCESS");

        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String base = "/portal/applications/" + merchant.applicationId() + "/statement";
        HttpResponse<String> page = portal.get(base + november("sandbox", "2025-11-01", "2025-11-30"));
        assertThat(page.statusCode()).isEqualTo(200);
        String html = page.body();
        // Opening: October's 1477. Movements: 10000 less its fee 150, 2000 and its refund -2000. Closing 11327.
        assertThat(html).contains("id=\"opening\">XOF\u00a01,477<");
        assertThat(html).contains("id=\"fees\">XOF\u00a0150<");
        assertThat(html).contains("id=\"closing\"><strong>XOF\u00a011,327</strong>");
        assertThat(html).contains(midnight, refunded, own, ownRefunded).doesNotContain(december, october);
        assertThat(html).contains("Collected directly on your account");

        // The same through the closings the job writes: the opening no longer sums the history.
        closings.closeAll();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM statement_closings WHERE application_id = :app")
                        .param("app", UUID.fromString(merchant.applicationId()))
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        assertThat(portal.get(base + november("sandbox", "2025-11-01", "2025-11-30"))
                        .body())
                .contains("id=\"opening\">XOF\u00a01,477<")
                .contains("id=\"closing\"><strong>XOF\u00a011,327</strong>");
        // December: opens on November's closing.
        assertThat(portal.get(base + november("sandbox", "2025-12-01", "2025-12-31"))
                        .body())
                .contains("id=\"opening\">XOF\u00a011,327<");

        // The CSV: BOM, ';', French headers, every movement with its running balance, then the direct ones.
        HttpResponse<String> csv = portal.getWithCookie(
                base + ".csv" + november("sandbox", "2025-11-01", "2025-11-30"), "xaalis_lang", "fr");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.getFirst())
                .isEqualTo("\ufeff\"Date\";\"Type\";\"Référence\";\"Montant\";\"Frais\";\"Net\";\"Solde\"");
        assertThat(lines.get(1)).isEqualTo("\"2025-11-01 00:00:00\";\"Solde d’ouverture\";;;;;1477");
        assertThat(lines.get(2))
                .isEqualTo("\"2025-11-01 00:30:00\";\"Paiement\";\"" + midnight + "\";10000;150;9850;11327");
        assertThat(lines.get(3))
                .isEqualTo("\"2025-11-05 10:00:00\";\"Paiement\";\"" + refunded + "\";2000;0;2000;13327");
        assertThat(lines.get(4))
                .isEqualTo("\"2025-11-06 10:00:00\";\"Remboursement\";\"" + refunded + "\";-2000;0;-2000;11327");
        assertThat(lines.get(5)).isEqualTo("\"2025-12-01 00:00:00\";\"Solde de clôture\";;;150;9850;11327");
        assertThat(lines.get(6)).contains("Encaissé directement sur votre compte", own, ";5000;");
        assertThat(lines.get(7)).contains("remboursé", ownRefunded);
        assertThat(lines).hasSize(8);
        HttpResponse<String> english = portal.get(base + ".csv" + november("sandbox", "2025-11-01", "2025-11-30"));
        assertThat(english.body().lines().findFirst().orElseThrow())
                .isEqualTo("\ufeff\"Date\";\"Type\";\"Reference\";\"Amount\";\"Fee\";\"Net\";\"Balance\"");

        // The printable page and the console's statement of the same application.
        assertThat(portal.get(base + "/print" + november("sandbox", "2025-11-01", "2025-11-30"))
                        .body())
                .contains("@media print", "XOF\u00a011,327");

        // Another merchant's application: the same 404 as none, for the page, the download and the print.
        Api.Merchant other = api.onboard("WALLET_SN");
        paid(other, "3000");
        String theirs = "/portal/applications/" + other.applicationId() + "/statement";
        HttpResponse<String> notFound = portal.getPage(theirs);
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(notFound.body()).contains("<html").doesNotContain("Shop app");
        assertThat(portal.get(theirs + ".csv").statusCode()).isEqualTo(404);
        assertThat(portal.get(theirs + "/print").statusCode()).isEqualTo(404);
        assertThat(portal.getPage("/portal/applications/not-an-id/statement").statusCode())
                .isEqualTo(404);
    }

    @Test
    void aMovementlessPeriodOpensAndClosesOnTheBalanceAndPagesChain() {
        String email = "statement" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        for (int i = 0; i < 3; i++) {
            postedAt(paid(merchant, "1000"), "payment", Instant.parse("2025-06-0" + (i + 1) + "T12:00:00Z"));
        }
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String base = "/portal/applications/" + merchant.applicationId() + "/statement";
        String july = portal.get(base + november("sandbox", "2025-07-01", "2025-07-31"))
                .body();
        assertThat(july).contains("id=\"opening\">XOF\u00a03,000<").contains("No movement in this period.");
        // An unreadable period is this month, with a message; the page still answers.
        assertThat(portal.get(base + november("sandbox", "2025-07-31", "2025-07-01"))
                        .body())
                .contains("the first day must come before the last");
    }

    @Test
    void theMonthlyStatementIsMailedOnceWhateverThePassesAndNodes() throws Exception {
        String email = "monthly" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        UUID app = UUID.fromString(merchant.applicationId());
        // Last month's live money, as the ledger writes it (live payments need a live provider).
        YearMonth last = YearMonth.from(LocalDate.ofInstant(clock.instant(), MonthlyStatements.DAKAR))
                .minusMonths(1);
        Instant inLastMonth =
                last.atDay(15).atStartOfDay(MonthlyStatements.DAKAR).toInstant();
        jdbc.sql("INSERT INTO ledger_transactions (id, cause_kind, cause_id, type, application_id, environment,"
                        + " currency, amount, fee, net, reference, created_at) VALUES (:id, 'test', :cause, 'payment',"
                        + " :app, 'live', 'XOF', 4500, 45, 4455, 'SVC-MONTHLY1', :at)")
                .param("id", UUID.randomUUID())
                .param("cause", UUID.randomUUID().toString())
                .param("app", app)
                .param("at", java.time.OffsetDateTime.ofInstant(inLastMonth, java.time.ZoneOffset.UTC))
                .update();
        jdbc.sql("INSERT INTO ledger_balances (account_key, application_id, environment, kind, currency, balance)"
                        + " VALUES (:key, :app, 'live', 'pending', 'XOF', 4455)")
                .param("key", "pending:" + app + ":live:XOF")
                .param("app", app)
                .update();

        // Two nodes at once, then a pass again.
        var barrier = new CyclicBarrier(2);
        try (var pool = Executors.newFixedThreadPool(2)) {
            List<Future<Integer>> passes = List.of(
                    pool.submit(() -> {
                        barrier.await();
                        return monthly.sendDue();
                    }),
                    pool.submit(() -> {
                        barrier.await();
                        return monthly.sendDue();
                    }));
            for (Future<Integer> pass : passes) {
                pass.get();
            }
        }
        monthly.sendDue();

        List<Map<String, Object>> mails = jdbc.sql(
                        "SELECT subject, body FROM mail_outbox WHERE recipient = :to AND kind = 'monthly-statement'")
                .param("to", email)
                .query()
                .listOfRows();
        assertThat(mails).hasSize(1);
        String body = (String) mails.getFirst().get("body");
        assertThat(body)
                .contains("Solde de clôture : 4\u00a0455\u00a0FCFA")
                .contains("Closing balance: XOF\u00a04,455")
                .contains("/portal/applications/" + app + "/statement?env=live&period=custom&from=" + last.atDay(1));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM statement_mailings WHERE application_id = :app")
                        .param("app", app)
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
    }
}
