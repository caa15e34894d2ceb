package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.cluster.ClusterSignals;
import sn.xaalis.platform.Database;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.TestDatabase;

/**
 * The wake-ups between nodes: a second node's {@link PostgresNodeWakeUps} (its own instance, with its
 * own doorbell and its own {@link ClusterSignals}), and a raw LISTEN connection that hears every NOTIFY. The application's own wake-ups
 * are stopped meanwhile, so that every NOTIFY comes from this test.
 */
@IntegrationTest
class PostgresNodeWakeUpsIT extends ApiIntegrationTest {

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcClient jdbc;

    // PostgreSQL's only: the embedded database has no other node to wake.
    @Autowired(required = false)
    PostgresNodeWakeUps application;

    DispatcherWakeUp doorbell;
    ClusterSignals signals;
    PostgresNodeWakeUps node;
    Connection listening;
    PGConnection pg;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(TestDatabase.postgres(), "LISTEN and NOTIFY are PostgreSQL's");
        application.stop();
        doorbell = new DispatcherWakeUp();
        signals = new ClusterSignals(dataSource, jdbc, new Database(false));
        node = new PostgresNodeWakeUps(signals, doorbell);
        signals.start();
        node.start();
        listening = dataSource.getConnection();
        try (Statement statement = listening.createStatement()) {
            statement.execute("LISTEN " + NotificationOutbox.CHANNEL);
        }
        pg = listening.unwrap(PGConnection.class);
        Thread.sleep(300); // the node's own LISTEN is in place
        drain();
        doorbell.await(0); // the ring of its first LISTEN (anything sent before it went unheard)
    }

    @AfterEach
    void tearDown() throws Exception {
        if (node != null) {
            node.stop();
            signals.stop();
        }
        if (listening != null) {
            listening.close();
        }
        if (application != null) {
            application.start();
        }
    }

    @Test
    void aNotifyFromAnotherNodeWakesTheDispatcher() throws Exception {
        jdbc.sql("SELECT pg_notify('" + NotificationOutbox.CHANNEL + "', 'another-node')")
                .query((rs, n) -> 1)
                .list();

        assertThat(rungWithin(Duration.ofSeconds(3))).isTrue();
    }

    @Test
    void aNodeTellsTheOthersButNotItself() throws Exception {
        node.ring();

        assertThat(heardWithin(Duration.ofSeconds(3)))
                .as("the other nodes hear it")
                .isPositive();
        assertThat(rungWithin(Duration.ofMillis(600)))
                .as("its own dispatcher was woken in process already")
                .isFalse();
    }

    @Test
    void aBurstOfCommitsSharesSpacedNotifies() throws Exception {
        long start = System.nanoTime();
        long rings = 0;
        while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(100)) {
            node.ring();
            rings++;
        }
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        Thread.sleep(50);

        int heard = drain();
        assertThat(rings).isGreaterThan(1_000);
        assertThat(heard).isBetween(1, (int) (elapsedMillis * 1_000_000 / PostgresNodeWakeUps.SPACING_NANOS) + 2);
    }

    private boolean rungWithin(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            // await returns early only when rung; a poll-length wait otherwise
            long before = System.nanoTime();
            doorbell.await(50);
            if (System.nanoTime() - before < TimeUnit.MILLISECONDS.toNanos(45)) {
                return true;
            }
        }
        return false;
    }

    private int heardWithin(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        int heard = 0;
        while (heard == 0 && System.nanoTime() < deadline) {
            heard += fromNode(pg.getNotifications(100));
        }
        return heard;
    }

    private int fromNode(org.postgresql.PGNotification[] received) {
        int count = 0;
        for (var notification : received == null ? new org.postgresql.PGNotification[0] : received) {
            count += node.nodeId().equals(notification.getParameter()) ? 1 : 0;
        }
        return count;
    }

    private int drain() throws Exception {
        int heard = 0;
        org.postgresql.PGNotification[] received;
        while ((received = pg.getNotifications(200)) != null && received.length > 0) {
            heard += fromNode(received);
        }
        return heard;
    }
}
