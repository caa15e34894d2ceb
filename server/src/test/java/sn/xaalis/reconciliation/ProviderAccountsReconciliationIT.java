package sn.xaalis.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.ledger.LedgerTestAccess;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.InstallationPins;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;
import sn.xaalis.provider.RetailerPins;
import sn.xaalis.settlement.SettlementDestinations;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.Inbox;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * The reconciliation of the installation's provider accounts against the fake wallet, on the real
 * database: live payments, a refund and a settlement on the installation's wallet account move the
 * ledger's balance exactly; a refund whose answer is unknown and a settlement whose payout is not final
 * are in flight; the wallet's payout fee shows as the change of the unexplained difference; a wallet
 * that does not answer is recorded as such; the daily run runs once a day across nodes.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class ProviderAccountsReconciliationIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    ApplicationContext context;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Reconciliations reconciliations;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    ProviderPayouts providerPayouts;

    @Autowired
    InstallationPins installationPins;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        fake.useClock(clock);
        fake.forget();
        fake.wallet().down(false);
        fake.wallet().nextExpiry(null);
        fake.installationCallbacks("http://127.0.0.1:" + port);
        merchant = api.goLive(api.onboard("WALLET_SN"));
    }

    @AfterEach
    void restore() {
        fake.wallet().down(false);
        fake.wallet().payouts().processing(false);
    }

    @Test
    void theWalletAccountIsReconciledWithTheLedgerTheMoneyInFlightAndThePayoutFee() {
        JsonNode before = wallet(reconcile());
        BigDecimal held = amount(before, "ledger_balance");
        BigDecimal settling = amount(before, "settlements_in_flight");
        BigDecimal queued = amount(before, "settlements_queued");
        BigDecimal refunding = amount(before, "refunds_in_flight");
        // The wallet holds what the ledger says, the settlements not sent yet, and 5 000 of the operator's own.
        BigDecimal wallet = held.add(queued).add(BigDecimal.valueOf(5000));
        fake.wallet().payouts().balance(FakeProviders.WALLET_KEY, wallet.longValueExact());
        JsonNode base = wallet(reconcile());
        assertThat(amount(base, "unexplained_difference")).isEqualByComparingTo("5000");

        String a = paid();
        String b = paid();
        paid();
        releaseAll();
        assertThat(refund(a).status()).isEqualTo(200);
        // The fake wallet's balance does not follow its payments: set as the wallet would hold it.
        wallet = wallet.add(BigDecimal.valueOf(2000));
        fake.wallet().payouts().balance(FakeProviders.WALLET_KEY, wallet.longValueExact());

        JsonNode first = reconcile();
        JsonNode paid = wallet(first);
        assertThat(paid.get("provider_status").stringValue()).isEqualTo("ANSWERED");
        assertThat(amount(paid, "provider_balance")).isEqualByComparingTo(wallet);
        assertThat(amount(paid, "ledger_balance")).isEqualByComparingTo(held.add(BigDecimal.valueOf(2000)));
        assertThat(amount(paid, "difference")).isEqualByComparingTo(queued.add(BigDecimal.valueOf(5000)));
        assertThat(amount(paid, "unexplained_difference")).isEqualByComparingTo("5000");
        assertThat(paid.get("unexplained_change").stringValue()).isEqualTo("0");
        assertThat(paid.get("previous_at").stringValue())
                .isEqualTo(base.get("reconciled_at").stringValue());
        assertThat(first.get("needs_attention").booleanValue()).isFalse();
        JsonNode sandbox = account(first, "sandbox", "WALLET_SN");
        assertThat(sandbox.get("provider_status").stringValue()).isEqualTo("SANDBOX");
        assertThat(sandbox.get("provider_balance").isNull()).isTrue();
        assertThat(sandbox.get("unexplained_change").isNull()).isTrue();
        // The installation's operator account: its retailer balance, read with the configured PIN.
        JsonNode operator = account(first, "live", "MOBILEMONEY_SN");
        assertThat(operator.get("provider_status").stringValue()).isEqualTo("ANSWERED");
        assertThat(amount(operator, "provider_balance"))
                .isEqualByComparingTo(fake.operator().cashIns().balance(FakeProviders.MM_RETAILER_NUMBER));

        // A refund whose answer is unknown stays set aside: in flight, and the wallet not answering.
        fake.wallet().down(true);
        assertThat(refund(b).status()).isEqualTo(503);
        JsonNode down = wallet(reconcile());
        assertThat(down.get("provider_status").stringValue()).isEqualTo("NO_ANSWER");
        assertThat(down.get("provider_balance").isNull()).isTrue();
        assertThat(down.get("difference").isNull()).isTrue();
        assertThat(down.get("unexplained_difference").isNull()).isTrue();
        assertThat(down.get("unexplained_change").isNull()).isTrue();
        assertThat(amount(down, "ledger_balance")).isEqualByComparingTo(held.add(BigDecimal.valueOf(2000)));
        assertThat(amount(down, "refunds_in_flight")).isEqualByComparingTo(refunding.add(BigDecimal.valueOf(1000)));
        assertThat(inFlight(down, "refund")).contains(b + " 1000");
        fake.wallet().down(false);

        // A settlement of 500 whose payout the wallet took (500 and its 1 % fee) but has not finished.
        fake.wallet().payouts().processing(true);
        int created = fake.wallet().payouts().created();
        String settlement = settle("500");
        awaitPayoutCreated(created);
        wallet = wallet.subtract(BigDecimal.valueOf(505));

        JsonNode run = reconcile();
        JsonNode settled = wallet(run);
        assertThat(amount(settled, "provider_balance")).isEqualByComparingTo(wallet);
        assertThat(amount(settled, "ledger_balance")).isEqualByComparingTo(held.add(BigDecimal.valueOf(1500)));
        assertThat(amount(settled, "settlements_in_flight"))
                .isEqualByComparingTo(settling.add(BigDecimal.valueOf(500)));
        assertThat(amount(settled, "refunds_in_flight")).isEqualByComparingTo(refunding.add(BigDecimal.valueOf(1000)));
        assertThat(amount(settled, "settlements_queued")).isEqualByComparingTo(queued);
        assertThat(amount(settled, "difference")).isEqualByComparingTo(queued.add(BigDecimal.valueOf(4995)));
        assertThat(amount(settled, "unexplained_difference")).isEqualByComparingTo("4995");
        // Against the last run that had one (the wallet did not answer the one before): the payout's fee.
        assertThat(settled.get("unexplained_change").stringValue()).isEqualTo("-5");
        assertThat(settled.get("previous_at").stringValue())
                .isEqualTo(down.get("reconciled_at").stringValue());
        assertThat(inFlight(settled, "settlement_sent")).contains(settlement + " 500");
        assertThat(run.get("needs_attention").booleanValue()).isTrue();

        JsonNode listed =
                api.admin("GET", "/ledger/reconciliations?limit=2", null).json().get("data");
        assertThat(listed.size()).isEqualTo(2);
        assertThat(listed.get(0).get("id").stringValue())
                .isEqualTo(run.get("id").stringValue());
        assertThat(listed.get(0).toString()).isEqualTo(run.toString());
        var metrics = Metrics.scrape(api);
        assertThat(metrics.sum("xaalis_reconciliation_difference_change", Map.of("provider", "WALLET_SN")))
                .isEqualTo(-5.0);
        assertThat(metrics.sum("xaalis_reconciliation_difference", Map.of("provider", "WALLET_SN")))
                .isEqualTo(4995.0);

        // The movements that explain the change: the settlement left the account since the previous run.
        ReconciliationRun latest = reconciliations.latest().orElseThrow();
        AccountReconciliation account = latest.accounts().stream()
                .filter(x -> x.environment() == Environment.LIVE && x.provider() == Provider.WALLET_SN)
                .findFirst()
                .orElseThrow();
        var movements = reconciliations.movements(account);
        assertThat(movements.count()).isEqualTo(1);
        assertThat(movements.first().getFirst().type()).isEqualTo("settlement");
        assertThat(movements.first().getFirst().amount()).isEqualByComparingTo("-500");
        LedgerTestAccess.checkInvariants(jdbc);
    }

    // ---- the installation's operator account (xaalis.providers.mobilemoney.retailer-number and -pin)

    @Test
    void aSettlementToAnOperatorNumberIsPaidFromTheInstallationsRetailerAccount() {
        paid();
        releaseAll();
        BigDecimal retailer = fake.operator().cashIns().balance(FakeProviders.MM_RETAILER_NUMBER);

        String settlement = settle(Provider.MOBILEMONEY_SN, "781234560", "700", "mm-1");

        assertThat(awaitPaid(settlement)).endsWith("/SUCCESS");
        List<FakeProviders.Received> sent = cashInsOf(payoutReference(settlement));
        assertThat(sent).hasSize(1);
        JsonNode partner = sent.getFirst().json().get("partner");
        assertThat(partner.get("id").stringValue()).isEqualTo(FakeProviders.MM_RETAILER_NUMBER);
        String encrypted = partner.get("encryptedPinCode").stringValue();
        assertThat(encrypted).hasSize(344).doesNotContain(FakeProviders.MM_RETAILER_PIN);
        assertThat(fake.operator().cashIns().decrypted(encrypted)).isEqualTo(FakeProviders.MM_RETAILER_PIN);
        assertThat(sent.getFirst().json().get("customer").get("id").stringValue())
                .isEqualTo("781234560");
        assertThat(fake.operator().cashIns().balance(FakeProviders.MM_RETAILER_NUMBER))
                .isEqualByComparingTo(retailer.subtract(BigDecimal.valueOf(700)));

        JsonNode operator = account(reconcile(), "live", "MOBILEMONEY_SN");
        assertThat(operator.get("provider_status").stringValue()).isEqualTo("ANSWERED");
        assertThat(amount(operator, "provider_balance"))
                .isEqualByComparingTo(retailer.subtract(BigDecimal.valueOf(700)));
    }

    @Test
    void aRefusedInstallationPinStopsItsCashInsUntilAnotherPinIsConfigured() {
        paid();
        paid();
        releaseAll();
        // Changed at the operator only: the PIN the installation is configured with is now wrong.
        fake.operator().cashIns().changePin(FakeProviders.MM_RETAILER_NUMBER, "8642");
        try {
            String first = settle(Provider.MOBILEMONEY_SN, "781234561", "500", "mm-refused-1");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (providerPayouts.heldAtInstallation(Provider.MOBILEMONEY_SN).isEmpty()) {
                assertThat(System.nanoTime()).as("the PIN refused in time").isLessThan(deadline);
                sleep(50);
            }
            assertThat(providerPayouts.heldAtInstallation(Provider.MOBILEMONEY_SN))
                    .hasValueSatisfying(why -> assertThat(why).contains("2011"));
            int pinCalls = fake.operator().cashIns().pinCalls();
            String second = settle(Provider.MOBILEMONEY_SN, "781234562", "500", "mm-refused-2");
            sleep(1500); // many passes of the sender
            clock.advance(Duration.ofSeconds(31)); // past every wait
            sleep(1500);
            JsonNode operator = account(reconcile(), "live", "MOBILEMONEY_SN");

            assertThat(fake.operator().cashIns().pinCalls())
                    .as("no cash-in nor balance read with the refused PIN")
                    .isEqualTo(pinCalls);
            assertThat(fake.operator().cashIns().wrongPins(FakeProviders.MM_RETAILER_NUMBER))
                    .isEqualTo(1);
            assertThat(payoutStatus(first)).as("refused, so not sent: waiting").isEqualTo("QUEUED/PROCESSING");
            assertThat(payoutStatus(second)).as("waiting, not sent").isEqualTo("QUEUED/PROCESSING");
            assertThat(cashInsOf(payoutReference(second))).isEmpty();
            assertThat(operator.get("provider_status").stringValue()).isEqualTo("NO_ANSWER");

            // Another PIN configured (here: its turn taken with another PIN, as a node restarted with it
            // would) is not the one refused; back to the PIN the operator accepts, both settlements go.
            fake.operator().cashIns().changePin(FakeProviders.MM_RETAILER_NUMBER, FakeProviders.MM_RETAILER_PIN);
            Credentials.Operator other = new Credentials.Operator(
                    FakeProviders.MM_CLIENT_ID,
                    FakeProviders.MM_CLIENT_SECRET,
                    FakeProviders.MM_MERCHANT_CODE,
                    FakeProviders.MM_NOTIFICATION_SECRET,
                    FakeProviders.MM_RETAILER_NUMBER,
                    "2468");
            if (installationPins.take(Provider.MOBILEMONEY_SN, other, Duration.ofSeconds(1))
                    instanceof RetailerPins.Turn.Yours yours) {
                installationPins.release(Provider.MOBILEMONEY_SN, yours);
            } else {
                throw new AssertionError("another PIN is usable");
            }
            assertThat(providerPayouts.heldAtInstallation(Provider.MOBILEMONEY_SN))
                    .isEmpty();
            clock.advance(Duration.ofSeconds(31));
            assertThat(awaitPaid(first)).endsWith("/SUCCESS");
            assertThat(awaitPaid(second)).endsWith("/SUCCESS");
            assertThat(cashInsOf(payoutReference(first)))
                    .as("refused, then sent once")
                    .hasSize(2);
            assertThat(cashInsOf(payoutReference(second))).as("sent once").hasSize(1);
        } finally {
            fake.operator().cashIns().changePin(FakeProviders.MM_RETAILER_NUMBER, FakeProviders.MM_RETAILER_PIN);
        }
    }

    private String payoutReference(String settlement) {
        return jdbc.sql("SELECT payout_reference FROM settlements WHERE reference = :r")
                .param("r", settlement)
                .query(String.class)
                .single();
    }

    private String payoutStatus(String settlement) {
        return jdbc.sql("SELECT p.stage || '/' || p.status FROM payouts p JOIN settlements s ON s.payout_id = p.id"
                        + " WHERE s.reference = :r")
                .param("r", settlement)
                .query(String.class)
                .single();
    }

    /** Waits (moving the clock past each check) for the settlement's payout to succeed; its stage/status. */
    private String awaitPaid(String settlement) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String status = payoutStatus(settlement);
        while (!status.endsWith("/SUCCESS") && System.nanoTime() < deadline) {
            sleep(100);
            clock.advance(Duration.ofSeconds(5));
            status = payoutStatus(settlement);
        }
        return status;
    }

    private static List<FakeProviders.Received> cashInsOf(String payoutReference) {
        return fake.received("POST", "/api/eWallet/v1/cashins").stream()
                .filter(r -> r.body().contains("\"" + payoutReference + "\""))
                .toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void withoutTheAdminTokenItIsRefused() {
        assertThat(api.unchecked()
                        .send("POST", "/admin/v1/ledger/reconciliations", Map.of(), null)
                        .status())
                .isEqualTo(401);
        assertThat(api.unchecked()
                        .send("GET", "/admin/v1/ledger/reconciliations", Map.of(), null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void theDailyRunRunsOnceADayOnTwoNodes() throws Exception {
        clock.advance(Duration.ofDays(5)); // a day no run has claimed yet
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneId.of("Africa/Dakar"));
        var barrier = new CyclicBarrier(2);
        List<Future<Boolean>> runs = new ArrayList<>();
        try (var pool = Executors.newFixedThreadPool(2)) {
            for (int i = 0; i < 2; i++) {
                runs.add(pool.submit(() -> {
                    barrier.await();
                    return reconciliations.runDailyIfDue();
                }));
            }
        }
        int ran = 0;
        for (Future<Boolean> run : runs) {
            ran += run.get() ? 1 : 0;
        }
        assertThat(ran).isEqualTo(1);
        assertThat(reconciliations.runDailyIfDue())
                .as("a second pass the same day")
                .isFalse();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_reconciliations r JOIN ledger_reconciliation_runs u"
                                + " ON u.id = r.run_id WHERE u.run_day = :day AND u.finished_at IS NOT NULL")
                        .param("day", java.sql.Date.valueOf(day))
                        .query(Integer.class)
                        .single())
                .as("one row per provider account")
                .isEqualTo(4);

        clock.advance(Duration.ofDays(1));
        assertThat(reconciliations.runDailyIfDue()).as("the next day").isTrue();
    }

    private JsonNode reconcile() {
        Api.Response response = api.admin("POST", "/ledger/reconciliations", null);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode run = response.json();
        assertThat(run.get("accounts").size()).isEqualTo(4);
        return run;
    }

    private static JsonNode wallet(JsonNode run) {
        return account(run, "live", "WALLET_SN");
    }

    private static JsonNode account(JsonNode run, String environment, String provider) {
        for (JsonNode account : run.get("accounts")) {
            if (environment.equals(account.get("environment").stringValue())
                    && provider.equals(account.get("provider").stringValue())) {
                return account;
            }
        }
        throw new AssertionError("no " + environment + " " + provider + " account in " + run);
    }

    private static BigDecimal amount(JsonNode account, String field) {
        return new BigDecimal(account.get(field).stringValue());
    }

    private static List<String> inFlight(JsonNode account, String kind) {
        List<String> found = new ArrayList<>();
        account.get("in_flight").forEach(f -> {
            if (kind.equals(f.get("kind").stringValue())) {
                found.add(
                        f.get("reference").stringValue() + " " + f.get("amount").stringValue());
            }
        });
        return found;
    }

    private String paid() {
        Api.Response response = api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        String reference = response.json().get("reference").stringValue();
        assertThat(fake.wallet().pay(reference).status()).isEqualTo(200);
        api.awaitStatus(merchant, reference, "SUCCESS", Duration.ofSeconds(10));
        Inbox.awaitActedOn(jdbc, clock);
        return reference;
    }

    private Api.Response refund(String reference) {
        return api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
    }

    private void releaseAll() {
        clock.advance(Duration.ofDays(2));
        LedgerTestAccess.releaseDue(context);
    }

    /** A live settlement of {@code amount} to the merchant's own wallet number, its hold passed. */
    private String settle(String amount) {
        return settle(Provider.WALLET_SN, "771234567", amount, "recon-1");
    }

    /** A live settlement of {@code amount} to the merchant's own number at {@code provider}. */
    private String settle(Provider provider, String phone, String amount, String key) {
        destinations.change(
                MerchantId.valueOf(merchant.merchantId()),
                ApplicationId.valueOf(merchant.applicationId()),
                "Boutique",
                Environment.LIVE,
                provider,
                new CustomerPhone(phone),
                "owner@example.sn");
        clock.advance(Duration.ofHours(25));
        Api.Response response =
                api.post(merchant, "/settlements", "{\"amount\":\"" + amount + "\"}", Map.of("Idempotency-Key", key));
        assertThat(response.status()).as(response.body()).isIn(200, 201, 202);
        return response.json().get("reference").stringValue();
    }

    private static void awaitPayoutCreated(int before) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (fake.wallet().payouts().created() == before) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the settlement's payout was not sent in time");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
