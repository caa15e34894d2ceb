package sn.xaalis.operator;

import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.reconciliation.LedgerCheck;
import sn.xaalis.reconciliation.LedgerChecks;

/**
 * The ledger's section of the console: the last invariant check, balanced or each break it found, and
 * a button that runs it now.
 */
@PageController
class LedgerConsoleController {

    private final LedgerChecks checks;

    LedgerConsoleController(LedgerChecks checks) {
        this.checks = checks;
    }

    @GetMapping("/operator/ledger")
    ModelAndView ledger() {
        return new ModelAndView("operator/ledger")
                .addObject("check", checks.latest().orElse(null));
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
