package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.w3c.dom.Document;
import sn.xaalis.example.WebhookReceiver;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.payout.PayoutTests;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.sdks.LibrarySettlements;
import sn.xaalis.settlement.SettlementDestinations;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 6 end to end: the SDK initiates against the running server, simulates success in sandbox, and
 * the example receiver verifies and applies the resulting webhook; forgeries are refused. Issue 18: the
 * SDK's payment-link calls against the same server. Issue 29: the SDK as it is published, its POM
 * declaring the repository's licence, its jar carrying it with a manifest that names the library, and its
 * classes compiled for Java 17, the oldest long-term-support release still maintained. Issue 31: the SDK
 * completes a sandbox MOBILEMONEY_SN payment with the customer's one-time code, and gets a wrong code's 400.
 */
@IntegrationTest
class SdkEndToEndIT extends ApiIntegrationTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    // The server's clock, which other tests in this context move forward: the receiver must share it.
    @Autowired
    MutableClock clock;

    @Autowired
    PayoutSettings payoutSettings;

    @Test
    void theSdkIsPackagedUnderTheRepositorysLicenceForJava17() throws Exception {
        assumeFalse(TestDatabase.postgres(), "the package is checked once, in the H2 execution");
        Path repository = Path.of("..").toAbsolutePath().normalize();
        String licence = Files.readString(repository.resolve("LICENSE"));
        assertThat(licence).contains("Apache License", "Version 2.0, January 2004");

        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(repository.resolve("sdks/java/pom.xml").toFile());
        XPath xpath = XPathFactory.newInstance().newXPath();
        assertThat(xpath.evaluate("/project/artifactId", pom)).isEqualTo("xaalis-java");
        assertThat(xpath.evaluate("/project/licenses/license/name", pom)).isEqualTo("Apache-2.0");
        assertThat(xpath.evaluate("/project/licenses/license/url", pom))
                .isEqualTo("https://www.apache.org/licenses/LICENSE-2.0.txt");
        assertThat(xpath.evaluate("/project/properties/maven.compiler.release", pom))
                .isEqualTo("17");

        // The classes merchants load: Java 17's class-file version (61), whatever JDK built them.
        try (InputStream in = WebhookVerifier.class.getResourceAsStream("WebhookVerifier.class")) {
            byte[] head = in.readNBytes(8);
            assertThat(((head[6] & 0xff) << 8) | (head[7] & 0xff)).isEqualTo(61);
        }

        // The jar the build packaged (or, from an IDE, the one beside its classes).
        Path location = Path.of(WebhookVerifier.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path jar = Files.isRegularFile(location) ? location : packagedJar(location.getParent());
        if (jar == null) {
            String why = "SKIPPED: the SDK was not packaged (run through ./mvnw verify)";
            if (TestDatabase.postgresRequired()) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry entry = file.getJarEntry("META-INF/LICENSE");
            assertThat(entry).as("META-INF/LICENSE in " + jar).isNotNull();
            try (InputStream in = file.getInputStream(entry)) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .isEqualTo(licence);
            }
            Attributes manifest = file.getManifest().getMainAttributes();
            assertThat(manifest.getValue("Implementation-Title")).isEqualTo("Xaalis Java SDK");
            assertThat(manifest.getValue("Implementation-Version")).isNotBlank();
            assertThat(manifest.getValue("Automatic-Module-Name")).isEqualTo("sn.xaalis.sdk");
        }
    }

    private static Path packagedJar(Path target) throws IOException {
        if (target == null || !Files.isDirectory(target)) {
            return null;
        }
        try (var files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches("xaalis-java-[^-]+(-SNAPSHOT)?\\.jar"))
                    .findFirst()
                    .orElse(null);
        }
    }

    @Test
    void theSdkAndTheExampleReceiverWorkAgainstTheServer() throws Exception {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        List<String> applied = new CopyOnWriteArrayList<>();
        WebhookReceiver.Orders orders = new WebhookReceiver.Orders() {
            @Override
            public Optional<BigDecimal> expectedAmount(String orderId) {
                return orderId.equals("o-42") ? Optional.of(new BigDecimal("1500")) : Optional.empty();
            }

            @Override
            public void apply(String orderId, WebhookEvent event) {
                applied.add(orderId + " " + event.event() + " " + event.id());
            }
        };
        try (WebhookReceiver receiver = new WebhookReceiver(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        new WebhookVerifier(clock, WebhookVerifier.DEFAULT_TOLERANCE, m.apiSecret()),
                        orders)
                .start()) {
            String hook = "http://127.0.0.1:" + receiver.port() + WebhookReceiver.PATH;
            api.setWebhook(m, hook);
            XaalisClient xaalis = client(m);

            Payment payment = xaalis.initiate(PaymentRequest.of("WALLET_SN", "1500")
                    .withMetadata(Map.of("order_id", "o-42"))
                    .withDescription("Thiéboudienne x2"));
            assertThat(payment.status()).isEqualTo("PROCESSING");
            assertThat(payment.amount()).isEqualByComparingTo("1500");
            assertThat(payment.qrCode()).isNotBlank();
            assertThat(xaalis.status(payment.reference())
                            .metadata()
                            .get("order_id")
                            .asText())
                    .isEqualTo("o-42");

            Payment succeeded = xaalis.simulate(payment.reference(), Outcome.SUCCESS);
            assertThat(succeeded.status()).isEqualTo("SUCCESS");
            String eventId = payment.reference() + ":SUCCESS";
            api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(10));
            assertThat(applied).containsExactly("o-42 transaction.success " + eventId);

            // A second delivery of the same notification (a manual resend) is acknowledged, not applied twice.
            String notificationId = notificationId(m, eventId);
            api.admin(
                    "POST",
                    "/applications/" + m.applicationId() + "/notifications/" + notificationId + "/resend",
                    null);
            awaitAttempts(m, eventId, 2);
            assertThat(applied).hasSize(1);

            // Forgeries straight at the receiver: a tampered body, a stale timestamp, a wrong amount.
            String body = "{\"id\":\"" + payment.reference() + ":REFUNDED\",\"event\":\"transaction.refunded\","
                    + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                    + "\"reference\":\"" + payment.reference()
                    + "\",\"amount\":\"1500.00\",\"metadata\":{\"order_id\":\"o-42\"}}}";
            String fresh = WebhookVerifier.sign(body, clock.instant(), m.apiSecret());
            assertThat(post(hook, body.replace("1500.00", "15.00"), fresh)).isEqualTo(401);
            assertThat(post(
                            hook,
                            body,
                            WebhookVerifier.sign(body, clock.instant().minusSeconds(301), m.apiSecret())))
                    .isEqualTo(401);
            assertThat(post(hook, body, null)).isEqualTo(401);
            String cheap = body.replace("1500.00", "1.00");
            assertThat(post(hook, cheap, WebhookVerifier.sign(cheap, clock.instant(), m.apiSecret())))
                    .isEqualTo(422);
            assertThat(applied).hasSize(1);
            assertThat(post(hook, body, fresh)).isEqualTo(200);
            assertThat(applied).hasSize(2);

            // The typed error carries the §7 body.
            try {
                xaalis.initiate(PaymentRequest.of("MOBILEMONEY_SN", "1500.50"));
                throw new AssertionError("a decimal MOBILEMONEY_SN amount must be refused");
            } catch (XaalisException e) {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.error().errors()).containsKey("amount");
                assertThat(e.error().timestamp()).matches(".*[+-]\\d\\d:\\d\\d");
            }
            PaymentPage page = xaalis.list(PaymentQuery.all().status("SUCCESS"));
            assertThat(page.payments()).extracting(Payment::reference).containsExactly(payment.reference());
        }
    }

    @Test
    void theSdkCreatesListsAndDeactivatesPaymentLinks() {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        XaalisClient xaalis = client(m);
        Instant expiresAt = clock.instant().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);

        PaymentLinkRequest request = PaymentLinkRequest.fixed("4500")
                .withDescription("Plat familial")
                .withProviders(List.of("WALLET_SN"))
                .withSingleUse(true)
                .withExpiresAt(expiresAt)
                .withCurrency("XOF");
        PaymentLink link = xaalis.createPaymentLink(request, "link-plat-familial");
        assertThat(link.code()).matches("[a-z2-7]{16}");
        assertThat(link.url()).endsWith("/l/" + link.code());
        assertThat(link.qrCode()).isNotBlank();
        assertThat(link.environment()).isEqualTo("sandbox");
        assertThat(link.amount()).isEqualByComparingTo("4500");
        assertThat(link.amount().toPlainString()).isEqualTo("4500.00");
        assertThat(link.minAmount()).isNull();
        assertThat(link.maxAmount()).isNull();
        assertThat(link.currency()).isEqualTo("XOF");
        assertThat(link.description()).isEqualTo("Plat familial");
        assertThat(link.providers()).containsExactly("WALLET_SN");
        assertThat(link.singleUse()).isTrue();
        assertThat(link.expiresAt()).isEqualTo(expiresAt);
        assertThat(link.active()).isTrue();
        assertThat(link.state()).isEqualTo("OPEN");
        assertThat(link.createdAt()).isNotNull();
        // The same key and request replay the first answer instead of creating a second link.
        assertThat(xaalis.createPaymentLink(request, "link-plat-familial").code())
                .isEqualTo(link.code());

        PaymentLink range = xaalis.createPaymentLink(PaymentLinkRequest.range("1000", "50000"));
        assertThat(range.amount()).isNull();
        assertThat(range.minAmount().toPlainString()).isEqualTo("1000.00");
        assertThat(range.maxAmount().toPlainString()).isEqualTo("50000.00");
        assertThat(range.providers()).containsExactlyInAnyOrder("WALLET_SN", "MOBILEMONEY_SN");
        assertThat(range.singleUse()).isFalse();
        assertThat(range.expiresAt()).isNull();

        // A page at a time (the server's clock may be frozen by other tests: the order is not asserted).
        PaymentLinkPage first = xaalis.listPaymentLinks(null, 1);
        assertThat(first.links()).hasSize(1);
        assertThat(first.hasMore()).isTrue();
        PaymentLinkPage second = xaalis.listPaymentLinks(first.nextCursor(), 1);
        assertThat(second.links()).hasSize(1);
        assertThat(second.hasMore()).isFalse();
        assertThat(second.nextCursor()).isNull();
        assertThat(List.of(first.links().get(0), second.links().get(0))).containsExactlyInAnyOrder(link, range);

        PaymentLink deactivated = xaalis.deactivatePaymentLink(link.code());
        assertThat(deactivated.code()).isEqualTo(link.code());
        assertThat(deactivated.active()).isFalse();
        assertThat(deactivated.state()).isEqualTo("DEACTIVATED");
        assertThat(xaalis.listPaymentLinks().links())
                .filteredOn(l -> l.code().equals(link.code()))
                .singleElement()
                .satisfies(l -> assertThat(l.state()).isEqualTo("DEACTIVATED"));

        // Bad input comes back as the §7 body in a XaalisException, field by field.
        PaymentLinkRequest both = new PaymentLinkRequest(
                new BigDecimal("4500"), new BigDecimal("1000"), new BigDecimal("5000"), null, null, null, null, null);
        assertThatThrownBy(() -> xaalis.createPaymentLink(both)).isInstanceOfSatisfying(XaalisException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.retryable()).isFalse();
            assertThat(e.error().error()).isEqualTo("Bad Request");
            assertThat(e.error().errors()).containsKey("amount");
            assertThat(e.error().timestamp()).matches(".*[+-]\\d\\d:\\d\\d");
        });
        assertThatThrownBy(() -> xaalis.createPaymentLink(PaymentLinkRequest.range("5000", "1000")))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error().errors()).containsKey("max_amount");
                });
        assertThatThrownBy(() -> xaalis.deactivatePaymentLink("aaaaaaaaaaaaaaaa"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.error().status()).isEqualTo(404);
                });
        assertThat(xaalis.listPaymentLinks(null, 100).links()).hasSize(2);
    }

    @Test
    void theSdkCompletesAMobileMoneyPaymentWithTheCustomersOneTimeCode() {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        XaalisClient xaalis = client(m);

        // The sandbox's code 123456 pays. Numbers of this test only: the server counts codes per number.
        Payment payment = xaalis.initiate(PaymentRequest.of("MOBILEMONEY_SN", "4500"));
        assertThat(payment.status()).isEqualTo("PROCESSING");
        Payment paid = xaalis.payWithCode(payment.reference(), "77 101 00 01", "123456");
        assertThat(paid.reference()).isEqualTo(payment.reference());
        assertThat(paid.provider()).isEqualTo("MOBILEMONEY_SN");
        assertThat(paid.status()).isEqualTo("SUCCESS");
        assertThat(paid.amount().toPlainString()).isEqualTo("4500.00");
        assertThat(paid.paidAt()).isNotNull();
        assertThat(paid.isFinal()).isTrue();
        assertThat(xaalis.status(payment.reference()).status()).isEqualTo("SUCCESS");

        // 000000 is a wrong code: a 400 on otp, and the payment still takes another one.
        Payment other = xaalis.initiate(PaymentRequest.of("MOBILEMONEY_SN", "4500"));
        assertThatThrownBy(() -> xaalis.payWithCode(other.reference(), "+221 77 101 00 02", "000000"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.error().errors()).containsKey("otp");
                    assertThat(e.getMessage()).doesNotContain("000000");
                });
        assertThat(xaalis.status(other.reference()).status()).isEqualTo("PROCESSING");
        // Another code for a payment already paid: a 409.
        assertThatThrownBy(() -> xaalis.payWithCode(payment.reference(), "77 101 00 01", "123456"))
                .isInstanceOfSatisfying(
                        XaalisException.class, e -> assertThat(e.status()).isEqualTo(409));
    }

    /**
     * Payouts through the SDK: sandbox payouts to the success, failure and reversal numbers (the same key
     * twice gives one payout, another body under it a 422), read back and listed, and the server's
     * {@code payout.success}, {@code payout.failed} and {@code payout.reversed} notifications verified by
     * the SDK's verifier in a receiver on loopback.
     */
    @Test
    void theSdkSendsPayoutsAndItsVerifierReadsTheirNotifications() throws Exception {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        payoutSettings.save(
                ApplicationId.valueOf(m.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
        WebhookVerifier verifier = new WebhookVerifier(clock, WebhookVerifier.DEFAULT_TOLERANCE, m.apiSecret());
        Map<String, WebhookEvent> verified = new java.util.concurrent.ConcurrentHashMap<>();
        List<String> refused = new CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer receiver =
                com.sun.net.httpserver.HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/webhooks/xaalis", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status;
            try {
                WebhookEvent event =
                        verifier.verify(body, exchange.getRequestHeaders().getFirst(WebhookVerifier.SIGNATURE_HEADER));
                verified.put(event.id(), event);
                status = 200;
            } catch (WebhookVerificationException e) {
                refused.add(e.reason().name());
                status = 401;
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        try {
            api.setWebhook(m, "http://127.0.0.1:" + receiver.getAddress().getPort() + "/webhooks/xaalis");
            XaalisClient xaalis = client(m);

            PayoutRequest toAwa = PayoutRequest.of("WALLET_SN", "5000", "+221771234567")
                    .withRecipientName("Awa Diop")
                    .withReason("Commission novembre")
                    .withMetadata(Map.of("staff_id", "S-12"));
            Payout success = xaalis.createPayout(toAwa, "java-payout-success");
            assertThat(success.reference()).matches("OUT-[A-Z0-9]{8}");
            assertThat(success.status()).isIn("PROCESSING", "SUCCESS");
            assertThat(success.amount().toPlainString()).isEqualTo("5000.00");
            assertThat(success.recipientPhone()).isEqualTo("+221771234567");
            assertThat(success.recipientName()).isEqualTo("Awa Diop");
            assertThat(success.reason()).isEqualTo("Commission novembre");
            assertThat(success.environment()).isEqualTo("sandbox");
            assertThat(success.metadata().get("staff_id").asText()).isEqualTo("S-12");
            assertThat(success.createdAt()).isNotNull();
            // The same key twice: one payout; another body under it: a 422, and nothing sent.
            assertThat(xaalis.createPayout(toAwa, "java-payout-success").reference())
                    .isEqualTo(success.reference());
            assertThatThrownBy(() -> xaalis.createPayout(
                            PayoutRequest.of("WALLET_SN", "5000", "+221761234567"), "java-payout-success"))
                    .isInstanceOfSatisfying(XaalisException.class, e -> {
                        assertThat(e.status()).isEqualTo(422);
                        assertThat(e.retryable()).isFalse();
                    });
            Payout failed =
                    xaalis.createPayout(PayoutRequest.of("WALLET_SN", "5000", "+221700000011"), "java-payout-failed");
            Payout reversed =
                    xaalis.createPayout(PayoutRequest.of("WALLET_SN", "5000", "+221700000012"), "java-payout-reversed");

            PayoutTests.awaitPayout(api, m, success.reference(), "SUCCESS", Duration.ofSeconds(15));
            PayoutTests.awaitPayout(api, m, failed.reference(), "FAILED", Duration.ofSeconds(15));
            // The reversal comes after the success, once the server's clock says it is time (as PayoutApiIT).
            Payout back = xaalis.readPayout(reversed.reference());
            for (int i = 0; i < 20 && !back.status().equals("REVERSED"); i++) {
                clock.advance(Duration.ofMinutes(1));
                Thread.sleep(300);
                back = xaalis.readPayout(reversed.reference());
            }
            assertThat(back.status()).isEqualTo("REVERSED");

            Payout paid = xaalis.readPayout(success.reference());
            assertThat(paid.status()).isEqualTo("SUCCESS");
            assertThat(paid.fee().toPlainString()).isEqualTo("50.00");
            assertThat(paid.settledAt()).isNotNull();
            Payout refusedPayout = xaalis.readPayout(failed.reference());
            assertThat(refusedPayout.status()).isEqualTo("FAILED");
            assertThat(refusedPayout.failureCode()).isEqualTo("recipient-limit-exceeded");
            assertThat(refusedPayout.failureReason()).isNotBlank();
            assertThatThrownBy(() -> xaalis.readPayout("OUT-ZZZZZZZZ"))
                    .isInstanceOfSatisfying(
                            XaalisException.class, e -> assertThat(e.status()).isEqualTo(404));

            // The lists: all three (one for the replayed key), a filter, and the pages.
            assertThat(xaalis.listPayouts(PayoutQuery.all().limit(100)).payouts())
                    .extracting(Payout::reference)
                    .containsExactlyInAnyOrder(success.reference(), failed.reference(), reversed.reference());
            assertThat(xaalis.listPayouts(PayoutQuery.all().status("FAILED")).payouts())
                    .extracting(Payout::reference)
                    .containsExactly(failed.reference());
            PayoutPage first = xaalis.listPayouts(PayoutQuery.all().limit(2));
            assertThat(first.payouts()).hasSize(2);
            assertThat(first.hasMore()).isTrue();
            PayoutPage second = xaalis.listPayouts(PayoutQuery.all().limit(2).after(first.nextCursor()));
            assertThat(second.payouts()).hasSize(1);
            assertThat(second.hasMore()).isFalse();
            assertThat(second.payouts().get(0).reference())
                    .isNotIn(
                            first.payouts().get(0).reference(),
                            first.payouts().get(1).reference());

            // The four notifications delivered, each verified by the SDK's verifier and read as a payout.
            Map<String, String> expected = Map.of(
                    success.reference() + ":SUCCESS", "payout.success",
                    failed.reference() + ":FAILED", "payout.failed",
                    reversed.reference() + ":SUCCESS", "payout.success",
                    reversed.reference() + ":REVERSED", "payout.reversed");
            for (String eventId : expected.keySet()) {
                api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(15));
            }
            assertThat(refused).isEmpty();
            assertThat(verified.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
            expected.forEach((eventId, name) -> {
                WebhookEvent event = verified.get(eventId);
                String reference = eventId.substring(0, eventId.indexOf(':'));
                String status = eventId.substring(eventId.indexOf(':') + 1);
                assertThat(event.event()).isEqualTo(name);
                assertThat(event.reference()).isEqualTo(reference);
                assertThat(event.status()).isEqualTo(status);
                Payout payout = event.payout();
                assertThat(payout).as(eventId).isNotNull();
                assertThat(payout.reference()).isEqualTo(reference);
                assertThat(payout.status()).isEqualTo(status);
                assertThat(payout.amount().toPlainString()).isEqualTo("5000.00");
            });
            assertThat(verified.get(success.reference() + ":SUCCESS").payout().fee())
                    .isEqualByComparingTo("50");
            assertThat(verified.get(success.reference() + ":SUCCESS").metadata())
                    .containsEntry("staff_id", "S-12");
            assertThat(verified.get(failed.reference() + ":FAILED").payout().failureCode())
                    .isEqualTo("recipient-limit-exceeded");
        } finally {
            receiver.stop(0);
        }
    }

    @Autowired
    org.springframework.context.ApplicationContext context;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    /**
     * Issue 49: the balance, its transactions and settlements through the SDK, reported in the JSON the PHP,
     * Node.js and Python scripts print and checked as theirs by {@link LibrarySettlements}.
     */
    @Test
    void theSdkReadsTheBalanceAndItsTransactionsAndSettles() {
        Api.Merchant m = LibrarySettlements.merchant(api, context, destinations, jdbc);
        XaalisClient xaalis = client(m);
        ObjectNode report = Api.JSON.createObjectNode();
        report.set("balance_before", balanceJson(xaalis.balance()));
        Settlement created = xaalis.createSettlement(SettlementRequest.of("1000"), "java-settle-1");
        report.set("created", settlementJson(created));
        report.put(
                "replayed_id",
                xaalis.createSettlement(SettlementRequest.of("1000"), "java-settle-1")
                        .id());
        report.set("conflict", refusal(() -> xaalis.createSettlement(SettlementRequest.of("500"), "java-settle-1")));
        report.set(
                "too_much", refusal(() -> xaalis.createSettlement(SettlementRequest.of("100000"), "java-settle-big")));
        // All the rest, under a key the SDK makes.
        report.set("rest", settlementJson(xaalis.createSettlement(SettlementRequest.all(), null)));
        report.set("balance_after", balanceJson(xaalis.balance()));
        report.set("read", settlementJson(xaalis.readSettlement(created.id())));
        SettlementPage first = xaalis.listSettlements(SettlementQuery.all().limit(1));
        SettlementPage second =
                xaalis.listSettlements(SettlementQuery.all().limit(1).after(first.nextCursor()));
        var pages = report.putArray("settlement_pages");
        for (SettlementPage page : List.of(first, second)) {
            ObjectNode p = pages.addObject();
            page.settlements().forEach(s -> p.withArray("ids").add(s.id()));
            p.put("has_more", page.hasMore());
        }
        BalanceTransactionPage page =
                xaalis.listBalanceTransactions(BalanceTransactionQuery.all().limit(2));
        BalanceTransactionPage next = xaalis.listBalanceTransactions(
                BalanceTransactionQuery.all().limit(2).after(page.nextCursor()));
        report.putObject("first_transactions")
                .put("size", page.transactions().size())
                .put("has_more", page.hasMore());
        var transactions = report.putArray("transactions");
        for (BalanceTransaction t : java.util.stream.Stream.concat(
                        page.transactions().stream(), next.transactions().stream())
                .toList()) {
            transactions
                    .addObject()
                    .put("id", t.id())
                    .put("type", t.type())
                    .put("amount", t.amount().toPlainString())
                    .put("fee", t.fee().toPlainString())
                    .put("net", t.net().toPlainString())
                    .put("reference", t.reference())
                    .put("has_created_at", t.createdAt() != null)
                    .put(
                            "available_on",
                            t.availableOn() == null ? null : t.availableOn().toString());
        }
        report.set("unknown", refusal(() -> xaalis.readSettlement("019ad0a4-2d25-7e47-8ab9-000000000000")));
        LibrarySettlements.assertReport(report, clock);
    }

    private static ObjectNode balanceJson(Balance b) {
        return Api.JSON
                .createObjectNode()
                .put("environment", b.environment())
                .put("currency", b.currency())
                .put("available", b.available().toPlainString())
                .put("pending", b.pending().toPlainString());
    }

    private static ObjectNode settlementJson(Settlement s) {
        return Api.JSON
                .createObjectNode()
                .put("id", s.id())
                .put("reference", s.reference())
                .put("environment", s.environment())
                .put("amount", s.amount().toPlainString())
                .put("currency", s.currency())
                .put("provider", s.provider())
                .put("destination", s.destination())
                .put("status", s.status())
                .put("payout_reference", s.payoutReference())
                .put("origin", s.origin())
                .put("failure_code", s.failureCode())
                .put("has_times", s.createdAt() != null && s.updatedAt() != null);
    }

    private static ObjectNode refusal(Runnable call) {
        try {
            call.run();
        } catch (XaalisException e) {
            return Api.JSON.createObjectNode().put("status", e.status()).put("retryable", e.retryable());
        }
        return null;
    }

    private XaalisClient client(Api.Merchant m) {
        return XaalisClient.builder()
                .baseUrl(api.base())
                .endpointKey(m.endpointKey())
                .apiKey(m.apiKey())
                .apiSecret(m.apiSecret())
                .build();
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
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
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
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (signature != null) {
            request.header("X-SVC-Signature", signature);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
