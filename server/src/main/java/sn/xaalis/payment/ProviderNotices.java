package sn.xaalis.payment;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.ProviderNotice;

/**
 * Applies what an authenticated provider callback says to the payment it names. A notice must match
 * the payment (live, same provider, same session, same amount) or it changes nothing.
 */
@Service
public class ProviderNotices {

    private static final Logger log = LoggerFactory.getLogger(ProviderNotices.class);

    private final Payments payments;
    private final PaymentTransitions transitions;

    ProviderNotices(Payments payments, PaymentTransitions transitions) {
        this.payments = payments;
        this.transitions = transitions;
    }

    /** What became of a notice, in words for the exchange log. */
    public String apply(ProviderNotice notice) {
        Optional<Payment> found = Reference.isWellFormed(notice.reference())
                ? payments.findByReference(new Reference(notice.reference()))
                : Optional.empty();
        if (found.isEmpty()
                || found.get().environment() != Environment.LIVE
                || found.get().provider() != notice.provider()) {
            return "ignored: no live " + notice.provider() + " payment with this reference";
        }
        Payment payment = found.get();
        if (notice.providerReference() != null && !notice.providerReference().equals(payment.providerReference())) {
            return "ignored: the session id does not match this payment's";
        }
        if (notice.amount() != null && notice.amount().compareTo(payment.amount()) != 0) {
            log.warn(
                    "{} reported amount {} for {}, expected {}",
                    notice.provider(),
                    notice.amount(),
                    payment,
                    payment.amount());
            return "ignored: amount " + notice.amount().toPlainString() + " does not match "
                    + payment.amount().toPlainString();
        }
        if (notice.providerTransactionId() != null && payment.providerTransactionId() == null) {
            payments.rememberTransaction(payment.transactionUuid(), notice.providerTransactionId());
        }
        ProviderVerdict verdict = ProviderVerdict.of(notice.state());
        if (verdict == null) {
            return "no change: the provider reports the payment still in progress";
        }
        PaymentStatus to = verdict.status();
        var cause = new PaymentTransitions.Cause(
                "provider:" + notice.provider().name().toLowerCase(java.util.Locale.ROOT), notice.eventId());
        var outcome = transitions.apply(payment, to, cause, verdict.error());
        if (outcome instanceof PaymentTransitions.Outcome.Changed) {
            return "payment moved from " + payment.status() + " to " + to;
        }
        PaymentStatus current = outcome.current();
        if (to == PaymentStatus.SUCCESS && current != PaymentStatus.SUCCESS && current != PaymentStatus.REFUNDED) {
            // Money arrived for a payment we closed another way: someone must refund or settle it by hand.
            log.warn(
                    "{} confirmed a payment for {} which is {}: needs manual attention",
                    notice.provider(),
                    payment,
                    current);
            return "attention: paid at the provider but the payment is " + current;
        }
        return "no change: the payment is already " + current;
    }
}
