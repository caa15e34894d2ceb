package sn.xaalis.reconciliation;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.ledger.LedgerQueries;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * The ledger's invariant check: every journal transaction sums to zero per currency, every running
 * balance equals its account's entries, every paid (or refunded) payment on the installation's accounts
 * has its postings. Run on demand and once a Dakar day by one node of the cluster; each result is
 * stored, and the last one's breaks are the {@code xaalis_ledger_check_breaks} gauge.
 */
@Service
public class LedgerChecks {

    private static final Logger log = LoggerFactory.getLogger(LedgerChecks.class);
    private static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");

    private final LedgerQueries ledger;
    private final LedgerCheckRuns runs;
    private final TransactionTemplate readOnly;
    private final ReconciliationProperties properties;
    private final Clock clock;

    LedgerChecks(
            LedgerQueries ledger,
            LedgerCheckRuns runs,
            PlatformTransactionManager transactions,
            ReconciliationProperties properties,
            Clock clock,
            MeterRegistry registry) {
        this.ledger = ledger;
        this.runs = runs;
        // One snapshot for the whole check on PostgreSQL: the counts and lists describe the same ledger.
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
        this.readOnly.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        this.properties = properties;
        this.clock = clock;
        Gauge.builder("xaalis.ledger.check.breaks", this, LedgerChecks::latestBreaks)
                .description("Breaks found by the last ledger check: unbalanced transactions, balance mismatches"
                        + " and missing postings (0 when it balanced)")
                .register(registry);
    }

    /** Every {@code check-interval} on each node; the first node past the Dakar midnight runs the day's check. */
    @Bean
    static PeriodicJob ledgerCheck(LedgerChecks checks, ReconciliationProperties properties) {
        return PeriodicJob.every(properties.checkInterval(), "ledger-check", checks::runDailyIfDue);
    }

    /** Runs the check now and stores its result. */
    public LedgerCheck runNow() {
        LedgerCheck check = check();
        runs.insert(RandomTokens.uuidV7(clock), check);
        report(check);
        return check;
    }

    /** Today's check, if no node has run it yet (or the one that claimed it died): true when this node ran it. */
    public boolean runDailyIfDue() {
        Instant now = Timestamps.truncate(clock.instant());
        UUID id = RandomTokens.uuidV7(clock);
        if (!runs.claim(id, LocalDate.ofInstant(now, DAKAR), now, now.minus(properties.lease()))) {
            return false;
        }
        LedgerCheck check = check();
        runs.complete(id, check);
        report(check);
        return true;
    }

    /** The last stored result. */
    public Optional<LedgerCheck> latest() {
        return runs.latest();
    }

    private LedgerCheck check() {
        int limit = properties.listLimit();
        Instant at = Timestamps.truncate(clock.instant());
        LedgerCheck check = readOnly.execute(tx -> new LedgerCheck(
                at,
                ledger.transactions(),
                ledger.unbalanced(limit),
                ledger.balanceMismatches(limit),
                ledger.missingPostings(properties.paymentsSince(), limit)));
        if (check == null) {
            throw new IllegalStateException("The ledger check returned nothing");
        }
        return check;
    }

    private static void report(LedgerCheck check) {
        if (!check.balanced()) {
            log.error(
                    "The ledger does not balance: {} unbalanced transactions, {} balance mismatches, {} missing"
                            + " postings (GET /admin/v1/ledger/check, docs/operations.md §14)",
                    check.unbalanced().count(),
                    check.mismatches().count(),
                    check.missing().count());
        }
    }

    private double latestBreaks() {
        try {
            return runs.latestBreaks();
        } catch (RuntimeException e) {
            return Double.NaN; // the database away: no value rather than a wrong one
        }
    }
}
