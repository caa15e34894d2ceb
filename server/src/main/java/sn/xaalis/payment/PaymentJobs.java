package sn.xaalis.payment;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.SessionState;

/**
 * Background work on payments, safe on any number of nodes (rows are claimed with
 * {@code FOR UPDATE SKIP LOCKED}): expiry after asking the provider (D6), the magic sandbox phone
 * numbers (D13), and moving queued changes into the dashboard's rollups.
 */
@Component
class PaymentJobs {

    private static final int BATCH = 100;
    private static final int DRAIN_BATCH = 5_000;
    static final Map<String, PaymentStatus> MAGIC_PHONES = Map.of(
            "+221700000001", PaymentStatus.SUCCESS,
            "+221700000002", PaymentStatus.FAILED,
            "+221700000003", PaymentStatus.CANCELLED);

    private final DuePayments duePayments;
    private final PaymentTransitions transitions;
    private final PaymentProviders providers;
    private final PaymentProperties properties;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final Idempotency idempotency;
    private Instant nextPurge = Instant.MIN;
    private final PaymentRollups rollups;

    PaymentJobs(
            DuePayments duePayments,
            PaymentTransitions transitions,
            PaymentProviders providers,
            PaymentProperties properties,
            TransactionTemplate transactions,
            Clock clock,
            Idempotency idempotency,
            PaymentRollups rollups) {
        this.rollups = rollups;
        this.duePayments = duePayments;
        this.transitions = transitions;
        this.providers = providers;
        this.properties = properties;
        this.transactions = transactions;
        this.clock = clock;
        this.idempotency = idempotency;
    }

    /*
     * Each job is a periodic job of its own, every {@code jobInterval} on each node and again at once
     * while it found a full batch: one that fails (or waits on a slow provider) holds up none of the
     * others, is retried on its own, and is counted on its own (xaalis_job_passes_total{job}).
     */

    @Bean
    static PeriodicJob paymentExpiry(PaymentJobs jobs, PaymentProperties properties) {
        return new PeriodicJob("payment-expiry", properties.jobInterval(), () -> jobs.expire() >= BATCH);
    }

    @Bean
    static PeriodicJob paymentReconciliation(PaymentJobs jobs, PaymentProperties properties) {
        return new PeriodicJob("payment-reconciliation", properties.jobInterval(), () -> jobs.reconcile() >= BATCH);
    }

    @Bean
    static PeriodicJob sandboxMagicPhones(PaymentJobs jobs, PaymentProperties properties) {
        return new PeriodicJob(
                "payment-magic-phones", properties.jobInterval(), () -> jobs.resolveMagicPhones() >= BATCH);
    }

    @Bean
    static PeriodicJob idempotencyPurge(PaymentJobs jobs, PaymentProperties properties) {
        return new PeriodicJob(
                "idempotency-purge", properties.jobInterval(), () -> jobs.purgeIdempotencyRecords() >= BATCH);
    }

    @Bean
    static PeriodicJob rollupDrain(PaymentJobs jobs, PaymentProperties properties) {
        return new PeriodicJob("payment-rollups", properties.jobInterval(), () -> jobs.drainRollups() > 0);
    }

    /**
     * Expires PROCESSING payments past their deadline, after asking the provider (D6): a paid session
     * becomes SUCCESS. While the provider cannot be asked, expiry waits (up to {@code expiryGrace}).
     */
    int expire() {
        Instant now = clock.instant();
        List<DuePayments.Due> due = claim(() -> duePayments.lockExpired(now, BATCH), now);
        for (DuePayments.Due claimed : due) {
            Payment payment = claimed.payment();
            SessionState state = providers.sessionState(PaymentOperations.session(payment));
            if (state instanceof SessionState.Unreachable
                    && now.isBefore(payment.expiresAt().plus(properties.expiryGrace()))) {
                continue; // the claim already pushed the next check out
            }
            ProviderVerdict verdict = ProviderVerdict.of(state);
            PaymentStatus to = verdict == null ? PaymentStatus.EXPIRED : verdict.status();
            var outcome = transitions.apply(
                    payment,
                    to,
                    new PaymentTransitions.Cause("job:expiry", describe(state)),
                    verdict == null ? null : verdict.error());
            if (outcome instanceof PaymentTransitions.Outcome.Changed && state instanceof SessionState.Open) {
                // Close the provider's session too, so the customer cannot pay what we no longer await.
                providers.cancel(PaymentOperations.session(payment));
            }
        }
        return due.size();
    }

