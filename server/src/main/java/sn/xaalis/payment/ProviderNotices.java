package sn.xaalis.payment;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.ProviderNotice;
import sn.xaalis.provider.SessionState;

/**
 * Applies what an authenticated provider callback says to the payment it names, from the inbox's job
 * ({@link ProviderEvents}), never while the provider waits for its answer. A notice must match the
 * payment (live, same provider, opened in the account whose address it came to, same session, same
 * amount) or it changes nothing.
 */
@Service
public class ProviderNotices {

    private static final Logger log = LoggerFactory.getLogger(ProviderNotices.class);

    private final Payments payments;
    private final PaymentTransitions transitions;
    private final PaymentProviders providers;

    ProviderNotices(Payments payments, PaymentTransitions transitions, PaymentProviders providers) {
        this.payments = payments;
        this.transitions = transitions;
        this.providers = providers;
    }

    /**
     * What became of a notice.
     *
     * @param reference the payment it concerned, or null when it matched none of its account's
     * @param outcome in words, for the exchange log
     * @param again whether the provider could not be asked what the notice needs: act on it again later
     */
    public record Applied(@Nullable String reference, String outcome, boolean again) {
        Applied(@Nullable String reference, String outcome) {
            this(reference, outcome, false);
        }
    }

    public Applied apply(ProviderNotice notice) {
        Optional<Payment> found = Reference.isWellFormed(notice.reference())
                ? payments.findByReference(new Reference(notice.reference()))
                : Optional.empty();
        // Another account's payment looks exactly like a missing one: an event can move only its own.
        if (found.isEmpty()
                || found.get().environment() != Environment.LIVE
                || found.get().provider() != notice.provider()
                || !Objects.equals(found.get().connectionId(), notice.connectionId())) {
            return new Applied(
                    null, "ignored: no live " + notice.provider() + " payment of this account has this reference");
        }
        Payment payment = found.get();
        String reference = payment.reference().value();
        String mismatch = mismatch(notice, payment);
        if (mismatch != null) {
            return new Applied(reference, mismatch);
        }
        if (notice.providerTransactionId() != null && payment.providerTransactionId() == null) {
            payments.rememberTransaction(payment.transactionUuid(), notice.providerTransactionId());
        }
        SessionState state = notice.state();
        if (state instanceof SessionState.Unreachable unreachable) {
            // A success not confirmed yet: asked again later, even for a payment closed meanwhile (money
            // received late must not be lost), unless it is already paid.
            if (payment.status() == PaymentStatus.SUCCESS || payment.status() == PaymentStatus.REFUNDED) {
                return new Applied(reference, "no change: the payment is already " + payment.status());
            }
            return new Applied(reference, "not yet: " + unreachable.reason() + "; tried again later", true);
        }
        if (state instanceof SessionState.Failed failed && payment.status() == PaymentStatus.PROCESSING) {
            state = closeAfterFailure(payment, failed);
            if (state instanceof SessionState.Unreachable unreachable) {
                return new Applied(
                        reference,
                        "not yet: an attempt failed (" + failed.reason() + ") and the provider's session could not be"
                                + " closed (" + unreachable.reason() + "); tried again later",
                        true);
            }
            if (state == null) {
                return new Applied(
                        reference,
                        "no change: an attempt failed (" + failed.reason()
                                + ") and the provider refused to close its session; it stays open until its deadline");
            }
        }
        return new Applied(reference, move(payment, notice, state));
    }

    /**
     * Why the notice, though it names the payment, does not describe it (another session or amount); null
     * when it does.
     */
    private static @Nullable String mismatch(ProviderNotice notice, Payment payment) {
        if (notice.providerReference() != null && !notice.providerReference().equals(payment.providerReference())) {
            return "ignored: the session id does not match this payment's";
        }
        BigDecimal amount = notice.amount();
        if (amount != null && amount.compareTo(payment.amount()) != 0) {
            log.warn("{} reported amount {} for {}, expected {}", notice.provider(), amount, payment, payment.amount());
            return "ignored: amount " + amount.toPlainString() + " does not match "
                    + payment.amount().toPlainString();
        }
        return null;
    }

    /**
     * A failed attempt fails the payment only once the provider's session is closed, so the customer
     * cannot pay it afterwards. A session that cannot be closed because it was paid meanwhile is a success;
     * one already closed fails the payment.
     *
     * @return what to apply, {@link SessionState.Unreachable} when the provider could not be asked, or
     *     null to leave the payment as it is
     */
    private @Nullable SessionState closeAfterFailure(Payment payment, SessionState.Failed failed) {
        return switch (providers.cancel(PaymentOperations.session(payment))) {
            case ProviderAction.Done done -> failed;
            case ProviderAction.Refused refused -> {
                // No longer open: paid meanwhile, or already closed (an earlier close whose answer was
                // lost, the provider's own expiry), which is all a failure waits for.
                SessionState now = providers.sessionState(PaymentOperations.session(payment));
                yield switch (now) {
                    case SessionState.Paid paid -> now;
                    case SessionState.Unreachable unreachable -> now;
                    case SessionState.Expired expired -> failed;
                    case SessionState.Cancelled cancelled -> failed;
                    default -> null;
                };
            }
            case ProviderAction.Unavailable unavailable -> new SessionState.Unreachable(unavailable.reason());
        };
    }

    private String move(Payment payment, ProviderNotice notice, SessionState state) {
        ProviderVerdict verdict = ProviderVerdict.of(state);
        if (verdict == null) {
            return "no change: the provider reports the payment still in progress";
        }
        PaymentStatus to = verdict.status();
        var cause = new PaymentTransitions.Cause(
                "provider:" + notice.provider().name().toLowerCase(Locale.ROOT), notice.eventId());
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
