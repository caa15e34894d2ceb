package sn.xaalis.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * The ledger's invariant check on the real database: balanced after payments and refunds, and each kind
 * of break, written straight into the tables as only a bug or a hand could, found by the check, counted
 * by the metric, shown in the API; the daily run runs once a day across nodes.
 */
@IntegrationTest
class LedgerCheckIT extends ApiIntegrationTest {

    @Autowired
    LedgerChecks checks;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;
    final List<Runnable> undo = new ArrayList<>();

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    /** Every break injected is taken back, and a balanced result stored last, for the tests after these. */
    @AfterEach
    void restore() {
        undo.reversed().forEach(Runnable::run);
        undo.clear();
        checks.runNow();
    }

    private String paid(String amount) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        return reference;
    }

    private JsonNode check() {
        var response = api.admin("GET", "/ledger/check", null);
        assertThat(response.status()).isEqualTo(200);
        return response.json();
    }

    private static List<String> values(JsonNode list, String field) {
        List<String> values = new ArrayList<>();
        list.forEach(row -> values.add(row.get(field).stringValue()));
        return values;
    }

    @Test
    void theLedgerBalancesAfterPaymentsAndRefunds() {
        paid("1500");
        String refunded = paid("2000");
        assertThat(api.post(merchant, "/payments/" + refunded + "/refund/", null, Map.of("Idempotency-Key", "r-1"))
                        .status())
                .isEqualTo(200);

        java.time.Instant before = Timestamps.truncate(clock.instant());
        JsonNode check = check();

        assertThat(check.get("balanced").booleanValue()).as(check.toString()).isTrue();
        assertThat(check.get("transactions").longValue()).isGreaterThanOrEqualTo(3);
        assertThat(java.time.Instant.parse(check.get("checked_at").stringValue()))
                .isBetween(before, clock.instant());
        assertThat(check.get("unbalanced_transactions").size()).isZero();
        assertThat(check.get("unbalanced_count").longValue()).isZero();
        assertThat(check.get("balance_mismatches").size()).isZero();
        assertThat(check.get("balance_mismatch_count").longValue()).isZero();
        assertThat(check.get("missing_postings").size()).isZero();
        assertThat(check.get("missing_posting_count").longValue()).isZero();
        assertThat(Metrics.scrape(api).sum("xaalis_ledger_check_breaks", Map.of()))
                .isZero();
        // Stored: the last result is this one.
        assertThat(checks.latest().orElseThrow().balanced()).isTrue();
    }

    @Test
    void withoutTheAdminTokenItIsRefused() {
        var response = api.unchecked().send("GET", "/admin/v1/ledger/check", Map.of(), null);
        assertThat(response.status()).isEqualTo(401);
        var wrong = api.unchecked()
                .send("GET", "/admin/v1/ledger/check", Map.of("Authorization", "Bearer wrong-token-0123456789"), null);
        assertThat(wrong.status()).isEqualTo(401);
    }

    @Test
    void anUnbalancedTransactionIsFound() {
        UUID tx = UUID.randomUUID();
        jdbc.sql("INSERT INTO ledger_transactions (id, cause_kind, cause_id, type, application_id, environment,"
                        + " currency, amount, fee, net, created_at) VALUES (:id, 'adjustment', :cause, 'adjustment',"
                        + " :app, 'sandbox', 'XOF', 5, 0, 5, :at)")
                .param("id", tx)
                .param("cause", tx.toString())
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("at", Timestamps.toDatabase(clock.instant()))
                .update();
        jdbc.sql("INSERT INTO ledger_entries (transaction_id, account_key, currency, amount) VALUES"
                        + " (:id, 'fees:sandbox:XOF', 'XOF', 5)")
                .param("id", tx)
                .update();
        undo.add(() -> {
            jdbc.sql("DELETE FROM ledger_entries WHERE transaction_id = :id")
                    .param("id", tx)
                    .update();
            jdbc.sql("DELETE FROM ledger_transactions WHERE id = :id")
                    .param("id", tx)
                    .update();
        });

        JsonNode check = check();

        assertThat(check.get("balanced").booleanValue()).isFalse();
        assertThat(check.get("unbalanced_count").longValue()).isEqualTo(1);
        JsonNode row = check.get("unbalanced_transactions").get(0);
        assertThat(row.get("transaction_id").stringValue()).isEqualTo(tx.toString());
        assertThat(row.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(row.get("sum").stringValue()).isEqualTo("5");
        assertThat(Metrics.scrape(api).sum("xaalis_ledger_check_breaks", Map.of()))
                .isEqualTo(1.0);
    }

    @Test
    void aTamperedBalanceIsFound() {
        paid("1500");
        String key = "pending:" + merchant.applicationId() + ":sandbox:XOF";
        jdbc.sql("UPDATE ledger_balances SET balance = balance + 1 WHERE account_key = :key")
                .param("key", key)
                .update();
        undo.add(() -> jdbc.sql("UPDATE ledger_balances SET balance = balance - 1 WHERE account_key = :key")
                .param("key", key)
                .update());

        JsonNode check = check();

        assertThat(check.get("balanced").booleanValue()).isFalse();
        assertThat(check.get("balance_mismatch_count").longValue()).isEqualTo(1);
        JsonNode row = check.get("balance_mismatches").get(0);
        assertThat(row.get("account").stringValue()).isEqualTo(key);
        assertThat(row.get("balance").stringValue()).isEqualTo("1501");
        assertThat(row.get("entries").stringValue()).isEqualTo("1500");
    }

    @Test
    void aSuccessWithoutItsPostingAndARefundWithoutItsAreFound() {
        String unposted = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"700\"}");
        String refunded = paid("900");
        // As only a bug could: statuses changed without the ledger.
        jdbc.sql("UPDATE payments SET status = 'SUCCESS', paid_at = :at WHERE reference = :r")
                .param("at", Timestamps.toDatabase(clock.instant()))
                .param("r", unposted)
                .update();
        jdbc.sql("UPDATE payments SET status = 'REFUNDED' WHERE reference = :r")
                .param("r", refunded)
                .update();
        undo.add(() -> jdbc.sql("UPDATE payments SET status = 'FAILED' WHERE reference IN (:r)")
                .param("r", List.of(unposted, refunded))
                .update());

        JsonNode check = check();

        assertThat(check.get("balanced").booleanValue()).isFalse();
        assertThat(check.get("missing_posting_count").longValue()).isEqualTo(2);
        JsonNode missing = check.get("missing_postings");
        assertThat(values(missing, "reference")).containsExactlyInAnyOrder(unposted, refunded);
        for (JsonNode row : missing) {
            if (row.get("reference").stringValue().equals(unposted)) {
                assertThat(row.get("status").stringValue()).isEqualTo("SUCCESS");
                assertThat(row.get("posting").stringValue()).isEqualTo("payment");
            } else {
                assertThat(row.get("status").stringValue()).isEqualTo("REFUNDED");
                assertThat(row.get("posting").stringValue()).isEqualTo("refund");
            }
        }
        assertThat(Metrics.scrape(api).sum("xaalis_ledger_check_breaks", Map.of()))
                .isEqualTo(2.0);
    }

    @Test
    void theDailyCheckRunsOnceADayWhateverTheNumberOfNodes() throws Exception {
        clock.advance(Duration.ofDays(3)); // a day no run has claimed yet
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneId.of("Africa/Dakar"));
        int nodes = 4;
        var barrier = new CyclicBarrier(nodes);
        List<Future<Boolean>> runs = new ArrayList<>();
        try (var pool = Executors.newFixedThreadPool(nodes)) {
            for (int i = 0; i < nodes; i++) {
                runs.add(pool.submit(() -> {
                    barrier.await();
                    return checks.runDailyIfDue();
                }));
            }
        }
        int ran = 0;
        for (Future<Boolean> run : runs) {
            ran += run.get() ? 1 : 0;
        }
        assertThat(ran).isEqualTo(1);
        assertThat(checks.runDailyIfDue()).as("a second pass the same day").isFalse();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_checks WHERE run_day = :day AND checked_at IS NOT NULL")
                        .param("day", java.sql.Date.valueOf(day))
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);

        clock.advance(Duration.ofDays(1));
        assertThat(checks.runDailyIfDue()).as("the next day").isTrue();
    }

    @Test
    void aDailyRunWhoseNodeDiedIsTakenOverAfterItsLease() {
        clock.advance(Duration.ofDays(10));
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneId.of("Africa/Dakar"));
        jdbc.sql("INSERT INTO ledger_checks (id, run_day, started_at) VALUES (:id, :day, :at)")
                .param("id", UUID.randomUUID())
                .param("day", java.sql.Date.valueOf(day))
                .param("at", Timestamps.toDatabase(clock.instant()))
                .update();

        assertThat(checks.runDailyIfDue()).as("claimed by a node still running").isFalse();
        clock.advance(Duration.ofMinutes(61));
        assertThat(checks.runDailyIfDue()).as("its lease has passed").isTrue();
        assertThat(checks.runDailyIfDue()).isFalse();
    }
}
