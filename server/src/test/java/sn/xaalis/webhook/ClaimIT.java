package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * The outbox claim (one statement on PostgreSQL, a transaction of three on the embedded database):
 * the same leases, limits and exclusions on both. The dispatcher is stopped meanwhile, and the rows
 * are due in 2000, before any other test's, so the claims see only this test's rows.
 */
@IntegrationTest
class ClaimIT extends ApiIntegrationTest {

    private static final int PER_APPLICATION = 8;

    @Autowired
    DeliveryLeases leases;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    WebhookDispatcher dispatcher;

    @Autowired
    Database database;

    @Autowired
    TransactionTemplate transactions;

    ApplicationId busy;
    ApplicationId idle;
    Instant due;
    Instant later;

    @BeforeEach
    void setUp() {
        busy = ApplicationId.valueOf(api.onboardBoth().applicationId());
        idle = ApplicationId.valueOf(api.onboardBoth().applicationId());
        dispatcher.stop();
        due = Instant.parse("2000-01-01T00:00:00Z");
        later = due.plus(Duration.ofMinutes(1));
    }

    @AfterEach
    void restartDispatcher() {
        jdbc.sql("DELETE FROM notifications WHERE application_id IN (:apps)")
                .param("apps", List.of(busy.value(), idle.value()))
                .update();
        dispatcher.start();
    }

    @Test
    void anApplicationGetsNoMoreThanItsFreeSlots() {
        pending(busy, 12);
        pending(idle, 12);

        List<DeliveryLeases.Claimed> claimed = claim(Map.of(busy, 6), 64, UUID.randomUUID());

        Map<ApplicationId, Long> perApplication = claimed.stream()
                .collect(Collectors.groupingBy(DeliveryLeases.Claimed::applicationId, Collectors.counting()));
        assertThat(perApplication).containsEntry(busy, 2L).containsEntry(idle, (long) PER_APPLICATION);
        assertThat(leased()).isEqualTo(2 + PER_APPLICATION);
    }

    @Test
    void aSaturatedApplicationLeavesTheBatchToOthers() {
        pending(busy, 20);
        pending(idle, 3);

        List<DeliveryLeases.Claimed> claimed = claim(Map.of(busy, PER_APPLICATION), 3, UUID.randomUUID());

        assertThat(claimed).extracting(DeliveryLeases.Claimed::applicationId).containsOnly(idle);
        assertThat(claimed).hasSize(3);
    }

    @Test
    void aLeasedRowIsNotClaimedAgainUntilItsLeaseEnds() {
        pending(idle, 3);
        UUID first = UUID.randomUUID();

        List<DeliveryLeases.Claimed> claimed = claim(Map.of(), 64, first);

        assertThat(claimed).hasSize(3).allSatisfy(c -> {
            assertThat(c.leaseToken()).isEqualTo(first);
            assertThat(c.environment()).isEqualTo(Environment.SANDBOX);
            assertThat(c.body()).startsWith("{\"id\":\"");
            assertThat(c.attempts()).isZero();
        });
        assertThat(claim(Map.of(), 64, UUID.randomUUID())).isEmpty();
        // The lease ends at `later`: afterwards another worker takes the rows.
        Instant afterLease = later.plus(Duration.ofSeconds(1));
        assertThat(leases.claim(
                        afterLease, 64, Map.of(), PER_APPLICATION, afterLease.plusSeconds(60), UUID.randomUUID()))
                .hasSize(3);
    }

    @Test
    void aStuckApplicationsWaitingRowsArePostponedOutOfEveryClaimsWay() {
        pending(busy, 1);
        NotificationId leasedBefore =
                claim(Map.of(), 64, UUID.randomUUID()).getFirst().id();
        pending(busy, 4);
        pending(idle, 2);
        Instant until = due.plus(Duration.ofSeconds(15));

        // Five due, one of them leased (until `later`): the four others move.
        assertThat(leases.postpone(busy, due, until)).isEqualTo(4);

        assertThat(claim(Map.of(), 64, UUID.randomUUID()))
                .extracting(DeliveryLeases.Claimed::applicationId)
                .containsOnly(idle);
        List<DeliveryLeases.Claimed> later =
                leases.claim(until, 64, Map.of(), PER_APPLICATION, until.plusSeconds(60), UUID.randomUUID());
        assertThat(later)
                .hasSize(4)
                .extracting(DeliveryLeases.Claimed::applicationId)
                .containsOnly(busy);
        assertThat(later).extracting(DeliveryLeases.Claimed::id).doesNotContain(leasedBefore);
    }

    @Test
    void aClaimReadsTheDueRowsInItsOwnOrderInsteadOfSortingThem() {
        assumeFalse(database.embedded(), "the embedded database claims in steps, on its own planner");
        pending(busy, 500); // due at one instant, as a postponed backlog is

        String plan = transactions.execute(tx -> {
            jdbc.sql("ANALYZE notifications").update();
            // As on a table of millions, where reading them all is never the cheaper plan.
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + PostgresDeliveryLeases.CLAIM_AT_ONCE.replace("/*exclude*/", ""))
                            .param("now", Timestamps.toDatabase(due))
                            .param("limit", 64)
                            .param("busy", "[]")
                            .param("perApplication", PER_APPLICATION)
                            .param("lease", Timestamps.toDatabase(later))
                            .param("token", UUID.randomUUID())
                            .query(String.class)
                            .list());
        });

        // A sort of the due rows would read every row sharing the first due time (V19).
        assertThat(plan)
                .contains("Index Scan using notifications_due_order_idx")
                .doesNotContain("Presorted Key")
                .doesNotContainPattern("Sort Key: notifications\\.next_attempt_at");
    }

    @Test
    void theEarliestDueAreClaimedFirstThenTheSmallestIdentifiers() {
        DueNotifications.insert(jdbc, clock, idle.value(), 3, due.minus(Duration.ofSeconds(5)), "SVC-CLAIM-A");
        DueNotifications.insert(jdbc, clock, idle.value(), 3, due, "SVC-CLAIM-B");
        List<String> expected = new ArrayList<>(ids("SVC-CLAIM-A%"));
        // Of those due later, the smallest id: both databases order UUIDs as their hexadecimal text.
        expected.add(ids("SVC-CLAIM-B%").stream().sorted().findFirst().orElseThrow());

        List<DeliveryLeases.Claimed> claimed = claim(Map.of(), 4, UUID.randomUUID());

        assertThat(claimed).extracting(c -> c.id().toString()).containsExactlyInAnyOrderElementsOf(expected);
    }

    private List<String> ids(String eventIds) {
        return jdbc
                .sql("SELECT id FROM notifications WHERE application_id = :app AND event_id LIKE :events")
                .param("app", idle.value())
                .param("events", eventIds)
                .query(UUID.class)
                .list()
                .stream()
                .map(UUID::toString)
                .toList();
    }

    private List<DeliveryLeases.Claimed> claim(Map<ApplicationId, Integer> inFlight, int limit, UUID token) {
        return leases.claim(due, limit, inFlight, PER_APPLICATION, later, token);
    }

    private void pending(ApplicationId application, int count) {
        DueNotifications.insert(jdbc, clock, application.value(), count, due, "SVC-CLAIM");
    }

    private int leased() {
        return jdbc.sql(
                        "SELECT COUNT(*) FROM notifications WHERE application_id IN (:apps) AND lease_token IS NOT NULL")
                .param("apps", List.of(busy.value(), idle.value()))
                .query(Integer.class)
                .single();
    }
}