    /**
     * Asks providers about live payments still open after {@code reconcileAfter}, on a doubling
     * schedule: providers' callbacks do get lost, and the payment must not wait for its deadline.
     */
    int reconcile() {
        Instant now = clock.instant();
        List<DuePayments.Due> due = claim(() -> duePayments.lockReconciliationDue(now, BATCH), now);
        for (DuePayments.Due claimed : due) {
            Payment payment = claimed.payment();
            ProviderVerdict verdict = ProviderVerdict.of(providers.sessionState(PaymentOperations.session(payment)));
            if (verdict != null) {
                transitions.apply(
                        payment,
                        verdict.status(),
                        new PaymentTransitions.Cause("job:reconciliation", "provider reported " + verdict.status()),
                        verdict.error());
            }
        }
        return due.size();
    }

    /** Locks due rows and pushes their next check out, in one short transaction: the claim on them. */
    private List<DuePayments.Due> claim(Supplier<List<DuePayments.Due>> lock, Instant now) {
        List<DuePayments.Due> due = transactions.execute(tx -> {
            List<DuePayments.Due> rows = lock.get();
            for (DuePayments.Due row : rows) {
                duePayments.scheduleCheck(row.payment().transactionUuid(), now.plus(backoff(row.checks())));
            }
            return rows;
        });
        return due == null ? List.of() : due;
    }

    /** reconcileAfter, doubled after every check, capped at reconcileMaxInterval. */
    Duration backoff(int checks) {
        Duration delay = properties.reconcileAfter();
        for (int i = 0; i < checks && delay.compareTo(properties.reconcileMaxInterval()) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(properties.reconcileMaxInterval()) > 0 ? properties.reconcileMaxInterval() : delay;
    }

    private static @Nullable String describe(SessionState state) {
        return switch (state) {
            case SessionState.Unknown unknown -> unknown.reason();
            case SessionState.Unreachable unreachable ->
                "provider unreachable past the grace period: " + unreachable.reason();
            case SessionState.Open open -> null;
            case SessionState.Paid paid -> null;
            case SessionState.Failed failed -> null;
            case SessionState.Cancelled cancelled -> null;
            case SessionState.Expired expired -> null;
        };
    }

    /** Stored responses older than 24 h can never be replayed again (D14); once a minute is plenty. */
    int purgeIdempotencyRecords() {
        Instant now = clock.instant();
        if (now.isBefore(nextPurge)) {
            return 0;
        }
        nextPurge = now.plusSeconds(60);
        return idempotency.purgeExpired(BATCH);
    }

    /**
     * Once a pass, so that the queue, which every dashboard read scans, holds about a pass's worth
     * of changes; again at once only when a full batch was moved (draining after every few changes
     * would cost more than the changes themselves).
     */
    int drainRollups() {
        int drained = rollups.drain(DRAIN_BATCH);
        return drained == DRAIN_BATCH ? drained : 0;
    }

    int resolveMagicPhones() {
        Integer count = transactions.execute(tx -> {
            Instant before = clock.instant().minus(properties.sandboxMagicDelay());
            var due = duePayments.lockMagic(before, BATCH);
            for (Payment payment : due) {
                // lockMagic finds only payments from a magic number
                PaymentStatus to = Objects.requireNonNull(MAGIC_PHONES.get(payment.customerPhone()));
                String error = to == PaymentStatus.FAILED ? FailureReason.SANDBOX_MAGIC_PHONE : null;
                transitions.apply(payment, to, PaymentTransitions.Cause.of("sandbox:magic-phone"), error);
            }
            return due.size();
        });
        return count == null ? 0 : count;
    }
}
