package sn.xaalis.payment;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * Initiations and status changes as counters. Every series is registered up front and kept in
 * arrays indexed by enum ordinals, so counting on the request path is an array read and an
 * increment (no registry lookup, no tag allocation).
 */
@Component
class PaymentMetrics {

    /** How an initiation request ended. */
    enum InitiationOutcome {
        /** 201, a new payment. */
        CREATED,
        /** 201 replayed for a repeated Idempotency-Key (D14). */
        REPLAYED,
        /** 4xx: invalid request, provider refusal, idempotency conflict. */
        REJECTED,
        /** 503: provider or service unavailable. */
        UNAVAILABLE,
        /** Anything else (a bug or a database failure). */
        ERROR
    }

    private static final String UNKNOWN = "unknown";

    // [provider ordinal, or the last slot for an unknown provider][environment][outcome]
    private final Counter[][][] initiations;
    // [from][to], only for the moves D1 allows
    private final Counter[][] transitions;

    PaymentMetrics(MeterRegistry registry) {
        Provider[] providers = Provider.values();
        Environment[] environments = Environment.values();
        InitiationOutcome[] outcomes = InitiationOutcome.values();
        initiations = new Counter[providers.length + 1][environments.length][outcomes.length];
        for (int p = 0; p <= providers.length; p++) {
            String provider = p < providers.length ? providers[p].name() : UNKNOWN;
            for (Environment environment : environments) {
                for (InitiationOutcome outcome : outcomes) {
                    initiations[p][environment.ordinal()][outcome.ordinal()] = Counter.builder(
                                    "xaalis.payment.initiations")
                            .description("Payment initiation requests by provider, environment and outcome")
                            .tag("provider", provider)
                            .tag("environment", environment.value())
                            .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
                            .register(registry);
                }
            }
        }
        PaymentStatus[] statuses = PaymentStatus.values();
        transitions = new Counter[statuses.length][statuses.length];
        for (PaymentStatus from : statuses) {
            for (PaymentStatus to : statuses) {
                if (from.canMoveTo(to)) {
                    transitions[from.ordinal()][to.ordinal()] = Counter.builder("xaalis.payment.transitions")
                            .description("Committed payment status changes")
                            .tag("from", from.name())
                            .tag("to", to.name())
                            .register(registry);
                }
            }
        }
    }

    void initiation(@Nullable Provider provider, Environment environment, InitiationOutcome outcome) {
        int p = provider == null ? initiations.length - 1 : provider.ordinal();
        initiations[p][environment.ordinal()][outcome.ordinal()].increment();
    }

    /** Counted when the transaction that made the change commits; a rolled-back change never happened. */
    void transition(PaymentStatus from, PaymentStatus to) {
        Counter counter = transitions[from.ordinal()][to.ordinal()];
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    counter.increment();
                }
            });
        } else {
            counter.increment();
        }
    }
}
