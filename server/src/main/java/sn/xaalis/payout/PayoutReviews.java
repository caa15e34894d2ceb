package sn.xaalis.payout;

import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.Caller;

/**
 * The merchant's word on a payout its provider could not account for: paid or not, after checking the
 * provider's statement. Nothing is ever sent again from here.
 */
@Service
public class PayoutReviews {

    private final PayoutQueries queries;
    private final PayoutTransitions transitions;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;

    PayoutReviews(
            PayoutQueries queries, PayoutTransitions transitions, AuditTrail audit, TransactionTemplate transactions) {
        this.audit = audit;
        this.transactions = transactions;
        this.queries = queries;
        this.transitions = transitions;
    }

    /**
     * @param paid whether the provider's statement shows the money went out
     * @return false when the payout is not (or no longer) waiting for review
     * @throws PayoutRefusal.NoSuchPayout for another application's reference or none
     */
    public boolean resolve(Caller caller, String reference, boolean paid) {
        Payout payout = queries.find(caller, reference).orElseThrow(PayoutRefusal.NoSuchPayout::new);
        if (payout.fromInstallation()) {
            // A settlement left the installation's account, not the merchant's: only the installation's
            // statement can tell, and a merchant's "failed" would credit its balance back.
            return false;
        }
        PayoutStatus outcome = paid ? PayoutStatus.SUCCESS : PayoutStatus.FAILED;
        // The move (which joins this transaction) and its entry in the trail commit together.
        return Boolean.TRUE.equals(transactions.execute(tx -> {
            boolean resolved = transitions.resolve(
                    payout, outcome, "The merchant found no trace of it in the provider's statement");
            if (resolved) {
                audit.record(
                        "payout.review.resolved",
                        caller.merchantId().value(),
                        payout.reference().toString(),
                        Map.of("status", payout.status().name()),
                        Map.of("status", outcome.name()));
            }
            return resolved;
        }));
    }
}
