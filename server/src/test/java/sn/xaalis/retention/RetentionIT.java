package sn.xaalis.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payout.PayoutBatch;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.SettingsNobodyElseMinds;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;
import sn.xaalis.webhook.WebhookDeliveries;
import tools.jackson.databind.JsonNode;

/**
 * Retention (D24) on the real tables: each kind goes after its own window and not before, payments
 * and their history never, and the delivery log stays whole (no attempt without its notification,
 * pages and the operator API still answer). Not the tests' main context: these tests move its clock by
 * months, and its job never runs by itself (the tests run it when time has moved); a different window
 * per kind, tiny batches. It shares one with tests that mind none of that ({@link SettingsNobodyElseMinds}).
 */
@IntegrationTest
@SettingsNobodyElseMinds
class RetentionIT extends ApiIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Autowired
    RetentionJob job;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    ProviderExchanges exchanges;

    @Autowired
    WebhookDeliveries deliveries;

    @Autowired
    MeterRegistry registry;

    @Autowired
    PayoutBatches payoutFiles;

    @Autowired
    PayoutSettings payoutSettings;

    @Autowired
    ApplicationDirectory directory;

    @Test
    void eachKindGoesAfterItsOwnWindowWhilePaymentsAndTheirHistoryStay() {
        String email = "retention" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Api.Merchant withoutWebhook = api.onboard("WALLET_SN");
        drain(() -> job.purge().total()); // other tests' leftovers: from here on, only this test's rows are due
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            // A failed payment's notification is refused for good (410): that notification is FAILED.
            receiver.respondWith(r -> r.bodyText().contains("\"status\":\"FAILED\"") ? 410 : 200);
            String delivered = paid(merchant, "SUCCESS", "DELIVERED");
            String failed = paid(merchant, "FAILED", "FAILED");
            String resent = paid(merchant, "SUCCESS", "DELIVERED");
            // Re-sent and waiting for its next attempt: still being delivered, whatever its age.
            jdbc.sql("UPDATE notifications SET state = 'PENDING', next_attempt_at = :later WHERE event_id = :event")
                    .param("later", Timestamps.toDatabase(Instant.parse("2200-01-01T00:00:00Z")))
                    .param("event", resent + ":SUCCESS")
                    .update();
            String undeliverable = paid(withoutWebhook, "SUCCESS", "UNDELIVERABLE");
            exchange(delivered);
            exchange(failed);
            List<Map<String, Object>> payments = payments(merchant, withoutWebhook);
            List<Map<String, Object>> history = history(merchant, withoutWebhook);
            assertThat(history).hasSizeGreaterThanOrEqualTo(8); // created and changed, four payments

            clock.advance(Duration.ofDays(31));
            RetentionJob.Deleted first = purgeCounted();
            assertThat(attempts(delivered + ":SUCCESS")).as("past 30 days").isZero();
            assertThat(attempts(failed + ":FAILED")).isZero();
            assertThat(attempts(resent + ":SUCCESS"))
                    .as("its notification is pending")
                    .isEqualTo(1);
            assertThat(state(delivered + ":SUCCESS")).as("kept 90 days").isEqualTo("DELIVERED");
            assertThat(exchanges.forReference(delivered)).as("kept 60 days").hasSize(1);
            assertThat(first.notificationAttempts()).isGreaterThanOrEqualTo(2);
            assertThat(first.deliveredNotifications()).isZero();
            assertThat(first.providerExchanges()).isZero();

            clock.advance(Duration.ofDays(30));
            purgeCounted();
            assertThat(exchanges.forReference(delivered)).as("past 60 days").isEmpty();
            assertThat(exchanges.forReference(failed)).isEmpty();
            assertThat(state(delivered + ":SUCCESS")).isEqualTo("DELIVERED");

            clock.advance(Duration.ofDays(30));
            String recent = paid(merchant, "SUCCESS", "DELIVERED");
            exchange(recent);
            RetentionJob.Deleted last = purgeCounted();
            assertThat(state(delivered + ":SUCCESS"))
                    .as("delivered 91 days ago")
                    .isNull();
            assertThat(last.deliveredNotifications()).isGreaterThanOrEqualTo(1);
            assertThat(state(failed + ":FAILED")).as("may still be re-sent").isEqualTo("FAILED");
            assertThat(state(resent + ":SUCCESS")).isEqualTo("PENDING");
            assertThat(attempts(resent + ":SUCCESS")).isEqualTo(1);
            assertThat(stateOf(withoutWebhook, undeliverable + ":SUCCESS")).isEqualTo("UNDELIVERABLE");
            assertThat(state(recent + ":SUCCESS")).as("recent").isEqualTo("DELIVERED");
            assertThat(attempts(recent + ":SUCCESS")).isEqualTo(1);
            assertThat(exchanges.forReference(recent)).hasSize(1);
            assertThat(orphanAttempts()).isZero();

            assertThat(payments(merchant, withoutWebhook))
                    .as("payments are never deleted nor changed")
                    .containsAll(payments)
                    .hasSize(payments.size() + 1);
            assertThat(history(merchant, withoutWebhook)).containsAll(history).hasSize(history.size() + 2);

            // What the merchant and the operator read still answers, without the purged notification.
            assertThat(api.status(merchant, delivered).json().get("status").stringValue())
                    .isEqualTo("SUCCESS");
            Api.Response log = api.admin("GET", "/applications/" + merchant.applicationId() + "/notifications", null);
            assertThat(log.status()).isEqualTo(200);
            assertThat(eventIds(log.json()))
                    .contains(failed + ":FAILED", resent + ":SUCCESS", recent + ":SUCCESS")
                    .doesNotContain(delivered + ":SUCCESS");
            PortalSession browser = new PortalSession(port);
            browser.signIn(email, Api.PASSWORD);
            var page = browser.get("/portal/transactions/" + delivered);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains(delivered, "No notification");
            assertThat(Metrics.scrape(api)
                            .sum("xaalis_retention_deleted_total", Map.of("kind", "delivered_notifications")))
                    .as("scraped by Prometheus")
                    .isPositive();
            var failedPage = browser.get("/portal/transactions/" + failed);
            assertThat(failedPage.statusCode()).isEqualTo(200);
            assertThat(failedPage.body()).contains(failed + ":FAILED");
        }
    }

    @Test
    void onlyWhatIsStrictlyOlderThanTheCutoffGoes() {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            String reference = paid(merchant, "SUCCESS", "DELIVERED");
            exchange(reference);
            Instant deliveredAt = instant("SELECT delivered_at FROM notifications WHERE event_id = :r", reference);
            Instant startedAt = instant(
                    "SELECT a.started_at FROM notification_attempts a JOIN notifications n"
                            + " ON n.id = a.notification_id WHERE n.event_id = :r",
                    reference);
            Instant occurredAt = exchanges.forReference(reference).getFirst().at();

            drain(() -> deliveries.purgeAttemptsBefore(startedAt, 100));
            drain(() -> exchanges.purgeBefore(occurredAt, 100));
            drain(() -> deliveries.purgeDeliveredBefore(deliveredAt, 100).notifications());
            assertThat(attempts(reference + ":SUCCESS")).isEqualTo(1);
            assertThat(exchanges.forReference(reference)).hasSize(1);
            assertThat(state(reference + ":SUCCESS")).isEqualTo("DELIVERED");

            drain(() -> deliveries
                    .purgeDeliveredBefore(deliveredAt.plusNanos(1000), 100)
                    .notifications());
            assertThat(state(reference + ":SUCCESS")).isNull();
            assertThat(attempts(reference + ":SUCCESS"))
                    .as("gone with its notification")
                    .isZero();
            drain(() -> exchanges.purgeBefore(occurredAt.plusNanos(1000), 100));
            assertThat(exchanges.forReference(reference)).isEmpty();
            assertThat(orphanAttempts()).isZero();
        }
    }

    @Test
    void rowsAnotherNodeHoldsAreSkippedNotWaitedFor() throws Exception {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        Instant old = clock.instant().minus(Duration.ofDays(200));
        for (int i = 0; i < 5; i++) {
            insertExchange("SVCHELD" + i, old);
        }
        List<Long> held = jdbc.sql("SELECT id FROM provider_exchanges WHERE reference IN ('SVCHELD0', 'SVCHELD1')")
                .query(Long.class)
                .list();
        String delivered;
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            delivered = paid(merchant, "SUCCESS", "DELIVERED");
        }
        jdbc.sql("UPDATE notifications SET delivered_at = :old WHERE event_id = :event")
                .param("old", Timestamps.toDatabase(old))
                .param("event", delivered + ":SUCCESS")
                .update();
        ExecutorService node = Executors.newSingleThreadExecutor();
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            // Another node (or a resend) in the middle of its own short transaction on these rows.
            try (PreparedStatement lock =
                    other.prepareStatement("SELECT id FROM provider_exchanges WHERE id IN (?, ?) FOR UPDATE")) {
                lock.setLong(1, held.get(0));
                lock.setLong(2, held.get(1));
                lock.executeQuery().close();
            }
            try (PreparedStatement lock =
                    other.prepareStatement("SELECT id FROM notifications WHERE event_id = ? FOR UPDATE")) {
                lock.setString(1, delivered + ":SUCCESS");
                lock.executeQuery().close();
            }

            Future<RetentionJob.Deleted> run = node.submit(job::purge);
            RetentionJob.Deleted deleted = run.get(15, TimeUnit.SECONDS); // never waits for the locks

            assertThat(deleted.providerExchanges()).isGreaterThanOrEqualTo(3);
            assertThat(countExchanges("SVCHELD%")).as("the two held rows").isEqualTo(2);
            assertThat(state(delivered + ":SUCCESS")).isEqualTo("DELIVERED");
            assertThat(attempts(delivered + ":SUCCESS")).isEqualTo(1);
            other.rollback();
        } finally {
            node.shutdownNow();
        }
        drain(() -> job.purge().total());
        assertThat(countExchanges("SVCHELD%")).isZero();
        assertThat(state(delivered + ":SUCCESS")).isNull();
        assertThat(orphanAttempts()).isZero();
    }

    @Test
    void twoNodesPurgingAtOnceDeleteEveryRowOnceWithoutWaitingForEachOther() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes share PostgreSQL only");
        Api.Merchant merchant = api.onboard("WALLET_SN");
        drain(() -> job.purge().total()); // earlier tests' leftovers: from here on, only this test's rows are due
        OffsetDateTime old = Timestamps.toDatabase(clock.instant().minus(Duration.ofDays(200)));
        int notifications = 2000;
        int exchanged = 4000;
        jdbc.sql("INSERT INTO notifications (id, application_id, environment, event_id, event, body, state,"
                        + " attempts, next_attempt_at, test, created_at, updated_at, delivered_at)"
                        + " SELECT gen_random_uuid(), :app, 'sandbox', 'SVCTWO' || i || ':SUCCESS',"
                        + " 'transaction.success', '{}', 'DELIVERED', 2, :old, FALSE, :old, :old, :old"
                        + " FROM generate_series(1, :n) i")
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("old", old)
                .param("n", notifications)
                .update();
        // Two attempts each, and a failed notification's old attempts that go on their own.
        jdbc.sql("INSERT INTO notification_attempts (notification_id, attempt, started_at, duration_ms, url,"
                        + " status_code, outcome) SELECT n.id, a, :old, 5, 'https://shop.example/hooks', 500,"
                        + " 'RETRY' FROM notifications n CROSS JOIN generate_series(1, 2) a"
                        + " WHERE n.event_id LIKE 'SVCTWO%'")
                .param("old", old)
                .update();
        jdbc.sql("UPDATE notifications SET state = 'FAILED' WHERE event_id IN ('SVCTWO1:SUCCESS', 'SVCTWO2:SUCCESS')")
                .update();
        jdbc.sql("INSERT INTO provider_exchanges (reference, provider, direction, operation, method, url, outcome,"
                        + " duration_ms, occurred_at) SELECT 'SVCTWO' || i, 'WALLET_SN', 'OUTBOUND', 'status', 'GET',"
                        + " 'https://wallet.example/sessions', 'HTTP 200', 5, :old FROM generate_series(1, :n) i")
                .param("old", old)
                .param("n", exchanged)
                .update();

        // Two nodes: two jobs of their own, batches of 50, started together.
        var settings = new RetentionProperties(
                Duration.ofDays(30),
                Duration.ofDays(60),
                Duration.ofDays(90),
                50,
                10_000,
                Duration.ofHours(1),
                Duration.ofDays(7));
        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService nodes = Executors.newFixedThreadPool(2);
        try {
            List<Future<RetentionJob.Deleted>> runs = List.of(1, 2).stream()
                    .map(n -> nodes.submit(() -> {
                        RetentionJob node = new RetentionJob(
                                deliveries, exchanges, payoutFiles, settings, clock, new SimpleMeterRegistry());
                        together.await();
                        return node.purge();
                    }))
                    .toList();
            RetentionJob.Deleted a = runs.get(0).get(60, TimeUnit.SECONDS);
            RetentionJob.Deleted b = runs.get(1).get(60, TimeUnit.SECONDS);

            assertThat(a.deliveredNotifications() + b.deliveredNotifications()).isEqualTo(notifications - 2);
            assertThat(a.notificationAttempts() + b.notificationAttempts()).isEqualTo(2 * notifications);
            assertThat(a.providerExchanges() + b.providerExchanges()).isEqualTo(exchanged);
            assertThat(a.total()).as("both nodes did part of the work").isPositive();
            assertThat(b.total()).isPositive();
        } finally {
            nodes.shutdownNow();
        }
        assertThat(jdbc.sql("SELECT count(*) FROM notifications WHERE event_id LIKE 'SVCTWO%'")
                        .query(Long.class)
                        .single())
                .as("the failed ones stay")
                .isEqualTo(2);
        assertThat(jdbc.sql("SELECT count(*) FROM notification_attempts a JOIN notifications n"
                                + " ON n.id = a.notification_id WHERE n.event_id LIKE 'SVCTWO%'")
                        .query(Long.class)
                        .single())
                .isZero();
        assertThat(countExchanges("SVCTWO%")).isZero();
        assertThat(orphanAttempts()).isZero();
    }

    // --- helpers

    /** A payment of the merchant's, moved to {@code status}, once its notification is in {@code state}. */
    private String paid(Api.Merchant merchant, String status, String state) {
        String reference = api.newPayment(merchant);
        assertThat(api.simulate(merchant, reference, status).status()).isEqualTo(200);
        api.awaitNotification(merchant, reference + ":" + status, Set.of(state), WAIT);
        return reference;
    }

    private void exchange(String reference) {
        exchanges.record(
                reference,
                Provider.WALLET_SN,
                ProviderExchanges.Direction.OUTBOUND,
                "create-session",
                "POST",
                "https://wallet.example/v1/checkout/sessions",
                "{\"amount\":\"1500\"}",
                200,
                "{\"id\":\"cos-1\"}",
                "HTTP 200",
                12);
    }

    private void insertExchange(String reference, Instant at) {
        jdbc.sql("INSERT INTO provider_exchanges (reference, provider, direction, operation, method, url, outcome,"
                        + " duration_ms, occurred_at) VALUES (:r, 'WALLET_SN', 'OUTBOUND', 'status', 'GET',"
                        + " 'https://wallet.example/sessions', 'HTTP 200', 5, :at)")
                .param("r", reference)
                .param("at", Timestamps.toDatabase(at))
                .update();
    }

    /** One run of the context's job, checked against its counter. */
    private RetentionJob.Deleted purgeCounted() {
        double before =
                counted("delivered_notifications") + counted("notification_attempts") + counted("provider_exchanges");
        RetentionJob.Deleted run = job.purge();
        double after =
                counted("delivered_notifications") + counted("notification_attempts") + counted("provider_exchanges");
        assertThat(after - before).isEqualTo(run.total());
        assertThat(orphanAttempts()).isZero();
        return run;
    }

    private double counted(String kind) {
        return registry.get("xaalis.retention.deleted")
                .tag("kind", kind)
                .counter()
                .count();
    }

    @Test
    void bulkPayoutFilesNeverConfirmedGoAfterTheirWindowWhileConfirmedOnesStay() {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        ApplicationId app = ApplicationId.valueOf(merchant.applicationId());
        payoutSettings.save(app, new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
        Caller caller = directory.caller(app, Environment.SANDBOX).orElseThrow();
        byte[] file = "771234567;1000;A\n761234567;2000;B\n12;x;bad\n".getBytes(StandardCharsets.UTF_8);
        PayoutBatch draft = payoutFiles.upload(caller, Provider.WALLET_SN, "draft.csv", file);
        PayoutBatch discarded = payoutFiles.upload(caller, Provider.WALLET_SN, "discarded.csv", file);
        payoutFiles.discard(discarded);
        PayoutBatch confirmed = payoutFiles.accept(
                caller, payoutFiles.upload(caller, Provider.WALLET_SN, "sent.csv", file), "127.0.0.1", "test");

        clock.advance(Duration.ofDays(6));
        drain(() -> job.purge().total());
        assertThat(linesOf(draft)).as("within its 7 days").isEqualTo(3);

        clock.advance(Duration.ofDays(2));
        drain(() -> job.purge().total());
        assertThat(linesOf(draft)).isZero();
        assertThat(linesOf(discarded)).isZero();
        assertThat(payoutFiles.find(caller, draft.id())).isEmpty();
        assertThat(payoutFiles.find(caller, discarded.id())).isEmpty();
        assertThat(linesOf(confirmed)).as("its result file needs them").isEqualTo(3);
        assertThat(payoutFiles.find(caller, confirmed.id())).isPresent();
        assertThat(payoutFiles.progress(confirmed).total()).isEqualTo(2);
    }

    private int linesOf(PayoutBatch batch) {
        return jdbc.sql("SELECT COUNT(*) FROM payout_batch_lines WHERE batch_id = :b")
                .param("b", batch.id())
                .query(Integer.class)
                .single();
    }

    private static void drain(IntSupplier purge) {
        for (int i = 0; i < 1000 && purge.getAsInt() > 0; i++) {
            // until a run finds nothing
        }
    }

    private String state(String eventId) {
        return jdbc.sql("SELECT state FROM notifications WHERE event_id = :e")
                .param("e", eventId)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    private String stateOf(Api.Merchant merchant, String eventId) {
        return jdbc.sql("SELECT state FROM notifications WHERE application_id = :app AND event_id = :e")
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("e", eventId)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    private long attempts(String eventId) {
        return jdbc.sql("SELECT count(*) FROM notification_attempts a JOIN notifications n"
                        + " ON n.id = a.notification_id WHERE n.event_id = :e")
                .param("e", eventId)
                .query(Long.class)
                .single();
    }

    private long orphanAttempts() {
        return jdbc.sql("SELECT count(*) FROM notification_attempts a"
                        + " WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.id = a.notification_id)")
                .query(Long.class)
                .single();
    }

    private long countExchanges(String pattern) {
        return jdbc.sql("SELECT count(*) FROM provider_exchanges WHERE reference LIKE :p")
                .param("p", pattern)
                .query(Long.class)
                .single();
    }

    private Instant instant(String sql, String reference) {
        return Timestamps.fromDatabase(jdbc.sql(sql)
                .param("r", reference + ":SUCCESS")
                .query((rs, n) -> rs.getObject(1, OffsetDateTime.class))
                .single());
    }

    private List<Map<String, Object>> payments(Api.Merchant... merchants) {
        return jdbc.sql("SELECT * FROM payments WHERE application_id IN (:apps) ORDER BY created_at, id")
                .param("apps", applications(merchants))
                .query()
                .listOfRows();
    }

    private List<Map<String, Object>> history(Api.Merchant... merchants) {
        return jdbc.sql("SELECT h.* FROM payment_status_history h JOIN payments p ON p.id = h.payment_id"
                        + " WHERE p.application_id IN (:apps) ORDER BY h.id")
                .param("apps", applications(merchants))
                .query()
                .listOfRows();
    }

    private static List<UUID> applications(Api.Merchant... merchants) {
        return Arrays.stream(merchants)
                .map(m -> UUID.fromString(m.applicationId()))
                .toList();
    }

    private static List<String> eventIds(JsonNode notifications) {
        List<String> ids = new ArrayList<>();
        notifications.forEach(n -> ids.add(n.get("event_id").stringValue()));
        return ids;
    }
}
