package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29's flood: 2,000 posts of a payment link's form from one address, spread over two nodes, while
 * the merchant's server goes on with its own API calls. The link's budgets hold for the cluster: no more
 * payments start than the link allows, the flooding address is answered 429 with Retry-After, and the
 * merchant's API, whose budget the page never touches, answers 201 throughout.
 */
@ExtendWith(DatabaseAvailable.class)
class LinkFloodIT {

    private static final int POSTS = 2_000;
    private static final int LINK_CAP = 5;

    private final List<ServerProcess> nodes = new ArrayList<>();
    private String schema;

    @AfterEach
    void tearDown() {
        nodes.forEach(ServerProcess::kill);
        if (schema != null) {
            TestDatabase.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    @Test
    void aFloodOfLinkPostsOnTwoNodesStartsNoMoreThanTheLinksBudgetAndLeavesTheApiAlone() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes share PostgreSQL");
        schema = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        TestDatabase.execute("CREATE SCHEMA " + schema);
        startNodes("flood-a", "flood-b");
        Api api = nodes.getFirst().api();
        Api.Merchant merchant = api.onboardBoth();
        String code = api.post(
                        merchant,
                        "/payment-links/",
                        "{\"amount\":\"1000\",\"max_payments_per_hour\":" + LINK_CAP + "}",
                        Map.of())
                .json()
                .get("code")
                .stringValue();

        HttpClient http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        AtomicInteger withoutRetryAfter = new AtomicInteger();
        List<Integer> apiStatuses = java.util.Collections.synchronizedList(new ArrayList<>());
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> running = new ArrayList<>();
            AtomicInteger next = new AtomicInteger();
            for (int c = 0; c < 8; c++) {
                running.add(clients.submit(() -> {
                    for (int i = next.getAndIncrement(); i < POSTS; i = next.getAndIncrement()) {
                        ServerProcess node = nodes.get(i % 2);
                        HttpResponse<String> answer = http.send(
                                HttpRequest.newBuilder(URI.create("http://localhost:" + node.port() + "/l/" + code))
                                        .header("Content-Type", "application/x-www-form-urlencoded")
                                        .header("Sec-Fetch-Site", "same-origin")
                                        .timeout(Duration.ofSeconds(30))
                                        .POST(HttpRequest.BodyPublishers.ofString("provider=WALLET_SN"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                        statuses.computeIfAbsent(answer.statusCode(), k -> new AtomicInteger())
                                .incrementAndGet();
                        if (answer.statusCode() == 429
                                && answer.headers().firstValue("Retry-After").isEmpty()) {
                            withoutRetryAfter.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            // The merchant's own server meanwhile: ten initiations a second, half its limit, on both nodes.
            running.add(clients.submit(() -> {
                for (int i = 0; i < 20; i++) {
                    Api node = nodes.get(i % 2).api();
                    apiStatuses.add(node.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"2500\"}")
                            .status());
                    Thread.sleep(100);
                }
                return null;
            }));
            for (Future<?> client : running) {
                client.get();
            }
        }
        System.out.printf(
                "link flood: %s, %d without Retry-After; API: %s%n", statuses, withoutRetryAfter.get(), apiStatuses);

        assertThat(apiStatuses)
                .as("the merchant's API within its own limit")
                .hasSize(20)
                .containsOnly(201);
        int started = statuses.getOrDefault(303, new AtomicInteger()).get();
        assertThat(started).as("payments started by the flood").isBetween(1, LINK_CAP);
        assertThat(statuses.getOrDefault(429, new AtomicInteger()).get()).isEqualTo(POSTS - started);
        assertThat(withoutRetryAfter.get()).isZero();
        JsonNode payments = api.get(merchant, "/payments/?limit=100").json().get("data");
        long fromTheLink = 0;
        for (JsonNode payment : payments) {
            if (payment.get("metadata").has("payment_link")) {
                fromTheLink++;
            }
        }
        assertThat(fromTheLink).as("provider sessions the link opened").isEqualTo(started);
    }

    private void startNodes(String... names) throws Exception {
        try (var boot = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ServerProcess>> starting = new ArrayList<>();
            for (String name : names) {
                starting.add(boot.submit(() -> ServerProcess.start(name, environment(), Duration.ofSeconds(120))));
            }
            for (Future<ServerProcess> node : starting) {
                nodes.add(node.get());
            }
        }
    }

    private Map<String, String> environment() {
        Map<String, String> env = ServerProcess.nodeOn(TestDatabase.POSTGRES_URL, schema);
        env.put("XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND", "20");
        env.put("XAALIS_PUBLIC_LIMITS_LINK_PAYMENTS_PER_ADDRESS", "10/1m");
        env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        return env;
    }
}
