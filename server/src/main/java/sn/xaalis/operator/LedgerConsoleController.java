package sn.xaalis.operator;

import java.util.List;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.ledger.ClearingQueries.Movement;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.pages.PageController;
import sn.xaalis.reconciliation.AccountReconciliation;
import sn.xaalis.reconciliation.LedgerCheck;
import sn.xaalis.reconciliation.LedgerChecks;
import sn.xaalis.reconciliation.ReconciliationRun;
import sn.xaalis.reconciliation.Reconciliations;

/**
 * The ledger's section of the console: the last invariant check, balanced or each break it found, and
 * a button that runs it now; the last reconciliation of each of the installation's provider accounts,
 * with the clearing movements and the money in flight that explain it, and a button that runs it now.
 */
@PageController
class LedgerConsoleController {

    private final LedgerChecks checks;
    private final Reconciliations reconciliations;

    LedgerConsoleController(LedgerChecks checks, Reconciliations reconciliations) {
        this.checks = checks;
        this.reconciliations = reconciliations;
    }

    /** A provider account's reconciliation and the clearing movements since the previous one. */
    record Explained(AccountReconciliation account, Found<Movement> movements) {}

    @GetMapping("/operator/ledger")
    ModelAndView ledger() {
        ReconciliationRun run = reconciliations.latest().orElse(null);
        List<Explained> accounts = run == null
                ? List.of()
                : run.accounts().stream()
                        .map(a -> new Explained(a, reconciliations.movements(a)))
                        .toList();
        return new ModelAndView("operator/ledger")
                .addObject("check", checks.latest().orElse(null))
                .addObject("reconciliation", run)
                .addObject("accounts", accounts);
    }

    @PostMapping("/operator/ledger/reconcile")
    String reconcileNow() {
        reconciliations.runNow();
        return "redirect:/operator/ledger#reconciliation";
    }

    @PostMapping("/operator/ledger/check")
    String runNow() {
        checks.runNow();
        return "redirect:/operator/ledger#check";
    }

    /** The console's home page shows a red notice while the last check found breaks. */
    @ControllerAdvice(assignableTypes = MerchantsConsoleController.class)
    static class Alert {

        private final LedgerChecks checks;

        Alert(LedgerChecks checks) {
            this.checks = checks;
        }

        @ModelAttribute("ledgerBreaks")
        long ledgerBreaks() {
            return checks.latest().map(LedgerCheck::breaks).orElse(0L);
        }
    }
}
