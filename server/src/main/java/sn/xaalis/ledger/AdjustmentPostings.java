package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * An adjustment in the journal, in the caller's transaction: its row under its key (the key's one
 * adjustment), then its {@code adjustment} transaction between the merchant's available account and the
 * operator's adjustments account. A debit is the conditional update of the available balance row, so
 * two debits at once never both spend the same money.
 */
@Component
class AdjustmentPostings {

    private final AdjustmentStore store;
    private final Journal journal;
    private final LedgerProperties properties;

    AdjustmentPostings(AdjustmentStore store, Journal journal, LedgerProperties properties) {
        this.store = store;
        this.journal = journal;
        this.properties = properties;
    }

    /**
     * Writes the adjustment and its posting: false, and nothing written, when the key has an adjustment
     * already (on PostgreSQL, after waiting for its writer's commit).
     *
     * @throws AdjustmentRefusal.InsufficientBalance when a debit would take available below zero and the
     *     operator allows no negative balance; the caller's transaction must roll back
     */
    boolean post(Adjustment a, String key, String requestHash) {
        if (!store.insert(a, key, requestHash)) {
            return false;
        }
        Account available = Account.available(a.applicationId(), a.environment(), a.currency());
        var posting = new Posting(
                a.id(),
                new Posting.Cause("adjustment", a.id().toString()),
                Posting.Type.ADJUSTMENT,
                a.applicationId(),
                a.environment(),
                a.currency(),
                a.amount(),
                BigDecimal.ZERO,
                a.amount(),
                a.id().toString(),
                a.createdAt(),
                null,
                List.of(
                        new Posting.Entry(available, a.amount()),
                        new Posting.Entry(
                                Account.adjustments(a.environment(), a.currency()),
                                a.amount().negate())),
                a.reason());
        Set<Account> covered = properties.allowNegativeBalance() ? Set.of() : Set.of(available);
        try {
            journal.write(posting, covered);
        } catch (Journal.NotCovered e) {
            throw new AdjustmentRefusal.InsufficientBalance();
        }
        return true;
    }
}
