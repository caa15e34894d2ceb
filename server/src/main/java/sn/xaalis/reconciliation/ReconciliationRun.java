package sn.xaalis.reconciliation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** One run of the reconciliation of the installation's provider accounts: each account's result. */
public record ReconciliationRun(UUID id, Instant reconciledAt, List<AccountReconciliation> accounts) {

    public boolean needsAttention() {
        return accounts.stream().anyMatch(AccountReconciliation::needsAttention);
    }
}
