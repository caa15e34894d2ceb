package sn.xaalis.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;

/**
 * Two real server processes on one PostgreSQL, as behind a round-robin load balancer with no sticky
 * sessions: whatever one node is told, the other acts on (issue 16). Portal sessions and their CSRF
 * tokens, sign-out, the sign-in throttle, and changes to keys and settings, seen within a second.
 */
@ExtendWith(DatabaseAvailable.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoNodesIT {

    /** What "within a second" means here: the change's own second, plus slack for a loaded machine. */
    private static final Duration WITHIN = Duration.ofSeconds(1);

    private static final Duration SLACK = Duration.ofMillis(500);

    private String schema;
    private final List<ServerProcess> nodes = new ArrayList<>();
    private ServerProcess a;
    private ServerProcess b;

    @BeforeAll
    void startTwoNodes() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes share PostgreSQL (H2 is one node)");
        schema = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        TestDatabase.execute("CREATE SCHEMA " + schema);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ServerProcess> first = pool.submit(() -> node("two-nodes-a"));
            Future<ServerProcess> second = pool.submit(() -> node("two-nodes-b"));
            a = first.get();
            b = second.get();
        }
    }

    @AfterAll
    void stopNodes() throws Exception {
        nodes.forEach(ServerProcess::close);
        if (schema != null) {
            TestDatabase.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /** What makes the next tests' "within a second" a signal, not the 1 s fallback of a deaf node. */
    @Test
    void bothNodesListen() {
        Set<String> listening = new HashSet<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!listening.containsAll(Set.of("two-nodes-a", "two-nodes-b")) && System.nanoTime() < deadline) {
            listening.addAll(listeners());
            sleep(100);
        }
        assertThat(listening).contains("two-nodes-a", "two-nodes-b");
    }

    @Test
    void aSessionStartedOnOneNodeWorksOnTheOtherWithTheSameCsrfToken() {
        String email = "cluster" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = a.api().onboardAs(email, "WALLET_SN");
        PortalSession onA = new PortalSession(a.port());
        PortalSession onB = onA.on(b.port());

        assertThat(onA.signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
        HttpResponse<String> page = onB.get("/portal/applications/" + merchant.applicationId());
        assertThat(page.statusCode()).as("the next page, on the other node").isEqualTo(200);
        assertThat(page.body()).contains(merchant.endpointKey());

        // The token of a form shown by A, posted to B.
        String token = onA.csrfFrom("/portal/applications/" + merchant.applicationId());
        HttpResponse<String> saved = onB.post(
                "/portal/applications/" + merchant.applicationId() + "/settings",
                Map.of("webhook_url", "https://shop.example/cluster"),
                token);
        assertThat(saved.statusCode()).as("a form from A posted to B").isEqualTo(200);
        assertThat(a.api()
                        .admin("GET", "/applications/" + merchant.applicationId(), null)
                        .json()
                        .get("webhook_url")
                        .stringValue())
                .isEqualTo("https://shop.example/cluster");
    }

    @Test
    void aNodeThatDiesSignsNobodyOut() {
        ServerProcess doomed = node("two-nodes-c");
        String email = "restart" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = a.api().onboardAs(email, "WALLET_SN");
        PortalSession onC = new PortalSession(doomed.port());
        onC.signIn(email, Api.PASSWORD);
        String token = onC.csrfFrom("/portal/applications/" + merchant.applicationId());

        doomed.kill();

        PortalSession onB = onC.on(b.port());
        assertThat(onB.get("/portal/applications").statusCode()).isEqualTo(200);
        HttpResponse<String> saved = onB.post(
                "/portal/applications/" + merchant.applicationId() + "/settings",
                Map.of("webhook_url", "https://shop.example/after-restart"),
                token);
        assertThat(saved.statusCode())
                .as("a form shown by the dead node, posted to another")
                .isEqualTo(200);
    }

    @Test
    void signingOutOnOneNodeEndsTheSessionOnTheOther() {
        String email = "signout" + System.nanoTime() + "@example.com";
        a.api().onboardAs(email, "WALLET_SN");
        PortalSession onA = new PortalSession(a.port());
        PortalSession onB = onA.on(b.port());
        onA.signIn(email, Api.PASSWORD);
        assertThat(onB.get("/portal/applications").statusCode()).isEqualTo(200);
        // Keep the session id: the browser forgets it at sign-out, an attacker who copied it would not.
        PortalSession stolen = new PortalSession(b.port());
        String sessionId = onA.sessionId();

        String token = onA.csrfFrom("/portal/applications");
        HttpResponse<String> out = onA.post("/portal/logout", Map.of(), token);
        assertThat(out.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?signed-out");

        HttpResponse<String> after = onB.get("/portal/applications");
        assertThat(after.statusCode()).isEqualTo(302);
        assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login");
        HttpResponse<String> replayed = stolen.getWithCookie("/portal/applications", "SESSION", sessionId);
        assertThat(replayed.statusCode())
                .as("the ended session's id, replayed on B")
                .isEqualTo(302);
    }

    /**
     * Issue 47, item 11: an operator disabled on one node is signed out of the console on the other at
     * their next request, and the admin tokens they issued are refused there at once.
     */
    @Test
    void anOperatorDisabledOnOneNodeLosesSessionAndTokensOnTheOther() {
        Operator leaver = operator(b, "leaver" + System.nanoTime() + "@operator.example");
        Operator boss = operator(a, "boss" + System.nanoTime() + "@operator.example");
        HttpResponse<String> issued = leaver.session()
                .post(
                        "/operator/tokens",
                        Map.of("name", "Leaver script"),
                        leaver.session().csrfFrom("/operator/tokens"));
        java.util.regex.Matcher shown = java.util.regex.Pattern.compile("id=\"new-token\"[^>]*>\\s*(xop_[0-9A-Za-z]+)")
                .matcher(issued.body());
        assertThat(shown.find()).as(issued.body()).isTrue();
        Map<String, String> bearer =
                Map.of("Authorization", "Bearer " + shown.group(1), "Content-Type", "application/json");
        Api.Merchant merchant = a.api().onboard("WALLET_SN");
        String approval = "/admin/v1/merchants/" + merchant.merchantId() + "/approval";
        assertThat(b.api().send("GET", approval, bearer, null).status()).isEqualTo(200);
        assertThat(leaver.session().get("/operator").statusCode()).isEqualTo(200);

        HttpResponse<String> disabled = boss.session()
                .post(
                        "/operator/operators/" + leaver.id() + "/disable",
                        Map.of(),
                        boss.session().csrfFrom("/operator/operators"));
        assertThat(disabled.statusCode()).as(disabled.body()).isEqualTo(302);

        HttpResponse<String> next = leaver.session().get("/operator");
        assertThat(next.statusCode()).as("their next request, on B").isEqualTo(302);
        assertThat(next.headers().firstValue("Location").orElseThrow()).endsWith("/operator/login");
        assertThat(b.api().send("GET", approval, bearer, null).status()).isEqualTo(401);
        String again = "again" + System.nanoTime() + "@operator.example";
        assertThat(b.api()
                        .send("POST", "/admin/v1/operators", bearer, "{\"email\":\"" + again + "\",\"name\":\"Me\"}")
                        .status())
                .as("no new set-up link for themselves")
                .isEqualTo(401);
    }

    /** An operator of the console, signed in on {@code node} with their own session. */
    private record Operator(String id, PortalSession session) {}

    /**
     * Invited through the admin API, set up through the link over HTTP (the page's key, a code of the
     * previous time step) and signed in with a code of the current one: each code works once, and a
     * code one step old or new is accepted, so nothing waits for the next step.
     */
    private static Operator operator(ServerProcess node, String email) {
        Api.Response invited = node.api().admin("POST", "/operators", "{\"email\":\"" + email + "\",\"name\":\"Op\"}");
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        String link = invited.json().get("setup_url").stringValue();
        String path = link.substring(link.indexOf("/operator/setup/"));
        PortalSession session = new PortalSession(node.port());
        String page = session.get(path).body();
        java.util.regex.Matcher key = java.util.regex.Pattern.compile("id=\"totp-secret\"[^>]*>([A-Z2-7]+)<")
                .matcher(page);
        assertThat(key.find()).as(page).isTrue();
        byte[] secret = sn.xaalis.merchant.Totp.fromBase32(key.group(1));
        // Far enough from the step's end that both codes are judged within it.
        while (java.time.Instant.now().getEpochSecond() % 30 > 24) {
            sleep(200);
        }
        long step = sn.xaalis.merchant.Totp.step(java.time.Instant.now());
        String csrf = page.replaceAll("(?s).*name=\"_csrf\"\\s+value=\"([^\"]+)\".*", "$1");
        HttpResponse<String> setUp = session.post(
                path,
                Map.of(
                        "password",
                        "operator password 1",
                        "confirm",
                        "operator password 1",
                        "code",
                        sn.xaalis.merchant.Totp.code(secret, step - 1)),
                csrf);
        assertThat(setUp.headers().firstValue("Location").orElse(setUp.body())).endsWith("/operator/login?ready");
        HttpResponse<String> signedIn = session.post(
                "/operator/login",
                Map.of(
                        "email",
                        email,
                        "password",
                        "operator password 1",
                        "code",
                        sn.xaalis.merchant.Totp.code(secret, step)),
                session.csrfFrom("/operator/login"));
        assertThat(signedIn.headers().firstValue("Location").orElseThrow()).endsWith("/operator");
        return new Operator(invited.json().get("id").stringValue(), session);
    }

    @Test
    void theSignInThrottleCountsFailuresFromEveryNode() {
        String email = "throttle" + System.nanoTime() + "@example.com";
        a.api().onboardAs(email, "WALLET_SN");
        // Five failures for the account, alternating between the nodes (the limit per account is 5).
        for (int i = 0; i < 5; i++) {
            PortalSession browser = new PortalSession((i % 2 == 0 ? a : b).port());
            assertThat(browser.signIn(email, "wrong password " + i)
                            .headers()
                            .firstValue("Location")
                            .orElseThrow())
                    .endsWith("/portal/login?error");
        }
        for (ServerProcess node : List.of(a, b)) {
            HttpResponse<String> right = new PortalSession(node.port()).signIn(email, Api.PASSWORD);
            assertThat(right.headers().firstValue("Location").orElseThrow())
                    .as("even the right password, on either node")
                    .endsWith("/portal/login?throttled");
        }
    }

    @Test
    void referenceGuessesOnTheCustomerPagesAreCountedForTheWholeCluster() throws Exception {
        Api.Merchant merchant = a.api().onboard("WALLET_SN");
        String reference = a.api().newPayment(merchant);
        // The limit is per wall-clock minute (the nodes' own clocks): start early in one.
        int second = java.time.LocalTime.now(java.time.ZoneOffset.UTC).getSecond();
        if (second > 40) {
            Thread.sleep((61 - second) * 1000L);
        }
        int limit = 30; // checkout.ReferenceGuesses.MAX_MISSES
        for (int i = 0; i < limit / 2; i++) {
            for (ServerProcess node : List.of(a, b)) {
                String guess = "/pay/SVC-" + (node == a ? "AAAA" : "BBBB") + String.format("%04d", i) + "/status";
                assertThat(node.api().send("GET", guess, Map.of(), null).status())
                        .isEqualTo(404);
            }
        }
        assertThat(b.api()
                        .send("GET", "/pay/" + reference + "/status", Map.of(), null)
                        .status())
                .as("the node that counted the 30th miss refuses even a real reference")
                .isEqualTo(429);
        assertThat(a.api()
                        .send("GET", "/pay/SVC-AAAA9999/status", Map.of(), null)
                        .status())
                .as("the other node counted the misses made on both")
                .isEqualTo(404);
        assertThat(a.api()
                        .send("GET", "/pay/" + reference + "/status", Map.of(), null)
                        .status())
                .isEqualTo(429);
    }

    @Test
    void guessesSentAtOnceToBothNodesGetNoMoreThanTheLimit() throws Exception {
        String email = "parallel" + System.nanoTime() + "@example.com";
        a.api().onboardAs(email, "WALLET_SN");
        List<Future<String>> answers = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 12; i++) {
                ServerProcess node = i % 2 == 0 ? a : b;
                String guess = "parallel guess " + i;
                answers.add(pool.submit(() -> new PortalSession(node.port())
                        .signIn(email, guess)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow()));
            }
        }
        long checked = 0;
        for (Future<String> answer : answers) {
            checked += answer.get().endsWith("/portal/login?error") ? 1 : 0;
        }

        assertThat(checked).as("guesses whose password was checked").isBetween(1L, 5L);
        assertThat(new PortalSession(b.port())
                        .signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/login?throttled");
    }

    @Test
    void aKeyRevokedOnOneNodeIsRefusedByTheOtherWithinASecond() {
        Api.Merchant merchant = a.api().onboard("WALLET_SN");
        // B has the key in its cache.
        assertThat(b.api().status(merchant, "SVC-NOSUCH01").status()).isEqualTo(404);

        Api.Response revoked = a.api()
                .admin("DELETE", "/applications/" + merchant.applicationId() + "/keys/" + merchant.apiKey(), null);
        assertThat(revoked.status()).isLessThan(300);
        long took = millisUntil(() -> b.api().status(merchant, "SVC-NOSUCH01").status() == 401);

        assertThat(took).as("ms until B refuses the revoked key").isLessThanOrEqualTo(limitMillis());
    }

    @Test
    void aMerchantSuspendedOnOneNodeHasItsLivePaymentsRefusedByTheOtherWithinASecond() {
        Api.Merchant merchant = a.api().goLive(a.api().onboard("MOBILEMONEY_SN"));
        String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500\"}";
        // B has the merchant's approval in its cache.
        Api.Response before = b.api().initiate(merchant, body);
        assertThat(before.status()).as(before.body()).isEqualTo(201);

        assertThat(a.api()
                        .admin("DELETE", "/merchants/" + merchant.merchantId() + "/approval", null)
                        .status())
                .isEqualTo(200);
        long took = millisUntil(() -> b.api().initiate(merchant, body).status() == 403);

        assertThat(took).as("ms until B refuses the suspended merchant").isLessThanOrEqualTo(limitMillis());
        assertThat(b.api().initiate(merchant, body).json().get("message").stringValue())
                .isEqualTo("Live payments are suspended: the operator has withdrawn this merchant's approval");
    }

    @Test
    void aRotatedKeyWorksOnTheOtherNodeAtOnce() {
        Api.Merchant merchant = a.api().onboard("WALLET_SN");
        assertThat(b.api().status(merchant, "SVC-NOSUCH01").status()).isEqualTo(404);

        var issued = a.api()
                .admin("POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"sandbox\"}")
                .json();
        Api.Merchant rotated = merchant.withKeys(
                issued.get("api_key").stringValue(), issued.get("api_secret").stringValue());
        long took = millisUntil(() -> b.api().status(rotated, "SVC-NOSUCH01").status() == 404);

        assertThat(took).isLessThanOrEqualTo(limitMillis());
        assertThat(b.api().status(merchant, "SVC-NOSUCH01").status())
                .as("the previous pair keeps working during the overlap")
                .isEqualTo(404);
    }

    @Test
    void aProviderDeactivatedOnOneNodeIsRefusedByTheOtherWithinASecond() {
        Api.Merchant merchant = a.api().onboardBoth();
        String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500\"}";
        assertThat(b.api().initiate(merchant, body).status()).isEqualTo(201);

        assertThat(a.api()
                        .admin("PATCH", "/applications/" + merchant.applicationId(), "{\"providers\":[\"WALLET_SN\"]}")
                        .status())
                .isEqualTo(200);
        long took = millisUntil(() -> b.api().initiate(merchant, body).status() != 201);

        assertThat(took).isLessThanOrEqualTo(limitMillis());
        assertThat(b.api().initiate(merchant, body).status()).isIn(400, 422);
    }

    @Test
    void aChangedWebhookUrlReachesTheOtherNodesDeliveriesWithinASecond() {
        try (WebhookReceiver receiver = new WebhookReceiver(Clock.systemUTC())) {
            Api.Merchant merchant = a.api().onboard("WALLET_SN");
            receiver.acceptingSecrets(merchant.apiSecret());
            a.api().setWebhook(merchant, receiver.url("/old"));
            // Both nodes deliver: each has the old target in its cache after a few deliveries.
            for (int i = 0; i < 6; i++) {
                ServerProcess node = i % 2 == 0 ? a : b;
                String reference = node.api().newPayment(merchant);
                node.api().simulate(merchant, reference, "SUCCESS");
            }
            receiver.await(r -> r.size() >= 6, Duration.ofSeconds(30));

            a.api().setWebhook(merchant, receiver.url("/new"));
            long changed = System.nanoTime();
            sleep(limitMillis());
            int before = receiver.received().size();
            for (int i = 0; i < 6; i++) {
                ServerProcess node = i % 2 == 0 ? b : a;
                String reference = node.api().newPayment(merchant);
                node.api().simulate(merchant, reference, "SUCCESS");
            }
            List<WebhookReceiver.Received> all = receiver.await(r -> r.size() >= before + 6, Duration.ofSeconds(30));

            assertThat(all.subList(before, all.size()))
                    .as(
                            "deliveries of payments changed %d ms after the new URL was saved",
                            (System.nanoTime() - changed) / 1_000_000)
                    .allSatisfy(r -> assertThat(r.path()).isEqualTo("/new"));
        }
    }

    private static long limitMillis() {
        return WITHIN.plus(SLACK).toMillis();
    }

    /** Polls every 20 ms; the time from the call until the condition held. */
    private static long millisUntil(BooleanSupplier condition) {
        long start = System.nanoTime();
        long deadline = start + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s");
            }
            sleep(20);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private ServerProcess node(String name) {
        // Its own application_name, so that its LISTEN connection can be told apart.
        Map<String, String> env = ServerProcess.nodeOn(TestDatabase.POSTGRES_URL + "?ApplicationName=" + name, schema);
        env.put("XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND", "1000");
        // Caches that would hide another node's change for a minute, if nothing told this node.
        env.put("XAALIS_KEYS_AUTHENTICATION_CACHE_TTL", "PT60S");
        env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        // The installation's live accounts at the test's fake providers: live payments to suspend.
        FakeProviders.shared()
                .installationProperties()
                .forEach((property, value) -> env.put(
                        property.toUpperCase(java.util.Locale.ROOT)
                                .replace('.', '_')
                                .replace("-", ""),
                        value));
        ServerProcess node = ServerProcess.start(name, env, Duration.ofSeconds(120));
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    /** application_name of the backends whose last statement was a LISTEN (each node's probe repeats it). */
    private static Set<String> listeners() {
        Set<String> names = new HashSet<>();
        try (Connection connection = DriverManager.getConnection(TestDatabase.POSTGRES_URL, "postgres", "");
                Statement s = connection.createStatement();
                var rows =
                        s.executeQuery("SELECT application_name FROM pg_stat_activity WHERE query LIKE 'LISTEN %'")) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return names;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
