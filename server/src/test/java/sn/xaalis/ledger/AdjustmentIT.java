package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;
import tools.jackson.databind.JsonNode;

/**
 * An operator's manual adjustments through the admin API on the real database: a credit and a debit of
 * the available balance with their reason, seen by the merchant in its balance transactions and its
 * statement; a debit the balance cannot cover refused with nothing written; a key that adjusts once,
 * replayed or sent twice at once; each rule of the body; the admin token required; the ledger balanced.
 */
@IntegrationTest
class AdjustmentIT extends ApiIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    private Api.Response adjust(String applicationId, String key, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + Api.ADMIN_TOKEN);
        headers.put("Content-Type", "application/json");
        if (key != null) {
            headers.put("Idempotency-Key", key);
        }
        return api.send("POST", "/admin/v1/applications/" + applicationId + "/adjustments", headers, body);
    }

    private static String body(String environment, String amount, String reason) {
        return "{\"environment\":\"" + environment + "\",\"amount\":\"" + amount + "\",\"reason\":\"" + reason + "\"}";
    }

    /** available/pending */
    private String balance(Api.Merchant merchant) {
        JsonNode balance = api.get(merchant, "/balance").json();
        return balance.get("available").stringValue() + "/"
                + balance.get("pending").stringValue();
    }

    private int adjustments(String applicationId) {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_adjustments WHERE application_id = :app")
                .param("app", UUID.fromString(applicationId))
                .query(Integer.class)
                .single();
    }

    private int postings(String applicationId) {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_transactions WHERE application_id = :app AND type = 'adjustment'")
                .param("app", UUID.fromString(applicationId))
                .query(Integer.class)
                .single();
    }

    @Test
    void aCreditAndADebitMoveAvailableWithTheirReasonAndAnUncoveredDebitIsRefused() throws Exception {
        String email = "adjust" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Api.Merchant other = api.onboard("WALLET_SN");
        String app = merchant.applicationId();

        Api.Response credit = adjust(app, "k-credit", body("sandbox", "2500", "Frais du 22 novembre rendus"));
        assertThat(credit.status()).as(credit.body()).isEqualTo(201);
        JsonNode made = credit.json();
        String id = made.get("id").stringValue();
        assertThat(made.get("application_id").stringValue()).isEqualTo(app);
        assertThat(made.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(made.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(made.get("amount").stringValue()).isEqualTo("2500.00");
        assertThat(made.get("reason").stringValue()).isEqualTo("Frais du 22 novembre rendus");
        assertThat(made.get("operator").stringValue()).isEqualTo("XAALIS_ADMIN_TOKEN");
        assertThat(made.get("created_at").stringValue()).endsWith("Z");
        assertThat(balance(merchant)).isEqualTo("2500.00/0.00");
        assertThat(balance(other)).as("another application's balance").isEqualTo("0.00/0.00");

        // The merchant sees it, with its reason.
        JsonNode line =
                api.get(merchant, "/balance/transactions").json().get("data").get(0);
        assertThat(line.get("id").stringValue()).isEqualTo(id);
        assertThat(line.get("type").stringValue()).isEqualTo("adjustment");
        assertThat(line.get("reference").stringValue()).isEqualTo(id);
        assertThat(line.get("amount").stringValue()).isEqualTo("2500.00");
        assertThat(line.get("fee").stringValue()).isEqualTo("0.00");
        assertThat(line.get("net").stringValue()).isEqualTo("2500.00");
        assertThat(line.get("description").stringValue()).isEqualTo("Frais du 22 novembre rendus");
        assertThat(line.get("available_on").isNull()).isTrue();

        // A debit, its reason trimmed.
        Api.Response debit = adjust(app, "k-debit", body("sandbox", "-1000", "  Double crédit corrigé  "));
        assertThat(debit.status()).as(debit.body()).isEqualTo(201);
        assertThat(debit.json().get("amount").stringValue()).isEqualTo("-1000.00");
        assertThat(debit.json().get("reason").stringValue()).isEqualTo("Double crédit corrigé");
        assertThat(balance(merchant)).isEqualTo("1500.00/0.00");

        // More than available: refused as a refund is, nothing written; the live balance is another one.
        Api.Response refused = adjust(app, "k-too-much", body("sandbox", "-1501", "Trop"));
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().get("errors").get("balance").get(0).stringValue())
                .isEqualTo("insufficient_balance");
        Api.Response live = adjust(app, "k-live", body("live", "-1", "Le réel est vide"));
        assertThat(live.status()).isEqualTo(409);
        assertThat(balance(merchant)).isEqualTo("1500.00/0.00");
        assertThat(adjustments(app)).isEqualTo(2);
        assertThat(postings(app)).isEqualTo(2);
        // The same key once refused may be used again: nothing was stored under it.
        assertThat(adjust(app, "k-too-much", body("sandbox", "-1500", "Tout")).status())
                .isEqualTo(201);
        assertThat(balance(merchant)).isEqualTo("0.00/0.00");

        // The operator's list, newest first; the audit trail.
        JsonNode list = api.admin("GET", "/applications/" + app + "/adjustments", null)
                .json()
                .get("data");
        assertThat(list).hasSize(3);
        assertThat(list.get(2).get("id").stringValue()).isEqualTo(id);
        assertThat(list.get(1).get("reason").stringValue()).isEqualTo("Double crédit corrigé");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE action = 'ledger.adjusted' AND subject = :id"
                                + " AND actor = 'xaalis_admin_token' AND after_state LIKE '%Frais du 22 novembre%'")
                        .param("id", id)
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);

        // The statement: the adjustment with its reason, on the page and in the CSV's type cell.
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String base = "/portal/applications/" + app + "/statement";
        assertThat(portal.get(base + "?env=sandbox").body())
                .contains("Frais du 22 novembre rendus", "Double crédit corrigé");
        String csv = portal.getWithCookie(base + ".csv?env=sandbox", "xaalis_lang", "fr")
                .body();
        assertThat(csv)
                .contains(
                        "\"Ajustement par l’opérateur : Frais du 22 novembre rendus\";\"" + id + "\";2500;0;2500;2500");
        assertThat(csv.lines().findFirst().orElseThrow())
                .as("the columns are unchanged")
                .isEqualTo("\ufeff\"Date\";\"Type\";\"Référence\";\"Montant\";\"Frais\";\"Net\";\"Solde\"");

        new LedgerChecks(jdbc).all();
        JsonNode check = api.admin("GET", "/ledger/check", null).json();
        assertThat(check.get("unbalanced_transactions").toString()).doesNotContain(id);
        assertThat(check.get("balance_mismatches").toString()).doesNotContain(app);
    }

    @Test
    void aKeyAdjustsOnceWhetherReplayedOrSentTwiceAtOnce() throws Exception {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        String app = merchant.applicationId();
        String request = body("sandbox", "700", "Geste commercial");

        Api.Response first = adjust(app, "k-1", request);
        Api.Response again = adjust(app, "k-1", request);
        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().get("id").stringValue())
                .isEqualTo(first.json().get("id").stringValue());
        Api.Response other = adjust(app, "k-1", body("sandbox", "701", "Geste commercial"));
        assertThat(other.status()).as(other.body()).isEqualTo(422);
        assertThat(postings(app)).isEqualTo(1);
        assertThat(balance(merchant)).isEqualTo("700.00/0.00");

        // Two requests with one key at the same moment: one adjustment, one posting.
        var pool = Executors.newFixedThreadPool(2);
        try {
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<Api.Response>> sent = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                sent.add(pool.submit(() -> {
                    start.await();
                    return adjust(app, "k-race", body("sandbox", "300", "Deux clics"));
                }));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Api.Response> f : sent) {
                statuses.add(f.get().status());
            }
            assertThat(statuses).contains(201).allMatch(s -> s == 201 || s == 409);
        } finally {
            pool.shutdownNow();
        }
        assertThat(postings(app)).isEqualTo(2);
        assertThat(adjustments(app)).isEqualTo(2);
        assertThat(balance(merchant)).isEqualTo("1000.00/0.00");
        new LedgerChecks(jdbc).all();
    }

    @Test
    void eachRuleOfTheBodyIsSaidUnderItsFieldAndTheAdminTokenIsRequired() {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        String app = merchant.applicationId();

        JsonNode zero = adjust(app, "v-1", body("sandbox", "0", "")).json();
        assertThat(zero.get("status").intValue()).isEqualTo(400);
        assertThat(zero.get("errors").has("amount")).isTrue();
        assertThat(zero.get("errors").get("reason").get(0).stringValue()).isEqualTo("is required");
        JsonNode fraction = adjust(app, "v-2", body("prod", "12.5", " ab ")).json();
        assertThat(fraction.get("errors").get("amount").get(0).stringValue()).contains("whole number of francs");
        assertThat(fraction.get("errors").get("environment").get(0).stringValue())
                .isEqualTo("must be sandbox or live");
        assertThat(fraction.get("errors").get("reason").get(0).stringValue()).contains("at least 3");
        JsonNode missing = adjust(app, "v-3", "{\"environment\":\"sandbox\",\"amount\":100,\"note\":\"x\"}")
                .json();
        assertThat(missing.get("errors").has("reason")).isTrue();
        assertThat(missing.get("errors").has("note")).isTrue();
        assertThat(missing.get("errors").has("amount")).as("an integer is read").isFalse();
        JsonNode tooLong =
                adjust(app, "v-4", body("sandbox", "-5", "x".repeat(501))).json();
        assertThat(tooLong.get("errors").get("reason").get(0).stringValue()).contains("at most 500");
        Api.Response noKey = adjust(app, null, body("sandbox", "100", "Sans clé"));
        assertThat(noKey.status()).isEqualTo(400);
        assertThat(noKey.json().get("errors").has("Idempotency-Key")).isTrue();
        assertThat(adjustments(app)).isZero();

        // No token, a wrong one, a merchant's API keys: 401; an application that does not exist: 404.
        Map<String, String> json = Map.of("Content-Type", "application/json", "Idempotency-Key", "a-1");
        String path = "/admin/v1/applications/" + app + "/adjustments";
        assertThat(api.send("POST", path, json, body("sandbox", "100", "Sans jeton"))
                        .status())
                .isEqualTo(401);
        Map<String, String> wrong = new LinkedHashMap<>(json);
        wrong.put("Authorization", "Bearer not-the-token-0123456789");
        assertThat(api.send("POST", path, wrong, body("sandbox", "100", "Mauvais jeton"))
                        .status())
                .isEqualTo(401);
        Map<String, String> merchantKeys = new LinkedHashMap<>(json);
        merchantKeys.put("X-Api-Key", merchant.apiKey());
        merchantKeys.put("X-Api-Secret", merchant.apiSecret());
        assertThat(api.send("POST", path, merchantKeys, body("sandbox", "100", "Clés du marchand"))
                        .status())
                .isEqualTo(401);
        assertThat(api.send("GET", path, Map.of(), null).status()).isEqualTo(401);
        assertThat(adjust(UUID.randomUUID().toString(), "a-2", body("sandbox", "100", "Inconnue"))
                        .status())
                .isEqualTo(404);
        assertThat(api.admin("GET", "/applications/" + UUID.randomUUID() + "/adjustments", null)
                        .status())
                .isEqualTo(404);
        assertThat(adjustments(app)).isZero();
        assertThat(balance(merchant)).isEqualTo("0.00/0.00");
    }
}
