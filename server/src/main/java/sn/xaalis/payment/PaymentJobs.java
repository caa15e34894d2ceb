package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Idempotency;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionState;

/**
 * Background work on payments, safe on any number of nodes (rows are claimed with
 * {@code FOR UPDATE SKIP LOCKED}): expiry after asking the provider (D6), and the magic sandbox phone
 * numbers (D13).
 */
@Component
class PaymentJobs implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaymentJobs.class);
    private static final int BATCH = 100;
    static final Map<String, PaymentStatus> MAGIC_PHONES = Map.of(
            "+221700000001", PaymentStatus.SUCCESS,
            "+221700000002", PaymentStatus.FAILED,
            "+221700000003", PaymentStatus.CANCELLED);

    private final Payments payments;
    private final PaymentTransitions transitions;
    private final PaymentProviders providers;
    private final PaymentProperties properties;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final Idempotency idempotency;
    private volatile boolean running;
    private Thread loop;
    private Instant nextPurge = Instant.MIN;

    PaymentJobs(
            Payments payments,
            PaymentTransitions transitions,
            PaymentProviders providers,
            PaymentProperties properties,
            TransactionTemplate transactions,
            Clock clock,
            Idempotency idempotency) {
        this.payments = payments;
        this.transitions = transitions;
        this.providers = providers;
        this.properties = properties;
        this.transactions = transactions;
        this.clock = clock;
        this.idempotency = idempotency;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        loop = Thread.ofVirtual().name("payment-jobs").start(this::loop);
    }

    /** Waits for the current round, so a stop followed by a start never leaves two loops running. */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        loop.interrupt();
        try {
            loop.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void loop() {
        while (running) {
            try {
                int done = resolveMagicPhones() + expire() + purgeIdempotencyRecords();
                if (done < BATCH) {
                    Thread.sleep(properties.jobInterval().toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("Payment jobs failed, retrying: {}", e.toString());
                try {
                    Thread.sleep(properties.jobInterval().toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /** Expires PROCESSING payments past their deadline, unless the provider says they were paid. */
    int expire() {
        Integer count = transactions.execute(tx -> {
            Instant now = clock.instant();
            var due = payments.lockExpired(now, BATCH);
            for (Payment payment : due) {
                SessionState state = providers.sessionState(new SessionReference(
                        payment.provider(),
                        payment.environment(),
                        payment.reference().value(),
                        payment.providerReference(),
                        payment.amount()));
                PaymentStatus to = PaymentStatus.EXPIRED;
                String error = null;
                if (state instanceof SessionState.Paid) {
                    to = PaymentStatus.SUCCESS;
                } else if (state instanceof SessionState.Failed failed) {
                    to = PaymentStatus.FAILED;
                    error = failed.reason();
                } else if (state instanceof SessionState.Cancelled) {
                    to = PaymentStatus.CANCELLED;
                }
                transitions.apply(payment, to, PaymentTransitions.Cause.of("job:expiry"), error);
            }
            return due.size();
        });
        return count == null ? 0 : count;
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

    int resolveMagicPhones() {
        Integer count = transactions.execute(tx -> {
            Instant before = clock.instant().minus(properties.sandboxMagicDelay());
            var due = payments.lockMagic(MAGIC_PHONES.keySet(), before, BATCH);
            for (Payment payment : due) {
                PaymentStatus to = MAGIC_PHONES.get(payment.customerPhone());
                String error = to == PaymentStatus.FAILED ? "Insufficient funds (sandbox magic number)" : null;
                transitions.apply(payment, to, PaymentTransitions.Cause.of("sandbox:magic-phone"), error);
            }
            return due.size();
        });
        return count == null ? 0 : count;
    }
}
