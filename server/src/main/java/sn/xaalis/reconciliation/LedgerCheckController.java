package sn.xaalis.reconciliation;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.Timestamps;

/**
 * {@code GET /admin/v1/ledger/check}: runs the ledger's invariant check now, stores and returns it
 * (behind the admin token, as every {@code /admin/**} path).
 */
@RestController
record LedgerCheckController(LedgerChecks checks) {

    record UnbalancedJson(String transactionId, String currency, String sum) {}

    record MismatchJson(String account, String balance, String entries) {}

    record MissingJson(String paymentId, String reference, String status, String posting) {}

    record CheckJson(
            boolean balanced,
            @Nullable String checkedAt,
            long transactions,
            List<UnbalancedJson> unbalancedTransactions,
            long unbalancedCount,
            List<MismatchJson> balanceMismatches,
            long balanceMismatchCount,
            List<MissingJson> missingPostings,
            long missingPostingCount) {

        static CheckJson of(LedgerCheck check) {
            return new CheckJson(
                    check.balanced(),
                    Timestamps.micros(check.checkedAt()),
                    check.transactions(),
                    check.unbalanced().first().stream()
                            .map(u -> new UnbalancedJson(
                                    u.transactionId().toString(),
                                    u.currency(),
                                    u.sum().stripTrailingZeros().toPlainString()))
                            .toList(),
                    check.unbalanced().count(),
                    check.mismatches().first().stream()
                            .map(m -> new MismatchJson(
                                    m.accountKey(),
                                    m.balance().stripTrailingZeros().toPlainString(),
                                    m.entries().stripTrailingZeros().toPlainString()))
                            .toList(),
                    check.mismatches().count(),
                    check.missing().first().stream()
                            .map(m -> new MissingJson(m.paymentId().toString(), m.reference(), m.status(), m.posting()))
                            .toList(),
                    check.missing().count());
        }
    }

    @GetMapping("/admin/v1/ledger/check")
    CheckJson check() {
        return CheckJson.of(checks.runNow());
    }
}
