package sn.xaalis.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.ledger.LedgerTestAccess;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payout.PayoutMoneyMovements;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * A settlement interrupted at each of its steps, in one node (the sandbox's rail, a fault injected into
 * the transactions): committed and queued, it is sent by whichever pass comes; its payout's status change
 * failing half-way (the node dying in it) leaves neither the status nor the credit back, and the next
 * check writes both once; a payout whose outcome is unknown is never sent again nor credited back (the
 * money may have left). Never two debits, never two credits, never a failure without its credit.
 */
@IntegrationTest
class SettlementCrashIT extends ApiIntegrationTest {

    /** How many status changes of payouts the fault still breaks (after everything else in their transaction). */
    static final AtomicInteger FAULTS = new AtomicInteger();

    @TestConfiguration
    static class Faults {
        @Bean
        PayoutMoneyMovements dyingInTheStatusChange() {
            return (from, to) -> {
                if (to.fromInstallation() && FAULTS.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new IllegalStateException("the node dies in the status change");
                }
            };
        }
    }

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApplicationContext context;

    @AfterEach
    void noMoreFaults() {
        FAULTS.set(0);
    }

    private Api.Merchant funded(String number) {
        Api.Merchant merchant = api.onboardBoth();
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"5000\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        clock.advance(Duration.ofDays(2));
        LedgerTestAccess.releaseDue(context);
        destinations.change(
                MerchantId.valueOf(merchant.merchantId()),
                ApplicationId.valueOf(merchant.applicationId()),
                "Boutique",
                Environment.SANDBOX,
                Provider.WALLET_SN,
                new CustomerPhone(number),
                "owner@example.sn");
        clock.advance(Duration.ofHours(25));
        return merchant;
    }

    private String settle(Api.Merchant merchant, String amount) {
        Api.Response created = api.post(
                merchant,
                "/settlements",
                "{\"amount\":\"" + amount + "\"}",
                java.util.Map.of("Idempotency-Key", "crash"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").stringValue();
    }

    private String status(String id) {
        return jdbc.sql("SELECT status FROM settlements WHERE id = :id")
                .param("id", java.util.UUID.fromString(id))
                .query(String.class)
                .single();
    }

    private String payoutStage(String id) {
        return jdbc.sql("SELECT p.stage FROM payouts p JOIN settlements s ON s.payout_id = p.id WHERE s.id = :id")
                .param("id", java.util.UUID.fromString(id))
                .query(String.class)
                .single();
    }

    private BigDecimal available(Api.Merchant merchant) {
        return new BigDecimal(
                api.get(merchant, "/balance").json().get("available").stringValue());
    }

    private void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not in time: " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void aNodeDyingInTheFailedPayoutsStatusChangeLeavesNoCreditUntilTheNextCheckWritesItOnce() {
        Api.Merchant merchant = funded("700000011"); // the sandbox's failing number
        FAULTS.set(1);
        String id = settle(merchant, "3000");
        // Queued and committed: the debit is there before anything is sent.
        assertThat(LedgerTestAccess.postings(jdbc, "settlement", id)).isEqualTo(1);

        // The provider refused it; the transaction of that change died: no status, no credit back.
        await("the fault was hit", () -> FAULTS.get() == 0);
        await("the payout is left as sent", () -> payoutStage(id).equals("SENDING"));
        assertThat(status(id)).isEqualTo("PROCESSING");
        assertThat(available(merchant)).isEqualByComparingTo("2000");
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isZero();

        // Its check comes: the provider is asked (never sent to again), the failure is written once.
        clock.advance(Duration.ofMinutes(2));
        await("the settlement failed", () -> status(id).equals("FAILED"));
        assertThat(available(merchant)).isEqualByComparingTo("5000");
        assertThat(LedgerTestAccess.postings(jdbc, "settlement", id)).isEqualTo(1);
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isEqualTo(1);
        clock.advance(Duration.ofMinutes(2));
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isEqualTo(1);
        LedgerTestAccess.checkInvariants(jdbc);
    }

    @Test
    void aNodeDyingInTheSuccessKeepsTheDebitAndTheNextCheckPaysItOnce() {
        Api.Merchant merchant = funded("771234567");
        FAULTS.set(1);
        String id = settle(merchant, "4500");
        await("the fault was hit", () -> FAULTS.get() == 0);
        assertThat(status(id)).isEqualTo("PROCESSING");
        assertThat(available(merchant)).isEqualByComparingTo("500");

        clock.advance(Duration.ofMinutes(2));
        await("the settlement is paid", () -> status(id).equals("PAID"));
        assertThat(available(merchant)).isEqualByComparingTo("500");
        assertThat(LedgerTestAccess.postings(jdbc, "settlement", id)).isEqualTo(1);
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isZero();
        LedgerTestAccess.checkInvariants(jdbc);
    }

    @Test
    void aPayoutWhoseOutcomeIsUnknownIsNeitherSentAgainNorCreditedBack() {
        Api.Merchant merchant = funded("700000013"); // the sandbox's number that never answers
        String id = settle(merchant, "3000");
        await("the payout is asked about", () -> payoutStage(id).equals("SENDING"));
        for (int i = 0; i < 4; i++) {
            clock.advance(Duration.ofHours(1));
            sleep();
        }
        await("left for review", () -> payoutStage(id).equals("DONE"));
        assertThat(jdbc.sql("SELECT p.status FROM payouts p JOIN settlements s ON s.payout_id = p.id WHERE s.id = :id")
                        .param("id", java.util.UUID.fromString(id))
                        .query(String.class)
                        .single())
                .isEqualTo("NEEDS_REVIEW");
        assertThat(status(id)).isEqualTo("PROCESSING");
        assertThat(available(merchant)).isEqualByComparingTo("2000");
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isZero();
        LedgerTestAccess.checkInvariants(jdbc);
    }

    private static void sleep() {
        try {
            Thread.sleep(400);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
