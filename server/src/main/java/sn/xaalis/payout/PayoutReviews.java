package sn.xaalis.payout;

import org.springframework.stereotype.Service;
import sn.xaalis.merchant.Caller;

/**
 * The merchant's word on a payout its provider could not account for: paid or not, after checking the
 * provider's statement. Nothing is ever sent again from here.
 */
@Service
public class PayoutReviews {

    private final PayoutQueries queries;
    private final PayoutTransitions transitions;

    PayoutReviews(PayoutQueries queries, PayoutTransitions transitions) {
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
        return transitions.resolve(
                payout,
                paid ? PayoutStatus.SUCCESS : PayoutStatus.FAILED,
                "The merchant found no trace of it in the provider's statement");
    }
}
