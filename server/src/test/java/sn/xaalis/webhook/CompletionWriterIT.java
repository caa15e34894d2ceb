package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * Attempts' outcomes written in groups by many deliveries at once: each recorded exactly once with its
 * own values, none where the lease was lost, and a receiver's unstorable answer (a NUL character)
 * recorded without failing the outcomes written with it. The dispatcher is stopped meanwhile and the
 * rows are due in 2000, so only this test's rows are claimed.
 */
@IntegrationTest
class CompletionWriterIT extends ApiIntegrationTest {

    @Autowired
    DeliveryLeases leases;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    WebhookDispatcher dispatcher;

    UUID application;
    Instant due = Instant.parse("2000-01-01T00:00:00Z");

    @BeforeEach
    void setUp() {
        application = UUID.fromString(api.onboardBoth().applicationId());
        dispatcher.stop();
    }

    @AfterEach
    void restartDispatcher() {
        jdbc.sql("DELETE FROM notification_attempts WHERE notification_id IN"
                        + " (SELECT id FROM notifications WHERE application_id = :app)")
                .param("app", application)
                .update();
        jdbc.sql("DELETE FROM notifications WHERE application_id = :app")
                .param("app", application)
                .update();
        dispatcher.start();
    }

    @Test
    void concurrentOutcomesAreEachRecordedOnceWhereTheLeaseHeld() throws Exception {
        int count = 300;
        pending(count);
        List<DeliveryLeases.Claimed> claimed = claimAll(count);
        // A tenth lose their lease before their outcome arrives (another node took them after it ran out).
        List<UUID> lost = claimed.stream()
                .filter(c -> c.eventId().endsWith("0:SUCCESS"))
                .map(c -> c.id().value())
                .toList();
        jdbc.sql("UPDATE notifications SET lease_token = :other WHERE id IN (:ids)")
                .param("other", UUID.randomUUID())
                .param("ids", lost)
                .update();

        List<Boolean> recorded = new ArrayList<>();
        try (CompletionWriter writer = new CompletionWriter(leases);
                ExecutorService deliveries = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> results = new ArrayList<>();
            for (DeliveryLeases.Claimed claim : claimed) {
                results.add(deliveries.submit(() -> writer.complete(outcome(claim, "ok " + claim.eventId()))));
            }
            for (Future<Boolean> result : results) {
                recorded.add(result.get());
            }
        }

        for (int i = 0; i < count; i++) {
            assertThat(recorded.get(i))
                    .isEqualTo(!lost.contains(claimed.get(i).id().value()));
        }
        Map<String, Object> delivered = jdbc.sql("SELECT COUNT(*) AS n, COUNT(delivered_at) AS at,"
                        + " SUM(CASE WHEN lease_token IS NULL THEN 0 ELSE 1 END) AS leased FROM notifications"
                        + " WHERE application_id = :app AND state = 'DELIVERED' AND attempts = 1")
                .param("app", application)
                .query()
                .singleRow();
        assertThat(((Number) delivered.get("n")).intValue()).isEqualTo(count - lost.size());
        assertThat(((Number) delivered.get("at")).intValue()).isEqualTo(count - lost.size());
        assertThat(((Number) delivered.get("leased")).intValue()).isZero();
        // Each attempt row carries its own delivery's values, once.
        List<String> mismatched = jdbc.sql("SELECT n.event_id FROM notification_attempts a JOIN notifications n"
                        + " ON n.id = a.notification_id WHERE n.application_id = :app"
                        + " AND (a.response_snippet <> 'ok ' || n.event_id OR a.attempt <> 1 OR a.status_code <> 200)")
                .param("app", application)
                .query(String.class)
                .list();
        assertThat(mismatched).isEmpty();
        assertThat(attemptsOf(lost)).isZero();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM notification_attempts a JOIN notifications n"
                                + " ON n.id = a.notification_id WHERE n.application_id = :app")
                        .param("app", application)
                        .query(Integer.class)
                        .single())
                .isEqualTo(count - lost.size());
    }

    @Test
    void aReceiversNulCharacterIsRecordedWithoutFailingTheOthers() throws Exception {
        pending(20);
        List<DeliveryLeases.Claimed> claimed = claimAll(20);
        try (CompletionWriter writer = new CompletionWriter(leases);
                ExecutorService deliveries = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < claimed.size(); i++) {
                String snippet = i == 7 ? "bad\u0000answer" : "ok";
                DeliveryLeases.Claimed claim = claimed.get(i);
                results.add(deliveries.submit(() -> writer.complete(outcome(claim, snippet))));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        }
        assertThat(jdbc.sql("SELECT response_snippet FROM notification_attempts WHERE notification_id = :id")
                        .param("id", claimed.get(7).id().value())
                        .query(String.class)
                        .single())
                .isEqualTo("bad\uFFFDanswer");
        assertThat(attemptsOf(claimed.stream().map(c -> c.id().value()).toList()))
                .isEqualTo(20);
    }

    @Test
    void aClosedWriterRefusesLateOutcomes() {
        pending(1);
        DeliveryLeases.Claimed claim = claimAll(1).getFirst();
        CompletionWriter writer = new CompletionWriter(leases);
        writer.close();

        assertThatThrownBy(() -> writer.complete(outcome(claim, "late"))).isInstanceOf(IllegalStateException.class);
        assertThat(attemptsOf(List.of(claim.id().value()))).isZero();
    }

    private DeliveryLeases.Completion outcome(DeliveryLeases.Claimed claim, String snippet) {
        Instant ended = clock.instant();
        var attempt = new NotificationView.AttemptView(
                claim.attempts() + 1,
                ended.minusMillis(3),
                3,
                "https://shop.example/hooks",
                200,
                "DELIVERED",
                null,
                snippet);
        return new DeliveryLeases.Completion(claim, attempt, DeliveryLeases.State.DELIVERED, ended, ended);
    }

    private List<DeliveryLeases.Claimed> claimAll(int count) {
        List<DeliveryLeases.Claimed> all = new ArrayList<>();
        while (all.size() < count) {
            List<DeliveryLeases.Claimed> batch =
                    leases.claim(due, 64, Map.of(), Integer.MAX_VALUE, due.plus(Duration.ofDays(1)), UUID.randomUUID());
            assertThat(batch).isNotEmpty();
            all.addAll(batch);
        }
        return all;
    }

    private int attemptsOf(List<UUID> notifications) {
        return jdbc.sql("SELECT COUNT(*) FROM notification_attempts WHERE notification_id IN (:ids)")
                .param("ids", notifications)
                .query(Integer.class)
                .single();
    }

    private void pending(int count) {
        DueNotifications.insert(jdbc, clock, application, count, due, "SVC-GROUP");
    }
}
