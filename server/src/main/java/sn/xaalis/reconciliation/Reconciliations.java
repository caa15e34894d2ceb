package sn.xaalis.reconciliation;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.ledger.ClearingQueries;
import sn.xaalis.ledger.ClearingQueries.Movement;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * The reconciliation of the installation's provider accounts with their providers' balances, on demand
 * and once a Dakar day by one node of the cluster. Each run's results are stored; the last live ones are
 * the {@code xaalis_reconciliation_difference} and {@code xaalis_reconciliation_difference_change} gauges.
 */
@Service
public class Reconciliations {

    private static final Logger log = LoggerFactory.getLogger(Reconciliations.class);
    private static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");

    private final Reconciler reconciler;
    private final ReconciliationRuns runs;
    private final ClearingQueries clearing;
    private final TransactionTemplate transaction;
    private final ReconciliationProperties properties;
    private final Clock clock;

    Reconciliations(
            Reconciler reconciler,
            ReconciliationRuns runs,
            ClearingQueries clearing,
            PlatformTransactionManager transactions,
            ReconciliationProperties properties,
            Clock clock,
            MeterRegistry registry) {
        this.reconciler = reconciler;
        this.runs = runs;
        this.clearing = clearing;
        this.transaction = new TransactionTemplate(transactions);
        this.properties = properties;
        this.clock = clock;
        for (Provider provider : Provider.values()) {
            Gauge.builder(
                            "xaalis.reconciliation.difference",
                            this,
                            r -> r.latest(provider, ReconciliationRuns.Latest::unexplained))
                    .description("The live provider account's difference with the ledger that the money in flight"
                            + " does not explain, at the last reconciliation")
                    .tag("provider", provider.name())
                    .register(registry);
            Gauge.builder(
                            "xaalis.reconciliation.difference.change",
                            this,
                            r -> r.latest(provider, ReconciliationRuns.Latest::change))
                    .description("The change of that difference since the previous reconciliation: not 0 needs a look")
                    .tag("provider", provider.name())
                    .register(registry);
        }
    }

    /** Every {@code accounts-interval} on each node; the first node past the Dakar midnight runs the day's. */
    @Bean
    static PeriodicJob providerAccountsReconciliation(
            Reconciliations reconciliations, ReconciliationProperties properties) {
        return PeriodicJob.every(
                properties.accountsInterval(), "ledger-reconciliation", reconciliations::runDailyIfDue);
    }

    /** Reconciles every provider account now and stores the result. */
    public ReconciliationRun runNow() {
        UUID id = RandomTokens.uuidV7(clock);
        runs.start(id, Timestamps.truncate(clock.instant()));
        return run(id);
    }

    /** Today's run, if no node has run it yet (or the one that claimed it died): true when this node ran it. */
    public boolean runDailyIfDue() {
        Instant now = Timestamps.truncate(clock.instant());
        UUID id = RandomTokens.uuidV7(clock);
        if (!runs.claim(id, LocalDate.ofInstant(now, DAKAR), now, now.minus(properties.lease()))) {
            return false;
        }
        run(id);
        return true;
    }

    /** The last finished run. */
    public Optional<ReconciliationRun> latest() {
        return runs.recent(1).stream().findFirst();
    }

    /** The last {@code limit} finished runs, newest first. */
    public List<ReconciliationRun> recent(int limit) {
        return runs.recent(limit);
    }

    /** The clearing account's movements between the previous reconciliation of the account and this one. */
    public Found<Movement> movements(AccountReconciliation account) {
        return clearing.movements(
                account.environment(),
                account.provider(),
                account.currency(),
                account.previousAt(),
                account.reconciledAt(),
                properties.listLimit());
    }

    private ReconciliationRun run(UUID id) {
        // The providers are asked outside any transaction; the results are stored in one.
        ReconciliationRun run = reconciler.reconcile(id);
        transaction.executeWithoutResult(tx -> runs.complete(run));
        for (AccountReconciliation a : run.accounts()) {
            if (a.needsAttention()) {
                log.warn(
                        "The {} {} account's difference with the ledger changed by {} {} since {} (docs/operations.md"
                                + " §14.7)",
                        a.environment(),
                        a.provider(),
                        a.unexplainedChange(),
                        a.currency(),
                        a.previousAt());
            }
        }
        return run;
    }

    private double latest(Provider provider, Function<ReconciliationRuns.Latest, @Nullable BigDecimal> value) {
        try {
            return runs.latestLive(provider)
                    .map(value)
                    .map(BigDecimal::doubleValue)
                    .orElse(Double.NaN);
        } catch (RuntimeException e) {
            return Double.NaN; // the database away: no value rather than a wrong one
        }
    }
}
