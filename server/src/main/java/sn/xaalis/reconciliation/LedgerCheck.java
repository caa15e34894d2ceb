package sn.xaalis.reconciliation;

import java.time.Instant;
import sn.xaalis.ledger.LedgerQueries.BalanceMismatch;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.ledger.LedgerQueries.MissingPosting;
import sn.xaalis.ledger.LedgerQueries.Unbalanced;

/** One run of the ledger's invariant check: what it read and each kind of break it found. */
public record LedgerCheck(
        Instant checkedAt,
        long transactions,
        Found<Unbalanced> unbalanced,
        Found<BalanceMismatch> mismatches,
        Found<MissingPosting> missing) {

    public boolean balanced() {
        return breaks() == 0;
    }

    /** Every break found, in all kinds (not only the rows kept). */
    public long breaks() {
        return unbalanced.count() + mismatches.count() + missing.count();
    }
}
