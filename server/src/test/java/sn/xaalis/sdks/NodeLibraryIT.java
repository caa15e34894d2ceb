package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.sdk.WebhookVerifier;
import sn.xaalis.settlement.SettlementDestinations;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.ExternalTool;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.JsonNode;

/**
 * Issue 18, Node.js: the library under {@code sdks/node} passes its own tests ({@code npm test}), and
 * drives the running server end to end: its client initiates (examples/checkout.mjs) and simulates
 * success, the server's webhook reaches the Express example receiver, which verifies it, applies it
 * once to its order file and compares the amount; tampered, stale, unsigned and replayed deliveries
 * change nothing. The Fastify example receiver takes one signed and one tampered delivery. Issue 29: it
 * runs on a maintained Node.js (at least its {@code engines}), and {@code npm pack} makes a publishable
 * tarball under the repository's licence with only what a merchant installs. Issue 31: the client
 * completes a sandbox MOBILEMONEY_SN payment with the customer's one-time code, and gets a wrong code's 400.
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.test.context=merchant-libraries")
class NodeLibraryIT extends ApiIntegrationTest {

    private static final Path LIBRARY = ExternalTool.REPOSITORY.resolve("sdks/node");
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private static final Pattern LISTENING = Pattern.compile("Listening on http://\\S+:(\\d+)/webhooks/xaalis");
    private static final String RUN = TestDatabase.postgres() ? "postgres" : "h2";

    @TempDir
    Path work;

    /**
     * On a Node.js the library supports (its {@code engines}), npm ci on a fresh clone (or after
     * package-lock.json changed), then the library's build.
     */
    @BeforeAll
    static void installAndBuild() throws IOException {
        ExternalTool.require("node", "npm");
        ExternalTool.requireAtLeast(
                "Node.js",
                ExternalTool.version("node-version-" + RUN, "node", "-p", "process.versions.node"),
                minimumNode());
        Path installed = LIBRARY.resolve("node_modules/.package-lock.json");
        Path lock = LIBRARY.resolve("package-lock.json");
        if (!Files.exists(installed)
                || Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) < 0) {
            npm("node-npm-ci-" + RUN, Duration.ofMinutes(10), "ci", "--no-audit", "--no-fund");
        }
        npm("node-npm-build-" + RUN, Duration.ofMinutes(3), "run", "build");
    }

    @Test
    void theLibrarysOwnTestsPass() throws IOException {
        assumeFalse(TestDatabase.postgres(), "the library's own tests run once, in the H2 execution");
        // TAP, which Node.js 22 prints to a pipe by default and 24 only when asked.
        ExternalTool.Result result = ExternalTool.run(
                "node-npm-test",
                LIBRARY,
                Map.of("NODE_OPTIONS", "--test-reporter=tap"),
                Duration.ofMinutes(5),
                "npm",
                "test");
        String output = result.output();
        assertThat(result.exitCode()).as("npm test: %s", output).isZero();
        assertThat(output).contains("# fail 0").containsPattern("# pass [1-9]\\d*");
        // Every shared signature vector ran.
        int vectors = Api.JSON
                .readTree(Files.readString(ExternalTool.REPOSITORY.resolve("testdata/webhook-signatures.json")))
                .get("vectors")
                .size();
        assertThat(Pattern.compile("ok \\d+ - verify: ")
                        .matcher(output)
                        .results()
                        .count())
                .isEqualTo(vectors);
    }

    @Test
    void npmPackMakesAPublishableTarballWithTheLicenceAndOnlyTheBuiltLibrary() throws IOException {
        assumeFalse(TestDatabase.postgres(), "the package is checked once, in the H2 execution");
        Path packed = Files.createDirectories(work.resolve("packed"));
        npm("node-npm-pack", Duration.ofMinutes(3), "pack", "--pack-destination", packed.toString());
        List<Path> tarballs;
        try (var files = Files.list(packed)) {
            tarballs = files.filter(f -> f.toString().endsWith(".tgz")).toList();
        }
        assertThat(tarballs).hasSize(1);
        assertThat(tarballs.get(0).getFileName().toString()).isEqualTo("xaalis-sdk-0.1.0.tgz");
        Map<String, byte[]> files = untar(tarballs.get(0));

        // What a merchant installs: the built library, its README and licence, the manifest.
        assertThat(files.keySet())
                .contains(
                        "package/package.json",
                        "package/README.md",
                        "package/LICENSE",
                        "package/dist/esm/index.js",
                        "package/dist/esm/index.d.ts",
                        "package/dist/cjs/index.js",
                        "package/dist/cjs/index.d.ts");
        assertThat(files.keySet()).allSatisfy(name -> assertThat(name)
                .matches("package/(package\\.json|README\\.md|LICENSE|dist/(esm|cjs)/[\\w.]+\\.(js|d\\.ts|json))"));
        assertThat(new String(files.get("package/LICENSE"), StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(ExternalTool.REPOSITORY.resolve("LICENSE")));

        JsonNode manifest = Api.JSON.readTree(new String(files.get("package/package.json"), StandardCharsets.UTF_8));
        assertThat(manifest.get("name").stringValue()).isEqualTo("@xaalis/sdk");
        assertThat(manifest.get("version").stringValue()).isEqualTo("0.1.0");
        assertThat(manifest.get("license").stringValue()).isEqualTo("Apache-2.0");
        assertThat(manifest.has("private")).as("\"private\" forbids publishing").isFalse();
        assertThat(manifest.at("/publishConfig/access").stringValue()).isEqualTo("public");
        // A maintained Node.js at least (22 and 24 are; 20 ended in April 2026), and the development
        // dependencies' types describe that same oldest Node.js.
        assertThat(ExternalTool.compareVersions(minimumNode(), "22")).isGreaterThanOrEqualTo(0);
        String typesNode = manifest.at("/devDependencies/@types~1node").stringValue();
        assertThat(typesNode.replaceFirst("^[\\^~]", "").split("\\.")[0])
                .as("@types/node %s for engines >=%s", typesNode, minimumNode())
                .isEqualTo(minimumNode().split("\\.")[0]);
    }

    @Test
    void theClientAndTheExampleReceiversWorkAgainstTheServer() throws Exception {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Map<String, String> keys = Map.of(
                "XAALIS_BASE_URL", api.base(),
                "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                "XAALIS_API_KEY", m.apiKey(),
                "XAALIS_API_SECRET", m.apiSecret());
        Path orders = work.resolve("orders.json");
        Process express = receiver("express", orders, m.apiSecret());
        Process fastify = null;
        try {
            String hook = "http://127.0.0.1:" + port(express, "express") + "/webhooks/xaalis";
            api.setWebhook(m, hook);

            // The merchant's checkout: the order is recorded, its payment initiated with the client,
            // and (sandbox) the customer's payment simulated.
            JsonNode checkout =
                    node("checkout", keys, orders, "examples/checkout.mjs", "o-42", "1500", "--simulate", "SUCCESS");
            String reference = checkout.get("reference").stringValue();
            assertThat(checkout.get("status").stringValue()).isEqualTo("PROCESSING");
            assertThat(checkout.get("amount").stringValue()).isEqualTo("1500.00");
            assertThat(checkout.get("simulated").stringValue()).isEqualTo("SUCCESS");
            assertThat(checkout.get("deep_links").has("WALLET")).isTrue();

            // The server's notification, verified and applied once by the Express receiver.
            String success = reference + ":SUCCESS";
            api.awaitNotification(m, success, Set.of("DELIVERED"), Duration.ofSeconds(15));
            assertOrder(orders, "paid", reference, success);

            // The same checkout again: its idempotency key (the order id) returns the same payment.
            JsonNode again = node("checkout-again", keys, orders, "examples/checkout.mjs", "o-42", "1500");
            assertThat(again.get("reference").stringValue()).isEqualTo(reference);

            // A second delivery of the same notification (a manual resend) is acknowledged, not applied twice.
            api.admin(
                    "POST",
                    "/applications/" + m.applicationId() + "/notifications/" + notificationId(m, success) + "/resend",
                    null);
            awaitAttempts(m, success, 2);
            assertOrder(orders, "paid", reference, success);

            // Deliveries straight at the receiver: tampered, stale, unsigned, a wrong amount, a replay.
            String cancelled = notification(reference, "CANCELLED", "1500.00");
            String fresh = WebhookVerifier.sign(cancelled, Instant.now(), m.apiSecret());
            assertThat(post(hook, cancelled.replace("1500.00", "15.00"), fresh)).isEqualTo(401);
            assertThat(post(
                            hook,
                            cancelled,
                            WebhookVerifier.sign(cancelled, Instant.now().minusSeconds(301), m.apiSecret())))
                    .isEqualTo(401);
            assertThat(post(hook, cancelled, null)).isEqualTo(401);
            assertThat(post(hook, cancelled, WebhookVerifier.sign(cancelled, Instant.now(), "sk_test_someone_else")))
                    .isEqualTo(401);
            String cheap = notification(reference, "CANCELLED", "1.00");
            assertThat(post(hook, cheap, WebhookVerifier.sign(cheap, Instant.now(), m.apiSecret())))
                    .isEqualTo(422);
            String replay = notification(reference, "SUCCESS", "1500.00");
            assertThat(post(hook, replay, WebhookVerifier.sign(replay, Instant.now(), m.apiSecret())))
                    .isEqualTo(200);
            assertOrder(orders, "paid", reference, success);

            // The rest of the client against the server (status, list, typed error, conflict, payment
            // links), then a refund through it, whose notification the receiver applies too.
            JsonNode checks = node("client-checks", keys, orders, "test/e2e/client-checks.mjs", reference);
            assertThat(checks.get("status").stringValue()).isEqualTo("REFUNDED");
            assertThat(checks.get("links").size()).isEqualTo(2);
            String refunded = reference + ":REFUNDED";
            api.awaitNotification(m, refunded, Set.of("DELIVERED"), Duration.ofSeconds(15));
            assertOrder(orders, "refunded", reference, success, refunded);

            // The Fastify receiver: one signed delivery applied, one tampered refused.
            Path fastifyOrders = work.resolve("fastify-orders.json");
            Files.writeString(
                    fastifyOrders,
                    "{\"orders\":{\"o-42\":{\"amount\":\"1500\",\"status\":\"pending\",\"reference\":null,"
                            + "\"events\":[]}},\"processed\":[]}");
            fastify = receiver("fastify", fastifyOrders, m.apiSecret());
            String fastifyHook = "http://127.0.0.1:" + port(fastify, "fastify") + "/webhooks/xaalis";
            String signed = WebhookVerifier.sign(replay, Instant.now(), m.apiSecret());
            assertThat(post(fastifyHook, replay.replace("1500.00", "1.00"), signed))
                    .isEqualTo(401);
            assertThat(post(fastifyHook, replay, signed)).isEqualTo(200);
            assertOrder(fastifyOrders, "paid", reference, success);
        } finally {
            ExternalTool.stop(express);
            ExternalTool.stop(fastify);
        }
    }

    @Test
    void theClientCompletesAMobileMoneyPaymentWithTheCustomersOneTimeCode() {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Map<String, String> keys = Map.of(
                "XAALIS_BASE_URL", api.base(),
                "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                "XAALIS_API_KEY", m.apiKey(),
                "XAALIS_API_SECRET", m.apiSecret());
        // The script asserts each answer itself; its summary says what it saw.
        JsonNode result = node("pay-with-code", keys, work.resolve("orders.json"), "test/e2e/pay-with-code.mjs");
        assertThat(result.at("/paid/status").stringValue()).isEqualTo("SUCCESS");
        assertThat(result.at("/paid/amount").stringValue()).isEqualTo("4500.00");
        assertThat(result.at("/refused/status").intValue()).isEqualTo(400);
        assertThat(strings(result.at("/refused/fields"))).contains("otp");
        assertThat(result.at("/refused/status_after").stringValue()).isEqualTo("PROCESSING");
        assertThat(api.status(m, result.at("/paid/reference").stringValue())
                        .json()
                        .get("status")
                        .stringValue())
                .isEqualTo("SUCCESS");
    }

    @Autowired
    PayoutSettings payoutSettings;

    @Autowired
    MutableClock clock;

    /**
     * Payouts through the library: sandbox payouts to the success, failure and reversal numbers (the same
     * key twice gives one payout), read back and listed, and their {@code payout.*} notifications verified
     * by a receiver that uses the library's verifier (test/e2e/payouts.mjs).
     */
    @Test
    void theClientSendsPayoutsAndTheVerifierReadsTheirNotifications() throws Exception {
        Api.Merchant m = LibraryPayouts.merchant(api, payoutSettings);
        Map<String, String> keys = LibraryPayouts.keys(api, m);
        Path events = work.resolve("events.jsonl");
        String name = "node-payout-receiver-" + RUN;
        Process receiver = ExternalTool.start(
                name,
                LIBRARY,
                Map.of(
                        "XAALIS_API_SECRET",
                        m.apiSecret(),
                        "HOST",
                        "127.0.0.1",
                        "PORT",
                        "0",
                        "EVENTS_FILE",
                        events.toString()),
                "node",
                "test/e2e/payouts.mjs",
                "receive");
        try {
            api.setWebhook(m, "http://127.0.0.1:" + listeningPort(receiver, name) + "/webhooks/xaalis");
            Path orders = work.resolve("orders.json");
            LibraryPayouts.run(api, m, clock, events, args -> {
                List<String> command = new ArrayList<>(List.of("test/e2e/payouts.mjs"));
                command.addAll(args);
                return node("payouts-" + args.get(0), keys, orders, command.toArray(String[]::new));
            });
        } finally {
            ExternalTool.stop(receiver);
        }
        LibraryPayouts.assertReceiverLog(name, m);
    }

    /** The port a script printed once listening ({@code Listening on port N}). */
    private static int listeningPort(Process process, String name) throws Exception {
        Path log = Path.of("target", "processes", name + ".log");
        Pattern listening = Pattern.compile("Listening on port (\\d+)");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            String output = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            Matcher m = listening.matcher(output);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            if (!process.isAlive()) {
                fail(name + " stopped: " + output);
            }
            Thread.sleep(100);
        }
        return fail(name + " did not start; see " + log);
    }

    /** A notification as the server sends one, for order o-42. */
    private static String notification(String reference, String status, String amount) {
        return "{\"id\":\"" + reference + ":" + status + "\",\"event\":\"transaction." + status.toLowerCase()
                + "\",\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                + "\"reference\":\"" + reference + "\",\"amount\":\"" + amount + "\",\"status\":\"" + status
                + "\",\"metadata\":{\"order_id\":\"o-42\"}}}";
    }

    /** The order o-42 in the receiver's file: its status and the notifications applied, each once. */
    private static void assertOrder(Path file, String status, String reference, String... events) throws IOException {
        JsonNode data = Api.JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        JsonNode order = data.get("orders").get("o-42");
        assertThat(order.get("status").stringValue()).as(data.toString()).isEqualTo(status);
        assertThat(order.get("reference").stringValue()).isEqualTo(reference);
        assertThat(strings(order.get("events"))).containsExactly(events);
        assertThat(strings(data.get("processed"))).containsExactly(events);
    }

    private static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(node -> list.add(node.stringValue()));
        return list;
    }

    private Process receiver(String framework, Path orders, String secret) {
        return ExternalTool.start(
                "node-" + framework + "-receiver-" + RUN,
                LIBRARY,
                Map.of("XAALIS_API_SECRET", secret, "HOST", "127.0.0.1", "PORT", "0", "ORDERS_FILE", orders.toString()),
                "node",
                "examples/" + framework + "-receiver.mjs");
    }

    /** The port the receiver printed once listening (it picks a free one). */
    private static int port(Process receiver, String framework) throws Exception {
        Path log = Path.of("target", "processes", "node-" + framework + "-receiver-" + RUN + ".log");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            String output = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            Matcher listening = LISTENING.matcher(output);
            if (listening.find()) {
                return Integer.parseInt(listening.group(1));
            }
            if (!receiver.isAlive()) {
                fail("the " + framework + " receiver stopped: " + output);
            }
            Thread.sleep(100);
        }
        return fail("the " + framework + " receiver did not start; see " + log);
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    JdbcClient jdbc;

    /**
     * Issue 49: the balance, its transactions and settlements through the library (test/e2e/settlements.mjs),
     * checked as every library's by {@link LibrarySettlements}.
     */
    @Test
    void theClientReadsTheBalanceAndItsTransactionsAndSettles() {
        Api.Merchant m = LibrarySettlements.merchant(api, context, destinations, jdbc);
        JsonNode report = node(
                "settlements",
                LibrarySettlements.keys(api, m),
                work.resolve("orders.json"),
                "test/e2e/settlements.mjs");
        LibrarySettlements.assertReport(report, clock);
    }

    /** Runs a Node.js script of the library's folder; it must succeed and print JSON last. */
    private JsonNode node(String name, Map<String, String> keys, Path orders, String... command) {
        Map<String, String> env = new java.util.HashMap<>(keys);
        env.put("ORDERS_FILE", orders.toString());
        List<String> line = new ArrayList<>(List.of("node"));
        line.addAll(List.of(command));
        ExternalTool.Result result = ExternalTool.run(
                "node-" + name + "-" + RUN, LIBRARY, env, Duration.ofMinutes(2), line.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.output()).isZero();
        String output = result.output();
        return Api.JSON.readTree(output.substring(output.indexOf('{')));
    }

    /** The oldest Node.js the library supports: {@code engines.node} of its package.json, {@code >=N}. */
    private static String minimumNode() throws IOException {
        String engines = Api.JSON
                .readTree(Files.readString(LIBRARY.resolve("package.json")))
                .at("/engines/node")
                .stringValue();
        Matcher m = Pattern.compile(">=\\s*(\\d+(\\.\\d+)*)").matcher(engines == null ? "" : engines);
        assertThat(m.matches()).as("engines.node is >=N: %s", engines).isTrue();
        return m.group(1);
    }

    /** The files of a .tgz (npm's ustar archives), by name. */
    private static Map<String, byte[]> untar(Path tgz) throws IOException {
        Map<String, byte[]> files = new java.util.TreeMap<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tgz))) {
            byte[] header = new byte[512];
            while (in.readNBytes(header, 0, 512) == 512) {
                String name = field(header, 0, 100);
                if (name.isEmpty()) {
                    break; // the two empty blocks that end the archive
                }
                if (field(header, 257, 6).equals("ustar")
                        && !field(header, 345, 155).isEmpty()) {
                    name = field(header, 345, 155) + "/" + name;
                }
                long size = Long.parseLong(field(header, 124, 12).strip(), 8);
                byte type = header[156];
                byte[] data = in.readNBytes((int) size);
                in.skipNBytes((512 - size % 512) % 512);
                if (type == '0' || type == 0) {
                    files.put(name, data);
                }
            }
        }
        return files;
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
    }

    private static String npm(String name, Duration timeout, String... arguments) {
        List<String> line = new ArrayList<>(List.of("npm"));
        line.addAll(List.of(arguments));
        ExternalTool.Result result = ExternalTool.run(name, LIBRARY, Map.of(), timeout, line.toArray(String[]::new));
        assertThat(result.exitCode())
                .as("npm %s: %s", String.join(" ", arguments), result.output())
                .isZero();
        return result.output();
    }

    private String notificationId(Api.Merchant m, String eventId) {
        for (var n : api.notifications(m)) {
            if (n.get("event_id").stringValue().equals(eventId)) {
                return n.get("id").stringValue();
            }
        }
        throw new AssertionError("no notification " + eventId);
    }

    private void awaitAttempts(Api.Merchant m, String eventId, int attempts) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            for (var n : api.notifications(m)) {
                if (n.get("event_id").stringValue().equals(eventId)
                        && n.get("state").stringValue().equals("DELIVERED")
                        && n.get("attempts").size() >= attempts) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no second delivery of " + eventId + ": " + api.notifications(m));
    }

    private static int post(String url, String body, String signature) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (signature != null) {
            request.header("X-SVC-Signature", signature);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
