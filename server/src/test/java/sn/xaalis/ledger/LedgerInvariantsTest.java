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
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.MutableClock;

/**
 * Random sequences of payments, refunds, replays and availability runs, each on a fresh application of
 * the real schema (embedded database, every migration): after every step
 * the balances are what the payments say they should be; after each sequence every journal transaction
 * sums to zero, every balance equals its entries and no cause is posted twice.
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
    private final TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(DATA));
    private final MutableClock clock = new MutableClock();
    // A batch of 3: a run over many due payments takes several batches.
    private final LedgerProperties properties = new LedgerProperties(
            new LedgerProperties.Pricing(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, null),
            1,
            false,
            Duration.ofMinutes(1),
            3);
    private final PricingPlans plans = new PricingPlans(jdbc, properties);
    private final Journal journal = new Journal(jdbc);
    private final Ledger ledger = new Ledger(journal, plans, properties, clock);
    private final Availability availability = new Availability(journal, transactions, properties, clock);
    private final LedgerChecks checks = new LedgerChecks(jdbc);

    sealed interface Step {}

    record Pay(long amount, Provider provider, Environment environment) implements Step {}

    record Refund(int which) implements Step {}

    record Replay(int which) implements Step {}

    record Advance(int hours) implements Step {}

    record Release() implements Step {}

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> pay = Combinators.combine(
                        Arbitraries.longs().between(1, 2_000_000),
                        Arbitraries.of(Provider.class),
                        Arbitraries.of(Environment.class))
                .as(Pay::new);
        Arbitrary<Step> refund = Arbitraries.integers().between(0, 50).map(Refund::new);
        Arbitrary<Step> replay = Arbitraries.integers().between(0, 50).map(Replay::new);
        Arbitrary<Step> advance = Arbitraries.integers().between(1, 60).map(Advance::new);
        Arbitrary<Step> release = Arbitraries.just(new Release());
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(5, pay),
                        net.jqwik.api.Tuple.of(2, refund),
                        net.jqwik.api.Tuple.of(1, replay),
                        net.jqwik.api.Tuple.of(2, advance),
                        net.jqwik.api.Tuple.of(2, release))
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
        boolean released;

        Paid(Payment payment, BigDecimal fee, Instant availableAt) {
            this.payment = payment;
            this.fee = fee;
            this.availableAt = availableAt;
        }

        BigDecimal net() {
            return payment.amount().subtract(fee);
        }
    }

    @Property(tries = 25)
    void everySequenceKeepsTheLedgerBalanced(
            @ForAll("steps") List<Step> steps, @ForAll("rules") FeeRule wallet, @ForAll("rules") FeeRule operator) {
        MerchantId merchant = newMerchant();
        ApplicationId application = newApplication(merchant);
        plans.replace(merchant, Map.of(Provider.WALLET_SN, wallet, Provider.MOBILEMONEY_SN, operator), null);
        List<Paid> paid = new ArrayList<>();
        for (Step step : steps) {
            if (step instanceof Pay p) {
                Payment payment = payment(application, p);
                BigDecimal fee = (p.provider() == Provider.WALLET_SN ? wallet : operator).feeOn(payment.amount());
                assertThat(fee.signum()).isNotNegative();
                assertThat(fee).isLessThanOrEqualTo(payment.amount());
                assertThat(fee.stripTrailingZeros().scale()).isNotPositive();
                transactions.executeWithoutResult(tx -> ledger.record(payment, PaymentStatus.PROCESSING));
                Instant availableAt = java.time.LocalDate.ofInstant(clock.instant(), Ledger.DAKAR)
                        .plusDays(1)
                        .atStartOfDay(Ledger.DAKAR)
                        .toInstant();
                paid.add(new Paid(payment, fee, availableAt));
                assertThat(checks.postings("payment", payment.transactionUuid().toString()))
                        .isEqualTo(1);
            } else if (step instanceof Refund r && !paid.isEmpty()) {
                Paid target = paid.get(r.which() % paid.size());
                if (!target.refunded) {
                    transactions.executeWithoutResult(
                            tx -> ledger.record(refunded(target.payment), PaymentStatus.SUCCESS));
                    target.refunded = true;
                    target.released = true;
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
            } else if (step instanceof Advance a) {
                clock.advance(Duration.ofHours(a.hours()));
            } else if (step instanceof Release) {
                while (availability.releaseDue() >= properties.jobBatch()) {
                    // the job's next pass starts at once while a batch was full
                }
                Instant now = clock.instant();
                paid.stream().filter(x -> !x.availableAt.isAfter(now)).forEach(x -> x.released = true);
            }
            expectBalances(application, paid);
        }
        checks.all();
    }

    /** Pending is what unreleased payments hold; the total is every net credited less every refund. */
    private void expectBalances(ApplicationId application, List<Paid> paid) {
        for (Environment environment : Environment.values()) {
            BigDecimal pending = BigDecimal.ZERO;
            BigDecimal total = BigDecimal.ZERO;
            for (Paid p : paid) {
                if (p.payment.environment() != environment) {
                    continue;
                }
                total = total.add(p.net());
                if (p.refunded) {
                    total = total.subtract(p.payment.amount());
                } else if (!p.released) {
                    pending = pending.add(p.net());
                }
            }
            var balance = new Balances(jdbc).balance(application, environment, "XOF");
            assertThat(balance.pending()).isEqualByComparingTo(pending);
            assertThat(balance.available().add(balance.pending())).isEqualByComparingTo(total);
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
                p.connectionVersion());
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
