package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
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
 * Issue 18, PHP: the library's own PHPUnit suite, then the end-to-end flow against this server. The
 * library's client starts a payment (examples/checkout.php) and drives the API (a driver script), the
 * sandbox success is notified to the example receiver (examples/receiver.php under PHP's built-in
 * server), which verifies it, applies it to its order file once and refuses forgeries. Issue 29: on a
 * maintained PHP (at least composer.json's {@code require.php}), and {@code composer validate --strict}
 * passes: the package is publishable under the repository's licence. Issue 31: the client completes a
 * sandbox MOBILEMONEY_SN payment with the customer's one-time code, and gets a wrong code's 400.
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.test.context=merchant-libraries")
class PhpLibraryIT extends ApiIntegrationTest {

    private static final Path LIBRARY = ExternalTool.REPOSITORY.resolve("sdks/php");
    private static final Path DRIVER =
            Path.of("src/test/resources/sdks/php/drive.php").toAbsolutePath();
    private static final Path PAYOUT_DRIVER =
            Path.of("src/test/resources/sdks/php/drive-payouts.php").toAbsolutePath();
    private static final Path PAYOUT_RECEIVER =
            Path.of("src/test/resources/sdks/php/payout-receiver.php").toAbsolutePath();
    private static final Path CODE_DRIVER =
            Path.of("src/test/resources/sdks/php/drive-code.php").toAbsolutePath();
    private static final Path SETTLEMENT_DRIVER =
            Path.of("src/test/resources/sdks/php/drive-settlements.php").toAbsolutePath();

    @Test
    void theLibrarysOwnTestsPass() throws IOException {
        assumeFalse(TestDatabase.postgres(), "the library's unit tests run once, in the H2 execution");
        ExternalTool.require("php", "phpunit");
        requireSupportedPhp();
        ExternalTool.Result result =
                ExternalTool.run("php-phpunit", LIBRARY, Map.of(), Duration.ofMinutes(5), "phpunit");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("OK (");
    }

    @Test
    void composerValidatesThePackageStrictly() throws IOException {
        assumeFalse(TestDatabase.postgres(), "the package is checked once, in the H2 execution");
        ExternalTool.require("php", "composer");
        requireSupportedPhp();
        ExternalTool.Result result = ExternalTool.run(
                "php-composer-validate",
                LIBRARY,
                Map.of("COMPOSER_ALLOW_SUPERUSER", "1", "COMPOSER_NO_INTERACTION", "1"),
                Duration.ofMinutes(2),
                "composer",
                "validate",
                "--strict",
                "--no-interaction");
        // --strict: a warning (no licence, an unbounded version…) fails as an error does.
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("is valid");
        JsonNode composer = Api.JSON.readTree(Files.readString(LIBRARY.resolve("composer.json")));
        assertThat(composer.get("name").stringValue()).isEqualTo("xaalis/xaalis");
        assertThat(composer.get("license").stringValue()).isEqualTo("Apache-2.0");
        // A maintained PHP at least: 8.1 ended in December 2025.
        assertThat(ExternalTool.compareVersions(minimumPhp(), "8.2")).isGreaterThanOrEqualTo(0);
        assertThat(LIBRARY.resolve("LICENSE")).hasSameTextualContentAs(ExternalTool.REPOSITORY.resolve("LICENSE"));
    }

    @Test
    void theExampleReceiverAppliesTheWebhookOfAPaymentStartedWithTheLibrary(@TempDir Path dir) throws Exception {
        ExternalTool.require("php");
        requireSupportedPhp();
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        Path orders = dir.resolve("orders.json");
        Files.writeString(orders, "{\"orders\":{},\"processed_events\":[]}");
        int receiverPort = freePort();
        Process receiver = ExternalTool.start(
                "php-receiver",
                LIBRARY,
                Map.of("XAALIS_API_SECRET", m.apiSecret(), "XAALIS_ORDERS_FILE", orders.toString()),
                "php",
                "-S",
                "127.0.0.1:" + receiverPort,
                "examples/receiver.php");
        try {
            awaitListening(receiver, receiverPort);
            api.setWebhook(m, "http://127.0.0.1:" + receiverPort + "/webhooks/xaalis");
            // Not the API: answers of the receiver are not checked against the OpenAPI description.
            Api hook = new Api(receiverPort).unchecked();
            Map<String, String> env = Map.of(
                    "XAALIS_BASE_URL", api.base(),
                    "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                    "XAALIS_API_KEY", m.apiKey(),
                    "XAALIS_API_SECRET", m.apiSecret(),
                    "XAALIS_ORDERS_FILE", orders.toString());

            // The merchant's checkout: the order recorded, its payment started by the library.
            JsonNode checkout = lastJsonLine(ExternalTool.run(
                    "php-checkout",
                    LIBRARY,
                    env,
                    Duration.ofMinutes(1),
                    "php",
                    "examples/checkout.php",
                    "o-42",
                    "1500"));
            String reference = checkout.get("reference").stringValue();
            assertThat(reference).matches("SVC-[A-Z0-9]{8}");
            assertThat(checkout.get("status").stringValue()).isEqualTo("PROCESSING");
            assertThat(checkout.get("amount").stringValue()).isEqualTo("1500.00");
            assertThat(checkout.get("deep_links").has("WALLET")).isTrue();
            assertThat(store(orders).at("/orders/o-42/status").stringValue()).isEqualTo("pending");

            // The rest of the client against this server, then the sandbox success.
            JsonNode report = lastJsonLine(ExternalTool.run(
                    "php-drive",
                    LIBRARY,
                    env,
                    Duration.ofMinutes(2),
                    "php",
                    DRIVER.toString(),
                    LIBRARY.toString(),
                    reference));
            assertThat(report.at("/status/status").stringValue()).isEqualTo("PROCESSING");
            assertThat(report.at("/status/metadata/order_id").stringValue()).isEqualTo("o-42");
            assertThat(report.get("replayed_reference").stringValue()).isEqualTo(reference);
            assertThat(report.at("/simulated/status").stringValue()).isEqualTo("SUCCESS");
            assertThat(report.at("/simulated/paid").booleanValue()).isTrue();
            assertThat(strings(report.get("listed"))).containsExactly(reference);
            assertThat(report.at("/errors/decimal_mobilemoney/status").intValue())
                    .isEqualTo(400);
            assertThat(strings(report.at("/errors/decimal_mobilemoney/fields"))).contains("amount");
            assertThat(report.at("/errors/decimal_mobilemoney/timestamp").stringValue())
                    .matches(".*[+-]\\d\\d:\\d\\d");
            assertThat(report.at("/errors/decimal_mobilemoney/retryable").booleanValue())
                    .isFalse();
            assertThat(report.at("/errors/cancel_succeeded/status").intValue()).isEqualTo(409);
            assertThat(report.at("/errors/unknown_reference/status").intValue()).isEqualTo(404);
            assertThat(report.at("/link/amount").stringValue()).isEqualTo("4500.00");
            assertThat(report.at("/link/state").stringValue()).isEqualTo("OPEN");
            assertThat(report.at("/link/url_ends_with_code").booleanValue()).isTrue();
            assertThat(report.at("/link/listed").booleanValue()).isTrue();
            assertThat(report.at("/link/deactivated/active").booleanValue()).isFalse();
            assertThat(report.at("/link/deactivated/state").stringValue()).isEqualTo("DEACTIVATED");

            // The notification reached the PHP receiver, which verified it and marked the order paid.
            String eventId = reference + ":SUCCESS";
            JsonNode delivered = api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(10));
            JsonNode paid = store(orders);
            assertThat(paid.at("/orders/o-42/status").stringValue()).isEqualTo("paid");
            assertThat(paid.at("/orders/o-42/payment_reference").stringValue()).isEqualTo(reference);
            assertThat(strings(paid.at("/orders/o-42/events"))).containsExactly(eventId);
            assertThat(strings(paid.get("processed_events"))).containsExactly(eventId);

            // A second delivery of the same notification (a manual resend) is acknowledged, not applied twice.
            resend(m, delivered);
            assertThat(strings(store(orders).at("/orders/o-42/events"))).containsExactly(eventId);

            // Forgeries straight at the receiver: tampered, stale, unsigned, another secret, a wrong amount.
            String body = "{\"id\":\"" + reference + ":REFUNDED\",\"event\":\"transaction.refunded\","
                    + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                    + "\"reference\":\"" + reference
                    + "\",\"amount\":\"1500.00\",\"metadata\":{\"order_id\":\"o-42\"}}}";
            String fresh = WebhookVerifier.sign(body, Instant.now(), m.apiSecret());
            assertThat(post(hook, body.replace("1500.00", "15.00"), fresh)).isEqualTo(401);
            assertThat(post(hook, body, WebhookVerifier.sign(body, Instant.now().minusSeconds(301), m.apiSecret())))
                    .isEqualTo(401);
            assertThat(post(hook, body, null)).isEqualTo(401);
            assertThat(post(hook, body, WebhookVerifier.sign(body, Instant.now(), "sk_test_not_the_secret")))
                    .isEqualTo(401);
            String cheap = body.replace("1500.00", "1.00");
            assertThat(post(hook, cheap, WebhookVerifier.sign(cheap, Instant.now(), m.apiSecret())))
                    .isEqualTo(422);
            assertThat(store(orders).at("/orders/o-42/status").stringValue()).isEqualTo("paid");

            // A genuine one is applied once; replaying it is acknowledged without effect.
            assertThat(post(hook, body, fresh)).isEqualTo(200);
            assertThat(post(hook, body, fresh)).isEqualTo(200);
            JsonNode refunded = store(orders);
            assertThat(refunded.at("/orders/o-42/status").stringValue()).isEqualTo("refunded");
            assertThat(strings(refunded.at("/orders/o-42/events"))).containsExactly(eventId, reference + ":REFUNDED");
            assertThat(strings(refunded.get("processed_events"))).containsExactly(eventId, reference + ":REFUNDED");

            String log = Files.readString(Path.of("target", "processes", "php-receiver.log"));
            assertThat(log)
                    .contains("Refused a notification: NO_MATCHING_SIGNATURE")
                    .contains("Refused a notification: STALE_TIMESTAMP")
                    .contains("Refused a notification: MISSING_HEADER")
                    .doesNotContain(m.apiSecret());
        } finally {
            ExternalTool.stop(receiver);
        }
    }

    @Test
    void theLibraryCompletesAMobileMoneyPaymentWithTheCustomersOneTimeCode() throws IOException {
        ExternalTool.require("php");
        requireSupportedPhp();
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        JsonNode report = lastJsonLine(ExternalTool.run(
                "php-drive-code-" + (TestDatabase.postgres() ? "postgres" : "h2"),
                LIBRARY,
                Map.of(
                        "XAALIS_BASE_URL", api.base(),
                        "XAALIS_ENDPOINT_KEY", m.endpointKey(),
                        "XAALIS_API_KEY", m.apiKey(),
                        "XAALIS_API_SECRET", m.apiSecret()),
                Duration.ofMinutes(2),
                "php",
                CODE_DRIVER.toString(),
                LIBRARY.toString()));
        // The sandbox's code 123456 pays.
        JsonNode paid = report.get("paid");
        assertThat(paid.get("initiated_status").stringValue()).isEqualTo("PROCESSING");
        assertThat(paid.get("same_reference").booleanValue()).isTrue();
        assertThat(paid.get("provider").stringValue()).isEqualTo("MOBILEMONEY_SN");
        assertThat(paid.get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(paid.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(paid.get("paid").booleanValue()).isTrue();
        assertThat(paid.get("final").booleanValue()).isTrue();
        assertThat(paid.get("status_read").stringValue()).isEqualTo("SUCCESS");
        // 000000 is a wrong code: a 400 on otp, the payment still PROCESSING; the code in no message.
        JsonNode wrong = report.get("wrong_code");
        assertThat(wrong.isObject()).as(report.toString()).isTrue();
        assertThat(wrong.get("status").intValue()).isEqualTo(400);
        assertThat(wrong.get("retryable").booleanValue()).isFalse();
        assertThat(strings(wrong.get("fields"))).contains("otp");
        assertThat(wrong.get("code_in_message").booleanValue()).isFalse();
        assertThat(wrong.get("status_read").stringValue()).isEqualTo("PROCESSING");
    }

    @Autowired
    PayoutSettings payoutSettings;

    @Autowired
    MutableClock clock;

    /**
     * Payouts through the library: sandbox payouts to the success, failure and reversal numbers (the same
     * key twice gives one payout), read back and listed, and their {@code payout.*} notifications verified
     * by a receiver that uses the library's verifier (drive-payouts.php, payout-receiver.php).
     */
    @Test
    void theLibrarySendsPayoutsAndItsVerifierReadsTheirNotifications(@TempDir Path dir) throws Exception {
        ExternalTool.require("php");
        requireSupportedPhp();
        Api.Merchant m = LibraryPayouts.merchant(api, payoutSettings);
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        Path events = dir.resolve("events.jsonl");
        int receiverPort = freePort();
        String name = "php-payout-receiver-" + run;
        Process receiver = ExternalTool.start(
                name,
                PAYOUT_RECEIVER.getParent(),
                Map.of(
                        "XAALIS_PHP_LIBRARY", LIBRARY.toString(),
                        "XAALIS_API_SECRET", m.apiSecret(),
                        "EVENTS_FILE", events.toString()),
                "php",
                "-S",
                "127.0.0.1:" + receiverPort,
                PAYOUT_RECEIVER.toString());
        try {
            awaitListening(receiver, receiverPort);
            api.setWebhook(m, "http://127.0.0.1:" + receiverPort + "/webhooks/xaalis");
            Map<String, String> env = LibraryPayouts.keys(api, m);
            LibraryPayouts.run(
                    api, m, clock, events, args -> payouts("php-payouts-" + args.get(0) + "-" + run, env, args));
        } finally {
            ExternalTool.stop(receiver);
        }
        LibraryPayouts.assertReceiverLog(name, m);
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    JdbcClient jdbc;

    /**
     * Issue 49: the balance, its transactions and settlements through the library (drive-settlements.php),
     * checked as every library's by {@link LibrarySettlements}.
     */
    @Test
    void theLibraryReadsTheBalanceAndItsTransactionsAndSettles() throws IOException {
        ExternalTool.require("php");
        requireSupportedPhp();
        Api.Merchant m = LibrarySettlements.merchant(api, context, destinations, jdbc);
        JsonNode report = lastJsonLine(ExternalTool.run(
                "php-settlements-" + (TestDatabase.postgres() ? "postgres" : "h2"),
                LIBRARY,
                LibrarySettlements.keys(api, m),
                Duration.ofMinutes(2),
                "php",
                SETTLEMENT_DRIVER.toString(),
                LIBRARY.toString()));
        LibrarySettlements.assertReport(report, clock);
    }

    /** The last JSON line that drive-payouts.php printed when run with {@code args}. */
    private static JsonNode payouts(String name, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>(List.of("php", PAYOUT_DRIVER.toString(), LIBRARY.toString()));
        command.addAll(args);
        return lastJsonLine(
                ExternalTool.run(name, LIBRARY, env, Duration.ofMinutes(2), command.toArray(String[]::new)));
    }

    /** Skips (fails on CI) on a PHP older than the library's require.php. */
    private static void requireSupportedPhp() throws IOException {
        String run = TestDatabase.postgres() ? "postgres" : "h2";
        ExternalTool.requireAtLeast(
                "PHP", ExternalTool.version("php-version-" + run, "php", "-r", "echo PHP_VERSION;"), minimumPhp());
    }

    /** composer.json's require.php, {@code >=X.Y}. */
    private static String minimumPhp() throws IOException {
        String php = Api.JSON
                .readTree(Files.readString(LIBRARY.resolve("composer.json")))
                .at("/require/php")
                .stringValue();
        assertThat(php).as("require.php is >=X.Y").matches(">=\\d+\\.\\d+");
        return php.substring(2);
    }

    private static JsonNode lastJsonLine(ExternalTool.Result result) {
        assertThat(result.exitCode()).as(result.output()).isZero();
        String[] lines = result.output().strip().split("\n");
        return Api.JSON.readTree(lines[lines.length - 1]);
    }

    private static JsonNode store(Path orders) throws IOException {
        return Api.JSON.readTree(Files.readString(orders, StandardCharsets.UTF_8));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.stringValue()));
        return values;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void awaitListening(Process process, int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket ignored = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                assertThat(process.isAlive()).as("the PHP receiver exited").isTrue();
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the PHP receiver is not listening on " + port);
    }

    /** Has Xaalis deliver a delivered notification again (a manual resend) and waits for the receiver's answer. */
    private void resend(Api.Merchant m, JsonNode delivered) throws InterruptedException {
        String eventId = delivered.get("event_id").stringValue();
        int attempts = delivered.get("attempts").size();
        api.admin(
                "POST",
                "/applications/" + m.applicationId() + "/notifications/"
                        + delivered.get("id").stringValue() + "/resend",
                null);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(10))
                            .get("attempts")
                            .size()
                    > attempts) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no second delivery of " + eventId + ": " + api.notifications(m));
    }

    /** A delivery straight to the receiver (never through Xaalis), signed or not. */
    private static int post(Api receiver, String body, String signature) {
        Map<String, String> headers = new HashMap<>(Map.of("Content-Type", "application/json"));
        if (signature != null) {
            headers.put(WebhookVerifier.SIGNATURE_HEADER, signature);
        }
        return receiver.send("POST", "/webhooks/xaalis", headers, body).status();
    }
}
