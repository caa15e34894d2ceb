package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import sn.xaalis.XaalisApplication;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.LoopbackRelay;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/**
 * A node of its own (it is stopped by the test), whose database sits behind a relay the test can
 * cut: readiness follows the database and the webhook backlog, and a stopping node finishes the
 * deliveries it can within its grace and gives the others back at once instead of holding them
 * for the whole lease.
 */
@ExtendWith(DatabaseAvailable.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ShutdownAndReadinessIT {

    private static final Map<String, String> OPERATOR = Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN);
    private static final Duration GRACE = Duration.ofSeconds(3);

    private final String name =
            "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    private LoopbackRelay relay;
    private String directUrl;
    private ConfigurableApplicationContext node;
    private Api api;

    @BeforeAll
    void start() throws SQLException {
        String relayedUrl;
        if (TestDatabase.postgres()) {
            execute(TestDatabase.POSTGRES_URL, "CREATE SCHEMA " + name);
            java.net.URI uri = java.net.URI.create(TestDatabase.POSTGRES_URL.substring("jdbc:".length()));
            relay = new LoopbackRelay(uri.getHost(), uri.getPort());
            relayedUrl = "jdbc:postgresql://127.0.0.1:" + relay.port() + uri.getPath() + "?currentSchema=" + name;
            directUrl = TestDatabase.POSTGRES_URL + "?currentSchema=" + name;
        } else {
            // Embedded: the database lives in the process and cannot become unreachable.
            relayedUrl = "jdbc:h2:mem:" + name
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
            directUrl = relayedUrl;
        }
        List<String> arguments = new java.util.ArrayList<>(List.of(
                "--server.port=0",
                "--spring.datasource.url=" + relayedUrl,
                "--spring.datasource.username=" + (TestDatabase.postgres() ? TestDatabase.POSTGRES_USER : "sa"),
                "--spring.datasource.password=",
                // An unreachable database is noticed within a second, not after Hikari's 30 s default.
                "--spring.datasource.hikari.connection-timeout=1000",
                "--xaalis.admin.token=" + Api.ADMIN_TOKEN,
                "--xaalis.secrets.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "--xaalis.demo.enabled=false",
                "--xaalis.webhooks.allowed-private-cidrs=127.0.0.0/8",
                "--xaalis.webhooks.poll-interval=PT0.1S",
                "--xaalis.payments.job-interval=PT0.1S",
                // A receiver's time is long, the grace short: the test controls which one ends first.
                "--xaalis.webhooks.timeout=PT30S",
                "--xaalis.webhooks.shutdown-grace=" + GRACE,
                "--xaalis.webhooks.backlog-threshold=0"));
        if (TestDatabase.postgres()) {
            arguments.add("--spring.flyway.schemas=" + name);
        }
        node = new SpringApplicationBuilder(XaalisApplication.class).run(arguments.toArray(String[]::new));
        api = new Api(Integer.parseInt(node.getEnvironment().getProperty("local.server.port")));
    }

    @AfterAll
    void stop() throws SQLException {
        if (node != null) {
            node.close();
        }
        if (relay != null) {
            relay.close();
        }
        if (TestDatabase.postgres()) {
            execute(TestDatabase.POSTGRES_URL, "DROP SCHEMA IF EXISTS " + name + " CASCADE");
        }
    }

    @Test
    @Order(1)
    void readinessIsDownWhileTheDatabaseIsUnreachableAndComesBackByItself() {
        assumeTrue(
                TestDatabase.postgres(),
                "an unreachable database server is tested on PostgreSQL: the embedded H2 lives in the process");
        assertThat(api.send("GET", "/actuator/health/readiness", Map.of(), null).status())
                .isEqualTo(200);

        relay.cut();
        try {
            long started = System.nanoTime();
            Api.Response down = poll("/actuator/health/readiness", Map.of(), r -> r.status() == 503);
            assertThat(down.status()).isEqualTo(503);
            assertThat(fieldNames(down.json()))
                    .as("no detail for an anonymous probe")
                    .containsExactly("status");
            assertThat(down.json().get("status").stringValue()).isEqualTo("DOWN");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));

            Api.Response detailed = api.send("GET", "/actuator/health/readiness", OPERATOR, null);
            assertThat(detailed.status()).isEqualTo(503);
            assertThat(detailed.json().get("components").get("db").get("status").stringValue())
                    .isEqualTo("DOWN");

            Api.Response liveness = api.send("GET", "/actuator/health/liveness", Map.of(), null);
            assertThat(liveness.status())
                    .as("the process is alive: restarting it would not bring the database back")
                    .isEqualTo(200);
            assertThat(api.send("GET", "/ping", Map.of(), null).status()).isEqualTo(200);
        } finally {
            relay.restore();
        }

        Api.Response up = poll("/actuator/health/readiness", Map.of(), r -> r.status() == 200);
        assertThat(up.status()).isEqualTo(200);
        assertThat(up.json().get("status").stringValue()).isEqualTo("UP");
    }

    @Test
    @Order(2)
    void aStoppingNodeFinishesWhatItCanWithinItsGraceAndReleasesTheRest() throws Exception {
        Api.Merchant slowShop = api.onboardBoth();
        Api.Merchant quickShop = api.onboardBoth();
        try (WebhookReceiver slow = new WebhookReceiver(Clock.systemUTC()).respondWith(r -> pause(40_000));
                WebhookReceiver quick = new WebhookReceiver(Clock.systemUTC()).respondWith(r -> pause(1_500))) {
            api.setWebhook(slowShop, slow.url("/hooks"));
            api.setWebhook(quickShop, quick.url("/hooks"));

            String stuck = api.newPayment(slowShop);
            api.simulate(slowShop, stuck, "SUCCESS");
            assertThat(slow.await(r -> !r.isEmpty(), Duration.ofSeconds(20))).hasSize(1);

            // A backlog above the threshold (0 here) degrades readiness but keeps the node in service.
            Api.Response degraded = poll(
                    "/actuator/health/readiness",
                    OPERATOR,
                    r -> r.json().get("status").stringValue().equals("DEGRADED"));
            assertThat(degraded.status()).isEqualTo(200);
            JsonNode outbox = degraded.json().get("components").get("webhookOutbox");
            assertThat(outbox.get("status").stringValue()).isEqualTo("DEGRADED");
            assertThat(outbox.get("details").get("backlog").asLong()).isGreaterThanOrEqualTo(1);
            assertThat(outbox.get("details").get("threshold").asLong()).isZero();
            Api.Response anonymous = api.send("GET", "/actuator/health/readiness", Map.of(), null);
            assertThat(anonymous.status()).isEqualTo(200);
            assertThat(fieldNames(anonymous.json())).containsExactly("status");

            String finishing = api.newPayment(quickShop);
            api.simulate(quickShop, finishing, "SUCCESS");
            assertThat(quick.await(r -> !r.isEmpty(), Duration.ofSeconds(20))).hasSize(1);

            long started = System.nanoTime();
            node.close();
            node = null;
            Duration closing = Duration.ofNanos(System.nanoTime() - started);
            assertThat(closing).as("the grace bounds the shutdown").isLessThan(GRACE.plusSeconds(10));

            Map<String, Map<String, Object>> rows = notifications();
            Map<String, Object> released = rows.get(stuck + ":SUCCESS");
            assertThat(released.get("state")).isEqualTo("PENDING");
            assertThat(released.get("leased_until"))
                    .as("released, not held for the 45 s lease")
                    .isNull();
            assertThat(released.get("lease_token")).isNull();
            assertThat(released.get("attempts"))
                    .as("no attempt recorded for a delivery cut by the shutdown")
                    .isEqualTo(0);
            Map<String, Object> delivered = rows.get(finishing + ":SUCCESS");
            assertThat(delivered.get("state")).isEqualTo("DELIVERED");
            assertThat(delivered.get("attempts")).isEqualTo(1);
        }
    }

    private Api.Response poll(String path, Map<String, String> headers, Predicate<Api.Response> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Api.Response last = null;
        while (System.nanoTime() < deadline) {
            last = api.send("GET", path, headers, null);
            if (done.test(last)) {
                return last;
            }
            pause(100);
        }
        return last;
    }

    private Map<String, Map<String, Object>> notifications() throws SQLException {
        Map<String, Map<String, Object>> rows = new HashMap<>();
        try (Connection connection = DriverManager.getConnection(
                        directUrl, TestDatabase.postgres() ? TestDatabase.POSTGRES_USER : "sa", "");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT event_id, state, leased_until, lease_token, attempts FROM notifications")) {
            while (rs.next()) {
                Map<String, Object> row = new HashMap<>();
                row.put("state", rs.getString(2));
                row.put("leased_until", rs.getObject(3));
                row.put("lease_token", rs.getObject(4));
                row.put("attempts", rs.getInt(5));
                rows.put(rs.getString(1), row);
            }
        }
        assertThat(rows).isNotEmpty();
        return rows;
    }

    private static int pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 200;
    }

    private static void execute(String url, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, TestDatabase.POSTGRES_USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
