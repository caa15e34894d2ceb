package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.ledger.LedgerTestAccess;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.settlement.SettlementDestinations;
import sn.xaalis.support.Api;
import tools.jackson.databind.JsonNode;

/**
 * What the four libraries' tests share about the balance and settlements (issue 49): a sandbox merchant with
 * 1 477 francs available (a 1 500 payment less the operator's 1.5 % fee, made available at once) and a
 * settlement number already usable; each library's script reads the balance, settles 1 000 under its key
 * (twice: one settlement), is refused another body under that key (422) and more than it has (409), settles
 * the rest under a key of its own, then reads the settlement, both pages of settlements and the balance's
 * transactions back. The scripts print the same JSON in every language, so the assertions are the same.
 */
public final class LibrarySettlements {

    private LibrarySettlements() {}

    /**
     * A fresh sandbox merchant ready to settle. The clock is not moved (the libraries' receivers check the
     * time of the notifications): the merchant's delay is 0 days, and its new number's 24 h hold is ended by
     * hand in the database, as if the day had passed.
     */
    public static Api.Merchant merchant(
            Api api, ApplicationContext context, SettlementDestinations destinations, JdbcClient jdbc) {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Api.Response pricing = api.admin(
                "PUT",
                "/merchants/" + m.merchantId() + "/pricing",
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}},"
                        + "\"availability_days\":0}");
        assertThat(pricing.status()).as(pricing.body()).isEqualTo(200);
        String reference = api.newPayment(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(api.simulate(m, reference, "SUCCESS").status()).isEqualTo(200);
        LedgerTestAccess.releaseDue(context);
        ApplicationId app = ApplicationId.valueOf(m.applicationId());
        destinations.change(
                MerchantId.valueOf(m.merchantId()),
                app,
                "Shop app",
                Environment.SANDBOX,
                Provider.WALLET_SN,
                new CustomerPhone("771234567"),
                "owner@example.sn");
        int ended = jdbc.sql("UPDATE settlement_destinations SET usable_from = changed_at"
                        + " WHERE application_id = :app AND environment = :env")
                .param("app", app.value())
                .param("env", Environment.SANDBOX.value())
                .update();
        assertThat(ended).isEqualTo(1);
        return m;
    }

    /** The script's report, as the Java, PHP, Node.js and Python libraries all print it. */
    public static void assertReport(JsonNode report, Clock clock) {
        assertThat(balance(report.get("balance_before")))
                .as(report.toString())
                .isEqualTo(List.of("sandbox", "XOF", "1477.00", "0.00"));
        JsonNode created = report.get("created");
        assertSettlement(created, "1000.00");
        assertThat(created.get("status").stringValue()).isIn("PROCESSING", "PAID");
        // The same key and body twice: one settlement; another body under that key: a 422, not retryable.
        assertThat(report.get("replayed_id").stringValue())
                .isEqualTo(created.get("id").stringValue());
        assertThat(report.at("/conflict/status").intValue()).isEqualTo(422);
        assertThat(report.at("/conflict/retryable").booleanValue()).isFalse();
        // More than is available: a 409, nothing debited.
        assertThat(report.at("/too_much/status").intValue()).isEqualTo(409);
        // All the rest, under the library's own key.
        JsonNode rest = report.get("rest");
        assertSettlement(rest, "477.00");
        assertThat(rest.get("id").stringValue()).isNotEqualTo(created.get("id").stringValue());
        assertThat(balance(report.get("balance_after"))).isEqualTo(List.of("sandbox", "XOF", "0.00", "0.00"));
        JsonNode read = report.get("read");
        assertThat(read.get("id").stringValue()).isEqualTo(created.get("id").stringValue());
        assertThat(read.get("amount").stringValue()).isEqualTo("1000.00");
        assertThat(read.get("status").stringValue()).isIn("PROCESSING", "PAID");
        // Newest first, a page at a time.
        assertThat(ids(report.at("/settlement_pages/0/ids")))
                .containsExactly(rest.get("id").stringValue());
        assertThat(report.at("/settlement_pages/0/has_more").booleanValue()).isTrue();
        assertThat(ids(report.at("/settlement_pages/1/ids")))
                .containsExactly(created.get("id").stringValue());
        assertThat(report.at("/settlement_pages/1/has_more").booleanValue()).isFalse();
        // The balance's transactions: the two settlements, then the payment with its fee.
        assertThat(report.at("/first_transactions/size").intValue()).isEqualTo(2);
        assertThat(report.at("/first_transactions/has_more").booleanValue()).isTrue();
        JsonNode transactions = report.get("transactions");
        assertThat(transactions).hasSize(3);
        assertTransaction(
                transactions.get(0),
                List.of(
                        "settlement",
                        "-477.00",
                        "0.00",
                        "-477.00",
                        rest.get("id").stringValue()),
                null);
        assertTransaction(
                transactions.get(1),
                List.of(
                        "settlement",
                        "-1000.00",
                        "0.00",
                        "-1000.00",
                        created.get("id").stringValue()),
                null);
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneId.of("Africa/Dakar"));
        JsonNode payment = transactions.get(2);
        assertThat(payment.get("type").stringValue()).isEqualTo("payment");
        assertThat(List.of(
                        payment.get("amount").stringValue(),
                        payment.get("fee").stringValue(),
                        payment.get("net").stringValue()))
                .isEqualTo(List.of("1500.00", "23.00", "1477.00"));
        assertThat(payment.get("reference").stringValue()).matches("SVC-[A-Z0-9]{8}");
        assertThat(payment.get("available_on").stringValue()).isEqualTo(today.toString());
        assertThat(report.at("/unknown/status").intValue()).isEqualTo(404);
    }

    private static void assertSettlement(JsonNode s, String amount) {
        assertThat(s.get("id").stringValue()).matches("[0-9a-f-]{36}");
        assertThat(s.get("reference").stringValue()).matches("STL-[A-Z0-9]{8}");
        assertThat(s.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(s.get("amount").stringValue()).isEqualTo(amount);
        assertThat(s.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(s.get("provider").stringValue()).isEqualTo("WALLET_SN");
        assertThat(s.get("destination").stringValue()).isEqualTo("+221 77 *** ** 67");
        assertThat(s.get("payout_reference").stringValue()).matches("OUT-[A-Z0-9]{8}");
        assertThat(s.get("origin").stringValue()).isEqualTo("api");
        assertThat(s.get("failure_code").isNull()).isTrue();
        assertThat(s.get("has_times").booleanValue()).isTrue();
    }

    private static void assertTransaction(JsonNode t, List<String> fields, String availableOn) {
        assertThat(t.get("id").stringValue()).as(t.toString()).isNotBlank();
        assertThat(List.of(
                        t.get("type").stringValue(),
                        t.get("amount").stringValue(),
                        t.get("fee").stringValue(),
                        t.get("net").stringValue(),
                        t.get("reference").stringValue()))
                .as(t.toString())
                .isEqualTo(fields);
        assertThat(t.get("has_created_at").booleanValue()).isTrue();
        assertThat(t.get("available_on").isNull()).as(t.toString()).isEqualTo(availableOn == null);
    }

    private static List<String> balance(JsonNode b) {
        return List.of(
                b.get("environment").stringValue(),
                b.get("currency").stringValue(),
                b.get("available").stringValue(),
                b.get("pending").stringValue());
    }

    private static List<String> ids(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.stringValue()));
        return values;
    }

    /** The merchant's keys as the scripts read them (XAALIS_BASE_URL and the three keys). */
    public static Map<String, String> keys(Api api, Api.Merchant m) {
        return LibraryPayouts.keys(api, m);
    }
}
