package sn.xaalis.reconciliation;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.Timestamps;

/**
 * {@code POST /admin/v1/ledger/reconciliations} reconciles the installation's provider accounts now;
 * {@code GET} lists the last runs (behind the admin token, as every {@code /admin/**} path).
 */
@RestController
record ReconciliationController(Reconciliations reconciliations) {

    record InFlightJson(String kind, String reference, String amount, @Nullable String since) {}

    record AccountJson(
            String environment,
            String provider,
            String currency,
            @Nullable String reconciledAt,
            String providerStatus,
            @Nullable String providerBalance,
            String ledgerBalance,
            String settlementsInFlight,
            String settlementsQueued,
            String refundsInFlight,
            @Nullable String difference,
            @Nullable String unexplainedDifference,
            @Nullable String unexplainedChange,
            @Nullable String previousAt,
            List<InFlightJson> inFlight,
            long inFlightCount) {

        static AccountJson of(AccountReconciliation a) {
            return new AccountJson(
                    a.environment().value(),
                    a.provider().name(),
                    a.currency(),
                    Timestamps.micros(a.reconciledAt()),
                    a.providerStatus().name(),
                    amount(a.providerBalance()),
                    text(a.ledgerBalance()),
                    text(a.settlementsInFlight()),
                    text(a.settlementsQueued()),
                    text(a.refundsInFlight()),
                    amount(a.difference()),
                    amount(a.unexplained()),
                    amount(a.unexplainedChange()),
                    Timestamps.micros(a.previousAt()),
                    a.inFlight().first().stream()
                            .map(f -> new InFlightJson(
                                    f.kind(), f.reference(), text(f.amount()), Timestamps.micros(f.since())))
                            .toList(),
                    a.inFlight().count());
        }
    }

    record RunJson(String id, @Nullable String reconciledAt, boolean needsAttention, List<AccountJson> accounts) {

        static RunJson of(ReconciliationRun run) {
            return new RunJson(
                    run.id().toString(),
                    Timestamps.micros(run.reconciledAt()),
                    run.needsAttention(),
                    run.accounts().stream().map(AccountJson::of).toList());
        }
    }

    record RunsJson(List<RunJson> data) {}

    @PostMapping("/admin/v1/ledger/reconciliations")
    RunJson reconcile() {
        return RunJson.of(reconciliations.runNow());
    }

    @GetMapping("/admin/v1/ledger/reconciliations")
    RunsJson recent(@RequestParam(defaultValue = "10") int limit) {
        return new RunsJson(reconciliations.recent(Math.clamp(limit, 1, 100)).stream()
                .map(RunJson::of)
                .toList());
    }

    private static @Nullable String amount(@Nullable BigDecimal amount) {
        return amount == null ? null : text(amount);
    }

    private static String text(BigDecimal amount) {
        return amount.signum() == 0 ? "0" : amount.stripTrailingZeros().toPlainString();
    }
}
