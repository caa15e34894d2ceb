package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import sn.xaalis.support.Api;
import sn.xaalis.support.WebhookReceiver;

/**
 * The promises a fault must not break, checked on the database and on the receiver after a run of
 * {@link MixedLoad}: every payment a client was told about exists, no initiation was duplicated by
 * retries, no transition was applied twice, and every status change reached the receiver.
 */
final class Invariants {

    private final String jdbcUrl;

    /** @param jdbcUrl where the nodes' tables are (with {@code currentSchema} when needed) */
    Invariants(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * Waits until the run has settled (no payment of the run still PROCESSING, every notification
     * delivered), then checks everything and prints the counts under {@code title}.
     */
    void check(String title, MixedLoad load, WebhookReceiver receiver, Duration settle, String... extraLines) {
        assertThat(load.unexpected).as("answers no client should get").isEmpty();
        settle(load, settle);

        // 1. Every payment a client got a 201 for is there; one payment per Idempotency-Key.
        Map<String, String> referenceByKey = new HashMap<>();
        Map<String, Integer> paymentsPerKey = new HashMap<>();
        Map<String, String> statusByReference = new HashMap<>();
        for (String[] row : rows("SELECT reference, metadata, status FROM payments", 3)) {
            String key = Api.JSON.readTree(row[1]).path("key").stringValue();
            paymentsPerKey.merge(key, 1, Integer::sum);
            referenceByKey.put(key, row[0]);
            statusByReference.put(row[0], row[2]);
        }
        assertThat(load.createdByKey.keySet())
                .as("every key was answered 201 in the end")
                .containsExactlyInAnyOrderElementsOf(load.keysSent);
        load.createdByKey.forEach((key, reference) -> assertThat(referenceByKey.get(key))
                .as("the payment answered for key %s is stored", key)
                .isEqualTo(reference));
        Map<String, Integer> duplicated = new HashMap<>(paymentsPerKey);
        duplicated.values().removeIf(n -> n == 1);
        assertThat(duplicated).as("keys with more than one payment").isEmpty();
        assertThat(count(
                        "SELECT COUNT(*) FROM (SELECT metadata FROM payments GROUP BY metadata HAVING COUNT(*) > 1) d"))
                .as("duplicated initiations, in SQL")
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM payments")).isEqualTo(load.keysSent.size());

        // 2. No transition applied twice; each payment's history is one chain ending at its status.
        assertThat(count("SELECT COUNT(*) FROM (SELECT payment_id, to_status FROM payment_status_history"
                        + " GROUP BY payment_id, to_status HAVING COUNT(*) > 1) twice"))
                .as("transitions applied twice")
                .isZero();
        Map<String, List<String[]>> history = new HashMap<>();
        for (String[] row : rows(
                "SELECT p.reference, h.from_status, h.to_status FROM payment_status_history h"
                        + " JOIN payments p ON p.id = h.payment_id ORDER BY h.id",
                3)) {
            history.computeIfAbsent(row[0], r -> new ArrayList<>()).add(row);
        }
        Set<String> changes = new HashSet<>();
        history.forEach((reference, chain) -> {
            String previous = null;
            for (String[] step : chain) {
                assertThat(step[1]).as("history of %s is one chain", reference).isEqualTo(previous);
                previous = step[2];
                if (step[1] != null) {
                    changes.add(reference + ":" + step[2]);
                }
            }
            assertThat(previous)
                    .as("last history row of %s is its status", reference)
                    .isEqualTo(statusByReference.get(reference));
        });
        assertThat(history.keySet()).containsExactlyInAnyOrderElementsOf(statusByReference.keySet());
        load.appliedOutcomes.forEach((reference, outcomes) -> {
            assertThat(outcomes)
                    .as("simulations of %s answered 200 (one at most may win)", reference)
                    .hasSize(1);
            assertThat(statusByReference.get(reference)).isEqualTo(outcomes.get(0));
        });
        load.magicExpected.forEach((reference, status) -> assertThat(statusByReference.get(reference))
                .as("magic phone of %s", reference)
                .isEqualTo(status));
        int simulated = load.createdByKey.size() - load.magicExpected.size();
        assertThat(load.appliedOutcomes)
                .as("every simulated payment got one 200")
                .hasSize(simulated);

        // 3. Every status change has one notification, delivered, and the receiver got each of them
        // with a valid signature and the same bytes on every attempt.
        assertThat(count("SELECT COUNT(*) FROM (SELECT event_id FROM notifications"
                        + " GROUP BY event_id HAVING COUNT(*) > 1) twice"))
                .as("a transition notified under two notifications")
                .isZero();
        Set<String> notified = new HashSet<>();
        rows("SELECT event_id FROM notifications", 1).forEach(r -> notified.add(r[0]));
        assertThat(notified).as("one notification per status change").containsExactlyInAnyOrderElementsOf(changes);
        Map<String, byte[]> bodies = new HashMap<>();
        int duplicates = 0;
        for (WebhookReceiver.Received r : receiver.received()) {
            assertThat(r.signatureValid()).as("signature of a delivery").isTrue();
            String id = Api.JSON.readTree(r.body()).get("id").stringValue();
            byte[] earlier = bodies.putIfAbsent(id, r.body());
            if (earlier != null) {
                duplicates++;
                assertThat(Arrays.equals(earlier, r.body()))
                        .as("same bytes on every attempt of %s", id)
                        .isTrue();
            }
        }
        assertThat(bodies.keySet())
                .as("ids received = status changes in the history")
                .containsExactlyInAnyOrderElementsOf(changes);

        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("payments started by clients", load.keysSent.size());
        counts.put("payments stored", statusByReference.size());
        counts.put("of which magic phones", load.magicExpected.size());
        counts.put("conflicting simulation pairs (one 200, one 409 each)", load.conflictingPairs.get());
        counts.put("HTTP requests sent", load.requests.get());
        counts.put("  unanswered (retried, same key)", load.noAnswer.get());
        counts.put("  5xx answers (retried, same key)", load.serverErrors.get());
        counts.put("  replayed answers (Idempotent-Replayed)", load.replayed.get());
        counts.put("  409 refusals of a second outcome", load.refused409.get());
        counts.put("status changes in the history", changes.size());
        counts.put("notifications (outbox rows)", notified.size());
        counts.put("webhook requests received", receiver.received().size());
        counts.put("  redeliveries of an id already received", duplicates);
        counts.put("duplicated initiations", 0);
        counts.put("transitions applied twice", 0);
        counts.put("changes never notified", 0);
        StringBuilder out = new StringBuilder("\n=== " + title + " ===\n");
        counts.forEach((name, value) -> out.append(String.format("  %-55s %8s%n", name, value)));
        for (String line : extraLines) {
            out.append("  ").append(line).append('\n');
        }
        System.out.print(out);
    }

    /** Bounded wait for the run to come to rest, with what is still moving in the failure message. */
    private void settle(MixedLoad load, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Supplier<String> moving = () -> {
            long processing = count("SELECT COUNT(*) FROM payments WHERE status = 'PROCESSING'");
            long undelivered = count("SELECT COUNT(*) FROM notifications WHERE state <> 'DELIVERED'");
            return processing == 0 && undelivered == 0
                    ? null
                    : processing + " payments still PROCESSING, " + undelivered + " notifications not delivered ("
                            + rows("SELECT state || ' x' || COUNT(*) FROM notifications GROUP BY state", 1).stream()
                                    .map(r -> r[0])
                                    .toList()
                            + ")";
        };
        String state = moving.get();
        while (state != null && System.nanoTime() < deadline) {
            sleep(200);
            state = moving.get();
        }
        if (state != null) {
            throw new AssertionError("the run did not settle within " + timeout + ": " + state);
        }
    }

    long count(String query) {
        return Long.parseLong(rows(query, 1).get(0)[0]);
    }

    List<String[]> rows(String query, int columns) {
        // The shared PostgreSQL may be briefly full of other builds' connections.
        for (int attempt = 1; ; attempt++) {
            try {
                return read(query, columns);
            } catch (SQLException e) {
                if (!"53300".equals(e.getSQLState()) || attempt == 10) {
                    throw new IllegalStateException(query, e);
                }
                sleep(500);
            }
        }
    }

    private List<String[]> read(String query, int columns) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, "postgres", "");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(query)) {
            List<String[]> rows = new ArrayList<>();
            while (rs.next()) {
                String[] row = new String[columns];
                for (int c = 0; c < columns; c++) {
                    row[c] = rs.getString(c + 1);
                }
                rows.add(row);
            }
            return rows;
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
