package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * Issue 18, Python: the library's own unit tests ({@code python3 -m unittest} in {@code sdks/python}),
 * then the library against this running server, with its example receiver ({@code examples/receiver.py})
 * started as a process: the client initiates and simulates a payment, the server's webhook reaches the
 * receiver, which verifies it, marks the order paid once (the event id remembered in its order file) and
 * refuses tampered, stale and unsigned deliveries with 401. The client's other calls (list, cancel, refund,
 * payment links, the §7 error body) run against the server too. Issue 29: on a maintained Python (at
 * least pyproject.toml's {@code requires-python}), and the wheel that Debian's standard tooling builds
 * ({@code pyproject-build} of python3-build, with python3-setuptools and python3-wheel) carries the
 * name, version, licence and {@code Requires-Python} of pyproject.toml, the LICENSE, and only the package.
 * Issue 31: the client completes a sandbox MOBILEMONEY_SN payment with the customer's one-time code, and
 * gets a wrong code's 400.
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.test.context=merchant-libraries")
class PythonLibraryIT extends ApiIntegrationTest {

    private static final Path SDK = ExternalTool.REPOSITORY.resolve("sdks/python");
    private static final Path PAYOUTS =
            Path.of("src/test/resources/sdks/python/e2e_payouts.py").toAbsolutePath();
    private static final Path SETTLEMENTS =
            Path.of("src/test/resources/sdks/python/e2e_settlements.py").toAbsolutePath();
    private static final Path CLIENT =
            ExternalTool.REPOSITORY.resolve("server/src/test/resources/sdks/python/e2e_client.py");
    private static final Path VECTORS = ExternalTool.REPOSITORY.resolve("testdata/webhook-signatures.json");
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    @Test
    void theLibrarysUnitTestsPass() throws IOException {
        assumeFalse(TestDatabase.postgres(), "the library's unit tests need no database: run in the H2 execution only");
        ExternalTool.require("python3");
        requireSupportedPython();
        ExternalTool.Result result = ExternalTool.run(
                "python-unittest",
                SDK,
                Map.of("PYTHONDONTWRITEBYTECODE", "1"),
                Duration.ofMinutes(5),
                "python3",
                "-m",
                "unittest",
                "-v");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).containsPattern("Ran \\d+ tests").contains("\nOK");
        // Every case of the shared vectors ran as its own test.
        int vectors =
                Api.JSON.readTree(Files.readString(VECTORS)).get("vectors").size();
        assertThat(Pattern.compile("test_verify_\\d+_\\w+ .*\\.\\.\\. ok")
                        .matcher(result.output())
                        .results()
                        .count())
                .isEqualTo(vectors);
    }

    @Test
    void theWheelBuiltWithDebiansToolingCarriesTheLicenceAndTheSupportedPythons(@TempDir Path dir) throws IOException {
        assumeFalse(TestDatabase.postgres(), "the package is checked once, in the H2 execution");
        ExternalTool.require("pyproject-build");
        // The project as a source distribution has it (no caches, nothing built before), copied so that
        // the build's own files (build/, *.egg-info) stay out of the work tree.
        Path project = dir.resolve("xaalis");
        for (String file : List.of("pyproject.toml", "README.md", "LICENSE")) {
            Files.createDirectories(project);
            Files.copy(SDK.resolve(file), project.resolve(file));
        }
        try (var sources = Files.list(SDK.resolve("xaalis"))) {
            Files.createDirectories(project.resolve("xaalis"));
            for (Path source : sources.filter(Files::isRegularFile).toList()) {
                Files.copy(source, project.resolve("xaalis").resolve(source.getFileName()));
            }
        }
        Path out = dir.resolve("dist");
        ExternalTool.Result result = ExternalTool.run(
                "python-wheel",
                project,
                Map.of("PYTHONDONTWRITEBYTECODE", "1", "SOURCE_DATE_EPOCH", "1795336965"),
                Duration.ofMinutes(3),
                "pyproject-build",
                "--wheel",
                "--no-isolation",
                "--outdir",
                out.toString(),
                project.toString());
        assertThat(result.exitCode()).as(result.output()).isZero();
        String version = pyproject("version");
        Path wheel = out.resolve("xaalis-" + version + "-py3-none-any.whl");
        assertThat(wheel).as(result.output()).isRegularFile();

        Map<String, String> files = new java.util.TreeMap<>();
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(wheel.toFile())) {
            for (var entry : java.util.Collections.list(zip.entries())) {
                try (var in = zip.getInputStream(entry)) {
                    files.put(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        String info = "xaalis-" + version + ".dist-info/";
        assertThat(files.keySet())
                .contains("xaalis/__init__.py", "xaalis/client.py", "xaalis/webhooks.py", "xaalis/py.typed")
                .allSatisfy(name -> assertThat(name).matches("xaalis/\\w+\\.(py|typed)|" + Pattern.quote(info) + ".+"));
        // The licence file, as setuptools places it (dist-info/ or, from setuptools 77, dist-info/licenses/).
        String licence = read(ExternalTool.REPOSITORY.resolve("LICENSE"));
        String licenceFile = files.keySet().stream()
                .filter(name -> name.startsWith(info) && name.endsWith("/LICENSE"))
                .findFirst()
                .orElse(info + "LICENSE");
        assertThat(files)
                .hasEntrySatisfying(licenceFile, text -> assertThat(text).isEqualTo(licence));
        List<String> metadata = files.get(info + "METADATA")
                .lines()
                .takeWhile(line -> !line.isEmpty())
                .toList();
        assertThat(metadata)
                .contains("Name: xaalis", "Version: " + version, "Requires-Python: >=" + minimumPython())
                .containsAnyOf("License: Apache-2.0", "License-Expression: Apache-2.0")
                .anySatisfy(
                        line -> assertThat(line).startsWith("License-File: ").endsWith("LICENSE"));
        // A maintained Python at least: 3.10 ended in October 2026.
        assertThat(ExternalTool.compareVersions(minimumPython(), "3.11")).isGreaterThanOrEqualTo(0);
    }

    @Test
    void theClientAndTheExampleReceiverWorkAgainstTheServer(@TempDir Path dir) throws Exception {
        ExternalTool.require("python3");
        requireSupportedPython();
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Path orders = dir.resolve("orders.json");
        Files.writeString(
                orders, "{\"orders\":{\"o-42\":{\"amount\":\"1500\",\"status\":\"pending\"}},\"processed_events\":[]}");
        int port = freePort();
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        Map<String, String> python = Map.of(
                "PYTHONPATH", SDK.toString(),
                "PYTHONDONTWRITEBYTECODE", "1",
                "PYTHONUNBUFFERED", "1");
        Map<String, String> receiverEnv = new HashMap<>(python);
        receiverEnv.putAll(Map.of(
                "XAALIS_API_SECRET", m.apiSecret(),
                "HOST", "127.0.0.1",
                "PORT", Integer.toString(port),
                "ORDERS_FILE", orders.toString()));
        Process receiver =
                ExternalTool.start("python-receiver-" + run, SDK, receiverEnv, "python3", "examples/receiver.py");
        try {
            awaitListening(receiver, port, "python-receiver-" + run);
            String hook = "http://127.0.0.1:" + port + "/webhooks/xaalis";
            api.setWebhook(m, hook);
            Map<String, String> clientEnv = new HashMap<>(python);
            clientEnv.putAll(Map.of(
                    "XAALIS_BASE_URL", api.base(),
                    "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                    "XAALIS_API_KEY", m.apiKey(),
                    "XAALIS_API_SECRET", m.apiSecret()));

            // The client initiates (twice with one idempotency key: one payment), reads, simulates SUCCESS.
            JsonNode paid = client("pay-" + run, clientEnv, "pay", "o-42", "1500");
            String reference = paid.get("reference").stringValue();
            assertThat(reference).matches("SVC-[A-Z0-9]{8}");
            assertThat(paid.get("same_reference_again").booleanValue()).isTrue();
            assertThat(paid.get("initiated_status").stringValue()).isEqualTo("PROCESSING");
            assertThat(paid.get("amount").stringValue()).isEqualTo("1500.00");
            assertThat(paid.get("has_qr_code").booleanValue()).isTrue();
            assertThat(paid.get("deep_links").toString()).isEqualTo("[\"WALLET\"]");
            assertThat(paid.get("created_at_aware").booleanValue()).isTrue();
            assertThat(paid.get("status_order_id").stringValue()).isEqualTo("o-42");
            assertThat(paid.get("status_status").stringValue()).isEqualTo("PROCESSING");
            assertThat(paid.get("simulated_status").stringValue()).isEqualTo("SUCCESS");
            assertThat(paid.get("simulated_paid_at").booleanValue()).isTrue();

            // The server's webhook reached the Python receiver, which verified it and marked the order paid.
            String success = reference + ":SUCCESS";
            api.awaitNotification(m, success, Set.of("DELIVERED"), Duration.ofSeconds(15));
            JsonNode state = orders(orders);
            assertThat(state.get("orders").get("o-42").get("status").stringValue())
                    .isEqualTo("paid");
            assertThat(strings(state.get("orders").get("o-42").get("events"))).containsExactly(success);
            assertThat(strings(state.get("processed_events"))).containsExactly(success);

            // A second delivery of the same notification (a manual resend) is acknowledged, not applied twice.
            api.admin(
                    "POST",
                    "/applications/" + m.applicationId() + "/notifications/" + notificationId(m, success) + "/resend",
                    null);
            awaitAttempts(m, success, 2);
            assertThat(orders(orders)).isEqualTo(state);

            // Deliveries straight at the receiver, signed here with the application's secret at real time.
            String refunded = reference + ":REFUNDED";
            String body = "{\"id\":\"" + refunded + "\",\"event\":\"transaction.refunded\","
                    + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                    + "\"reference\":\"" + reference
                    + "\",\"amount\":\"1500.00\",\"metadata\":{\"order_id\":\"o-42\"}}}";
            String fresh = WebhookVerifier.sign(body, Instant.now(), m.apiSecret());
            assertThat(post(hook, body.replace("1500.00", "15.00"), fresh)).isEqualTo(401); // tampered
            assertThat(post(hook, body, WebhookVerifier.sign(body, Instant.now().minusSeconds(301), m.apiSecret())))
                    .isEqualTo(401); // stale
            assertThat(post(hook, body, WebhookVerifier.sign(body, Instant.now().plusSeconds(301), m.apiSecret())))
                    .isEqualTo(401); // from the future
            assertThat(post(hook, body, null)).isEqualTo(401); // unsigned
            assertThat(post(hook, body, WebhookVerifier.sign(body, Instant.now(), "sk_test_not_the_secret")))
                    .isEqualTo(401); // another secret
            String cheap = body.replace("1500.00", "1.00");
            assertThat(post(hook, cheap, WebhookVerifier.sign(cheap, Instant.now(), m.apiSecret())))
                    .isEqualTo(422); // signed, but not the order's amount
            // The success replayed with a fresh, valid signature: acknowledged, never applied twice.
            String replay = body.replace(refunded, success).replace("transaction.refunded", "transaction.success");
            assertThat(post(hook, replay, WebhookVerifier.sign(replay, Instant.now(), m.apiSecret())))
                    .isEqualTo(200);
            assertThat(orders(orders)).isEqualTo(state);

            // The rest of the client: list, the §7 error body with its field detail, cancel, a 409.
            JsonNode checks = client("checks-" + run, clientEnv, "checks", reference);
            assertThat(strings(checks.get("listed"))).containsExactly(reference);
            JsonNode refused = checks.get("refused");
            assertThat(refused.get("status").intValue()).isEqualTo(400);
            assertThat(refused.get("retryable").booleanValue()).isFalse();
            assertThat(strings(refused.get("fields"))).contains("amount");
            assertThat(refused.get("timestamp").stringValue()).matches(".*[+-]\\d\\d:\\d\\d");
            assertThat(checks.get("cancelled_status").stringValue()).isEqualTo("CANCELLED");
            assertThat(checks.get("cancel_conflict").get("status").intValue()).isEqualTo(409);
            String cancelled = checks.get("cancelled_reference").stringValue() + ":CANCELLED";
            api.awaitNotification(m, cancelled, Set.of("DELIVERED"), Duration.ofSeconds(15));

            // A refund through the client: its real notification is applied to the order.
            JsonNode refund = client("refund-" + run, clientEnv, "refund", reference);
            assertThat(refund.get("status").stringValue()).isEqualTo("REFUNDED");
            api.awaitNotification(m, refunded, Set.of("DELIVERED"), Duration.ofSeconds(15));
            JsonNode last = orders(orders);
            assertThat(last.get("orders").get("o-42").get("status").stringValue())
                    .isEqualTo("refunded");
            assertThat(strings(last.get("orders").get("o-42").get("events"))).containsExactly(success, refunded);
            assertThat(strings(last.get("processed_events"))).containsExactlyInAnyOrder(success, cancelled, refunded);

            // Payment links: create (idempotent), list, deactivate, and the §7 detail of a refusal.
            JsonNode links = client("links-" + run, clientEnv, "links");
            JsonNode fixed = links.get("fixed");
            String code = fixed.get("code").stringValue();
            assertThat(code).matches("[a-z2-7]{16}");
            assertThat(fixed.get("url_ends_with_code").booleanValue()).isTrue();
            assertThat(fixed.get("has_qr_code").booleanValue()).isTrue();
            assertThat(fixed.get("amount").stringValue()).isEqualTo("2500.00");
            assertThat(strings(fixed.get("providers"))).containsExactly("WALLET_SN");
            assertThat(fixed.get("expires_at_matches").booleanValue()).isTrue();
            assertThat(fixed.get("state").stringValue()).isEqualTo("OPEN");
            assertThat(fixed.get("active").booleanValue()).isTrue();
            assertThat(links.get("same_code_again").booleanValue()).isTrue();
            JsonNode ranged = links.get("ranged");
            assertThat(ranged.get("min").stringValue()).isEqualTo("1000.00");
            assertThat(ranged.get("max").stringValue()).isEqualTo("50000.00");
            assertThat(ranged.get("amount").isNull()).isTrue();
            assertThat(ranged.get("single_use").booleanValue()).isTrue();
            assertThat(strings(links.get("listed"))).hasSize(2).contains(code);
            assertThat(links.get("deactivated").get("active").booleanValue()).isFalse();
            assertThat(links.get("deactivated").get("state").stringValue()).isEqualTo("DEACTIVATED");
            assertThat(links.get("refused").get("status").intValue()).isEqualTo(400);
            assertThat(strings(links.get("refused").get("fields"))).contains("max_amount");
        } finally {
            ExternalTool.stop(receiver);
        }
        String log = Files.readString(Path.of("target", "processes", "python-receiver-" + run + ".log"));
        assertThat(log).contains("Refused a notification: STALE_TIMESTAMP").doesNotContain(m.apiSecret());
    }

    @Test
    void theClientCompletesAMobileMoneyPaymentWithTheCustomersOneTimeCode() throws IOException {
        ExternalTool.require("python3");
        requireSupportedPython();
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Map<String, String> env = Map.of(
                "PYTHONPATH", SDK.toString(),
                "PYTHONDONTWRITEBYTECODE", "1",
                "XAALIS_BASE_URL", api.base(),
                "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                "XAALIS_API_KEY", m.apiKey(),
                "XAALIS_API_SECRET", m.apiSecret());
        JsonNode code = client("code-" + (TestDatabase.postgres() ? "postgres" : "h2"), env, "code");
        // The sandbox's code 123456 pays.
        assertThat(code.get("initiated_status").stringValue()).isEqualTo("PROCESSING");
        JsonNode paid = code.get("paid");
        assertThat(paid.get("same_reference").booleanValue()).isTrue();
        assertThat(paid.get("provider").stringValue()).isEqualTo("MOBILEMONEY_SN");
        assertThat(paid.get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(paid.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(paid.get("paid_at_aware").booleanValue()).isTrue();
        assertThat(paid.get("final").booleanValue()).isTrue();
        assertThat(paid.get("status_read").stringValue()).isEqualTo("SUCCESS");
        // 000000 is a wrong code: a 400 on otp, the payment still PROCESSING; the code in no message.
        JsonNode refused = code.get("refused");
        assertThat(refused.isObject()).as(code.toString()).isTrue();
        assertThat(refused.get("status").intValue()).isEqualTo(400);
        assertThat(refused.get("retryable").booleanValue()).isFalse();
        assertThat(strings(refused.get("fields"))).contains("otp");
        assertThat(refused.get("code_in_message").booleanValue()).isFalse();
        assertThat(code.get("refused_status_read").stringValue()).isEqualTo("PROCESSING");
    }

    @Autowired
    PayoutSettings payoutSettings;

    @Autowired
    MutableClock clock;

    /**
     * Payouts through the library: sandbox payouts to the success, failure and reversal numbers (the same
     * key twice gives one payout), read back and listed, and their {@code payout.*} notifications verified
     * by a receiver that uses the library's verifier (e2e_payouts.py).
     */
    @Test
    void theClientSendsPayoutsAndTheVerifierReadsTheirNotifications(@TempDir Path dir) throws Exception {
        ExternalTool.require("python3");
        requireSupportedPython();
        Api.Merchant m = LibraryPayouts.merchant(api, payoutSettings);
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        Path events = dir.resolve("events.jsonl");
        int port = freePort();
        Map<String, String> env = new HashMap<>(LibraryPayouts.keys(api, m));
        env.putAll(Map.of("PYTHONPATH", SDK.toString(), "PYTHONDONTWRITEBYTECODE", "1", "PYTHONUNBUFFERED", "1"));
        Map<String, String> receiverEnv = new HashMap<>(env);
        receiverEnv.putAll(
                Map.of("HOST", "127.0.0.1", "PORT", Integer.toString(port), "EVENTS_FILE", events.toString()));
        Process receiver = ExternalTool.start(
                "python-payout-receiver-" + run, SDK, receiverEnv, "python3", PAYOUTS.toString(), "receive");
        try {
            awaitListening(receiver, port, "python-payout-receiver-" + run);
            api.setWebhook(m, "http://127.0.0.1:" + port + "/webhooks/xaalis");
            LibraryPayouts.run(
                    api,
                    m,
                    clock,
                    events,
                    args -> payouts("payouts-" + args.get(0) + "-" + run, env, args.toArray(String[]::new)));
        } finally {
            ExternalTool.stop(receiver);
        }
        LibraryPayouts.assertReceiverLog("python-payout-receiver-" + run, m);
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    JdbcClient jdbc;

    /**
     * Issue 49: the balance, its transactions and settlements through the library (e2e_settlements.py),
     * checked as every library's by {@link LibrarySettlements}.
     */
    @Test
    void theClientReadsTheBalanceAndItsTransactionsAndSettles() throws IOException {
        ExternalTool.require("python3");
        requireSupportedPython();
        Api.Merchant m = LibrarySettlements.merchant(api, context, destinations, jdbc);
        Map<String, String> env = new HashMap<>(LibrarySettlements.keys(api, m));
        env.putAll(Map.of("PYTHONPATH", SDK.toString(), "PYTHONDONTWRITEBYTECODE", "1", "PYTHONUNBUFFERED", "1"));
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        ExternalTool.Result result = ExternalTool.run(
                "python-settlements-" + run, SDK, env, Duration.ofMinutes(2), "python3", SETTLEMENTS.toString());
        assertThat(result.exitCode()).as(result.output()).isZero();
        Matcher line = Pattern.compile("(?m)^RESULT (.*)$").matcher(result.output());
        if (!line.find()) {
            fail("no RESULT line from the Python settlements script: " + result.output());
        }
        LibrarySettlements.assertReport(Api.JSON.readTree(line.group(1)), clock);
    }

    private JsonNode payouts(String name, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of("python3", PAYOUTS.toString()));
        command.addAll(List.of(args));
        ExternalTool.Result result =
                ExternalTool.run("python-" + name, SDK, env, Duration.ofMinutes(2), command.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.output()).isZero();
        Matcher line = Pattern.compile("(?m)^RESULT (.*)$").matcher(result.output());
        if (!line.find()) {
            fail("no RESULT line from the Python payouts script: " + result.output());
        }
        return Api.JSON.readTree(line.group(1));
    }

    /** Skips (fails on CI) on a python3 older than the library's requires-python. */
    private static void requireSupportedPython() throws IOException {
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        ExternalTool.requireAtLeast(
                "Python",
                ExternalTool.version(
                        "python-version-" + run, "python3", "-c", "import platform; print(platform.python_version())"),
                minimumPython());
    }

    /** pyproject.toml's requires-python, {@code >=X.Y}. */
    private static String minimumPython() throws IOException {
        String requires = pyproject("requires-python");
        assertThat(requires).as("requires-python is >=X.Y").matches(">=\\d+\\.\\d+");
        return requires.substring(2);
    }

    /** A string of pyproject.toml's [project] table. */
    private static String pyproject(String key) throws IOException {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + " = \"([^\"]*)\"$")
                .matcher(read(SDK.resolve("pyproject.toml")));
        assertThat(m.find()).as("pyproject.toml has " + key).isTrue();
        return m.group(1);
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private JsonNode client(String name, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of("python3", CLIENT.toString()));
        command.addAll(List.of(args));
        ExternalTool.Result result = ExternalTool.run(
                "python-client-" + name, SDK, env, Duration.ofMinutes(2), command.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.output()).isZero();
        Matcher line = Pattern.compile("(?m)^RESULT (.*)$").matcher(result.output());
        if (!line.find()) {
            fail("no RESULT line from the Python client: " + result.output());
        }
        return Api.JSON.readTree(line.group(1));
    }

    private static JsonNode orders(Path file) throws IOException {
        return Api.JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(node -> values.add(node.stringValue()));
        return values;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void awaitListening(Process process, int port, String name) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                fail("the receiver exited with " + process.exitValue() + "; see target/processes/" + name + ".log");
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        fail("the receiver did not listen on port " + port + "; see target/processes/" + name + ".log");
    }

    private String notificationId(Api.Merchant m, String eventId) {
        for (JsonNode n : api.notifications(m)) {
            if (n.get("event_id").stringValue().equals(eventId)) {
                return n.get("id").stringValue();
            }
        }
        throw new AssertionError("no notification " + eventId);
    }

    private void awaitAttempts(Api.Merchant m, String eventId, int attempts) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode n : api.notifications(m)) {
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
