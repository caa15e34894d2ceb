package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.payment.PaymentMoneyMovements.Reservation;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.MutableClock;

/**
 * Random sequences of payments, refunds (set aside, then done, refused or unanswered by the provider),
 * operators' adjustments (credits and debits of available, and their keys sent again), replays and
 * availability runs, each on a fresh application of the real schema (embedded database,
 * every migration), with the fee given back or not and negative balances allowed or not: after every
 * step the balances are what the payments say they should be, and available is never below zero when
 * the operator allows no negative balance; after each sequence every journal transaction sums to zero,
 * every balance equals its entries and no cause is posted twice.
 */
class LedgerInvariantsTest {

    private static final JdbcDataSource DATA = new JdbcDataSource();

    static {
        DATA.setURL("jdbc:h2:mem:ledger-invariants;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
        DATA.setUser("sa");
        Flyway.configure().dataSource(DATA).load().migrate();
    }

    private final JdbcClient jdbc = JdbcClient.create(DATA);
    private final DataSourceTransactionManager manager = new DataSourceTransactionManager(DATA);
    private final TransactionTemplate transactions = new TransactionTemplate(manager);
    private final MutableClock clock = new MutableClock();
    private final Journal journal = new Journal(jdbc);
    private final LedgerChecks checks = new LedgerChecks(jdbc);

    /** The ledger as one installation configures it: fee given back or not, negative balances or not. */
    private final class Installation {
        final LedgerProperties properties;
        final PricingPlans plans;
        final Ledger ledger;
        final Availability availability;
        final AdjustmentPostings adjustments;

        Installation(boolean refundReturnsFee, boolean allowNegativeBalance) {
            // A batch of 3: a run over many due payments takes several batches.
            properties = new LedgerProperties(
                    new LedgerProperties.Pricing(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, null),
                    1,
                    refundReturnsFee,
                    allowNegativeBalance,
                    Duration.ofMinutes(2),
                    Duration.ofMinutes(1),
                    3);
            plans = new PricingPlans(jdbc, properties);
            var refunds = new Refunds(journal, jdbc, manager, properties, clock);
            ledger = new Ledger(journal, plans, refunds, properties, clock);
            availability = new Availability(journal, transactions, properties, clock);
            adjustments = new AdjustmentPostings(new AdjustmentStore(jdbc), journal, properties);
        }
    }

    sealed interface Step {}

    record Pay(long amount, Provider provider, Environment environment) implements Step {}

    /** The provider's answer to a refund asked of it. */
    enum Answer {
        DONE,
        REFUSED,
        UNREACHABLE
    }

    record Refund(int which, Answer answer) implements Step {}

    record Replay(int which) implements Step {}

    record Advance(int hours) implements Step {}

    record Release() implements Step {}

    /** An operator's adjustment of available, or ({@code again}) the last one's key sent again. */
    record Adjust(long francs, Environment environment, boolean again) implements Step {}

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> pay = Combinators.combine(
                        Arbitraries.longs().between(1, 2_000_000),
                        Arbitraries.of(Provider.class),
                        Arbitraries.of(Environment.class))
                .as(Pay::new);
        Arbitrary<Step> refund = Combinators.combine(
                        Arbitraries.integers().between(0, 50),
                        Arbitraries.of(Answer.DONE, Answer.DONE, Answer.REFUSED, Answer.UNREACHABLE))
                .as(Refund::new);
        Arbitrary<Step> replay = Arbitraries.integers().between(0, 50).map(Replay::new);
        Arbitrary<Step> advance = Arbitraries.integers().between(1, 60).map(Advance::new);
        Arbitrary<Step> release = Arbitraries.just(new Release());
        Arbitrary<Step> adjust = Combinators.combine(
                        Arbitraries.longs().between(-3_000_000, 3_000_000).filter(f -> f != 0),
                        Arbitraries.of(Environment.class),
                        Arbitraries.of(false, false, false, true))
                .as(Adjust::new);
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(5, pay),
                        net.jqwik.api.Tuple.of(3, refund),
                        net.jqwik.api.Tuple.of(1, replay),
                        net.jqwik.api.Tuple.of(2, advance),
                        net.jqwik.api.Tuple.of(2, release),
                        net.jqwik.api.Tuple.of(2, adjust))
                .list()
                .ofMaxSize(40);
    }

    @Provide
    Arbitrary<FeeRule> rules() {
        var percent = Arbitraries.bigDecimals()
                .between(BigDecimal.ZERO, BigDecimal.TEN)
                .ofScale(2);
        var francs = Arbitraries.longs().between(0, 500).map(BigDecimal::valueOf);
        return Combinators.combine(percent, francs, francs, francs.injectNull(0.5))
                .as((p, fixed, min, max) -> new FeeRule(p, fixed, min, max == null ? null : max.add(min)));
    }

    /** What the test expects of one payment. */
    private static final class Paid {
        final Payment payment;
        final BigDecimal fee;
        final Instant availableAt;
        boolean refunded;
        /** Its pending money moved: made available, or taken by its refund. */
        boolean released;
        /** What its refund in flight set aside (from pending, from available); null for none. */
        BigDecimal @org.jspecify.annotations.Nullable [] reserved;

        Paid(Payment payment, BigDecimal fee, Instant availableAt) {
            this.payment = payment;
            this.fee = fee;
            this.availableAt = availableAt;
        }

        BigDecimal net() {
            return payment.amount().subtract(fee);
        }
    }

    /** The balances the test expects, per environment: {pending, available}. */
    private final Map<Environment, BigDecimal[]> expected = new java.util.EnumMap<>(Environment.class);

    private BigDecimal[] expected(Environment environment) {
        return expected.computeIfAbsent(environment, e -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO});
    }

    @Property(tries = 40)
    void everySequenceKeepsTheLedgerBalancedAndRefundsCovered(
            @ForAll("steps") List<Step> steps,
            @ForAll("rules") FeeRule wallet,
            @ForAll("rules") FeeRule operator,
            @ForAll boolean refundReturnsFee,
            @ForAll boolean allowNegativeBalance) {
        expected.clear();
        var installation = new Installation(refundReturnsFee, allowNegativeBalance);
        Ledger ledger = installation.ledger;
        MerchantId merchant = newMerchant();
        ApplicationId application = newApplication(merchant);
        installation.plans.replace(
                merchant, Map.of(Provider.WALLET_SN, wallet, Provider.MOBILEMONEY_SN, operator), null);
        List<Paid> paid = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (Step step : steps) {
            if (step instanceof Pay p) {
                Payment payment = payment(application, p);
                BigDecimal fee = ledger.feeOn(payment);
                assertThat(fee)
                        .isEqualByComparingTo(
                                (p.provider() == Provider.WALLET_SN ? wallet : operator).feeOn(payment.amount()));
                assertThat(fee.signum()).isNotNegative();
                assertThat(fee).isLessThanOrEqualTo(payment.amount());
                assertThat(fee.stripTrailingZeros().scale()).isNotPositive();
                Payment succeeded = payment.withFee(fee);
                assertThat(succeeded.netAmount().add(succeeded.fee())).isEqualByComparingTo(payment.amount());
                transactions.executeWithoutResult(tx -> ledger.record(succeeded, PaymentStatus.PROCESSING));
                Instant availableAt = java.time.LocalDate.ofInstant(clock.instant(), Ledger.DAKAR)
                        .plusDays(1)
                        .atStartOfDay(Ledger.DAKAR)
                        .toInstant();
                var target = new Paid(succeeded, fee, availableAt);
                paid.add(target);
                if (target.net().signum() == 0) {
                    target.released = true;
                }
                expected(p.environment())[0] = expected(p.environment())[0].add(target.net());
                assertThat(checks.postings("payment", payment.transactionUuid().toString()))
                        .isEqualTo(1);
            } else if (step instanceof Refund r && !paid.isEmpty()) {
                Paid target = paid.get(r.which() % paid.size());
                if (!target.refunded) {
                    refund(installation, target, r.answer());
                } else {
                    // A request that read the payment before it was refunded sets nothing aside.
                    assertThat(ledger.reserveRefund(target.payment)).isEqualTo(Reservation.ALREADY_REFUNDED);
                }
            } else if (step instanceof Replay r && !paid.isEmpty()) {
                // A retry, another node, a crash's replay: the same causes again post nothing.
                Paid target = paid.get(r.which() % paid.size());
                long before = transactionCount();
                transactions.executeWithoutResult(tx -> ledger.record(target.payment, PaymentStatus.PROCESSING));
                if (target.refunded) {
                    transactions.executeWithoutResult(
                            tx -> ledger.record(refunded(target.payment), PaymentStatus.SUCCESS));
                }
                assertThat(transactionCount()).isEqualTo(before);
            } else if (step instanceof Adjust a) {
                adjust(installation, application, a, keys);
            } else if (step instanceof Advance a) {
                clock.advance(Duration.ofHours(a.hours()));
            } else if (step instanceof Release) {
                while (installation.availability.releaseDue() >= installation.properties.jobBatch()) {
                    // the job's next pass starts at once while a batch was full
                }
                Instant now = clock.instant();
                paid.stream()
                        .filter(x -> !x.released && !x.availableAt.isAfter(now))
                        .forEach(x -> {
                            x.released = true;
                            BigDecimal[] e = expected(x.payment.environment());
                            e[0] = e[0].subtract(x.net());
                            e[1] = e[1].add(x.net());
                        });
            }
            expectBalances(application, allowNegativeBalance);
        }
        checks.all();
    }

    /**
     * One refund as PaymentOperations runs it: set aside (refused if available cannot cover it and the
     * operator allows no negative balance), then the provider's answer.
     */
    private void refund(Installation installation, Paid target, Answer answer) {
        Ledger ledger = installation.ledger;
        BigDecimal[] e = expected(target.payment.environment());
        var reservation = ledger.reserveRefund(target.payment);
        if (target.reserved == null) {
            BigDecimal debit = installation.properties.refundReturnsFee() ? target.net() : target.payment.amount();
            BigDecimal fromPending = target.released ? BigDecimal.ZERO : target.net();
            BigDecimal fromAvailable = debit.subtract(fromPending);
            boolean covered = installation.properties.allowNegativeBalance()
                    || e[1].subtract(fromAvailable).signum() >= 0;
            if (!covered) {
                assertThat(reservation).isEqualTo(Reservation.INSUFFICIENT_BALANCE);
                return;
            }
            assertThat(reservation).isEqualTo(Reservation.RESERVED);
            target.reserved = new BigDecimal[] {fromPending, fromAvailable};
            target.released = true;
            e[0] = e[0].subtract(fromPending);
            e[1] = e[1].subtract(fromAvailable);
        } else {
            // An earlier try's provider was unreachable: this one takes the same reservation over.
            assertThat(reservation).isEqualTo(Reservation.RESERVED);
        }
        // A second request while this one asks the provider finds it in flight.
        assertThat(ledger.reserveRefund(target.payment)).isEqualTo(Reservation.IN_PROGRESS);
        switch (answer) {
            case DONE -> {
                transactions.executeWithoutResult(tx -> ledger.record(refunded(target.payment), PaymentStatus.SUCCESS));
                target.refunded = true;
                target.reserved = null;
            }
            case REFUSED -> {
                ledger.releaseRefund(target.payment);
                e[0] = e[0].add(target.reserved[0]);
                e[1] = e[1].add(target.reserved[1]);
                target.released = target.reserved[0].signum() == 0;
                target.reserved = null;
            }
            case UNREACHABLE -> ledger.unclaimRefund(target.payment);
        }
    }

    /**
     * An adjustment as the use case posts it, in its own transaction: available moves by the amount,
     * unless a debit it cannot cover is refused (the operator allowing no negative balance), with nothing
     * written; a key sent again posts nothing.
     */
    private void adjust(Installation installation, ApplicationId application, Adjust a, List<String> keys) {
        BigDecimal amount = BigDecimal.valueOf(a.francs());
        var adjustment = new Adjustment(
                RandomTokens.uuidV7(clock),
                application,
                a.environment(),
                "XOF",
                amount,
                "Motif " + keys.size(),
                "operator@example.com",
                sn.xaalis.platform.Timestamps.truncate(clock.instant()));
        if (a.again() && !keys.isEmpty()) {
            long before = transactionCount();
            Boolean posted =
                    transactions.execute(tx -> installation.adjustments.post(adjustment, keys.getLast(), "hash"));
            assertThat(posted).isFalse();
            assertThat(transactionCount()).isEqualTo(before);
            return;
        }
        BigDecimal[] e = expected(a.environment());
        boolean covered = installation.properties.allowNegativeBalance()
                || e[1].add(amount).signum() >= 0;
        String key = "key-" + keys.size();
        try {
            Boolean posted = transactions.execute(tx -> installation.adjustments.post(adjustment, key, "hash"));
            assertThat(posted).isTrue();
            assertThat(covered).as("a debit available covers").isTrue();
            keys.add(key);
            e[1] = e[1].add(amount);
            assertThat(checks.postings("adjustment", adjustment.id().toString()))
                    .isEqualTo(1);
        } catch (AdjustmentRefusal.InsufficientBalance refused) {
            assertThat(covered).as("a debit available does not cover").isFalse();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_adjustments WHERE id = :id")
                            .param("id", adjustment.id())
                            .query(Integer.class)
                            .single())
                    .isZero();
        }
    }

    private void expectBalances(ApplicationId application, boolean allowNegativeBalance) {
        for (Environment environment : Environment.values()) {
            var balance = new Balances(jdbc).balance(application, environment, "XOF");
            assertThat(balance.pending()).isEqualByComparingTo(expected(environment)[0]);
            assertThat(balance.available()).isEqualByComparingTo(expected(environment)[1]);
            if (!allowNegativeBalance) {
                assertThat(balance.available().signum()).isNotNegative();
            }
        }
    }

    private long transactionCount() {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_transactions")
                .query(Long.class)
                .single();
    }

    private Payment payment(ApplicationId application, Pay p) {
        Instant now = clock.instant();
        return new Payment(
                PaymentId.newId(clock),
                new Reference("SVC-" + RandomTokens.upperAlphanumeric(8)),
                application,
                p.environment(),
                p.provider(),
                BigDecimal.valueOf(p.amount()).setScale(2),
                "XOF",
                PaymentStatus.SUCCESS,
                null,
                null,
                null,
                "{}",
                null,
                null,
                "provider-ref",
                new LinkedHashMap<>(),
                now.plus(Duration.ofMinutes(15)),
                now,
                now,
                null,
                null,
                null,
                null,
                1);
    }

    private static Payment refunded(Payment p) {
        return new Payment(
                p.transactionUuid(),
                p.reference(),
                p.applicationId(),
                p.environment(),
                p.provider(),
                p.amount(),
                p.currency(),
                PaymentStatus.REFUNDED,
                p.description(),
                p.customerPhone(),
                p.customerName(),
                p.metadataJson(),
                p.successUrl(),
                p.errorUrl(),
                p.providerReference(),
                p.deepLinks(),
                p.expiresAt(),
                p.createdAt(),
                p.paidAt(),
                p.expiredAt(),
                p.errorMessage(),
                p.providerTransactionId(),
                p.connectionId(),
                p.connectionVersion(),
                p.fee(),
                p.netAmount());
    }

    private MerchantId newMerchant() {
        MerchantId id = new MerchantId(UUID.randomUUID());
        jdbc.sql("INSERT INTO merchants (id, name, email, password_hash, created_at)"
                        + " VALUES (:id, 'Shop', :email, 'x', CURRENT_TIMESTAMP)")
                .param("id", id.value())
                .param("email", id.value() + "@example.com")
                .update();
        return id;
    }

    private ApplicationId newApplication(MerchantId merchant) {
        ApplicationId id = new ApplicationId(UUID.randomUUID());
        jdbc.sql("INSERT INTO applications (id, merchant_id, name, endpoint_key, created_at, updated_at)"
                        + " VALUES (:id, :merchant, 'Shop', :key, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                .param("id", id.value())
                .param("merchant", merchant.value())
                .param("key", RandomTokens.base32Lower(16))
                .update();
        return id;
    }
}
