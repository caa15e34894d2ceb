package sn.xaalis.payment;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.SessionReference;

/** What merchants and sandbox testers can do to an existing payment: cancel, refund, simulate, list (D13, D15). */
@Service
public class PaymentOperations {

    /** Outcomes a sandbox tester may force (D13). */
    public static final List<PaymentStatus> SIMULATED =
            List.of(PaymentStatus.SUCCESS, PaymentStatus.FAILED, PaymentStatus.CANCELLED, PaymentStatus.EXPIRED);

    static final String DEFAULT_DECLINE = FailureReason.SANDBOX_DECLINE;
    private static final int MAX_PAGE = 100;

    private final Payments payments;
    private final PaymentListing listing;
    private final PaymentTransitions transitions;
    private final PaymentProviders providers;
    private final List<CancelVeto> vetoes;
    private final AuditTrail audit;
    private final PaymentStarts starts;
    private final PaymentMoneyMovements money;

    PaymentOperations(
            Payments payments,
            PaymentListing listing,
            PaymentTransitions transitions,
            PaymentProviders providers,
            List<CancelVeto> vetoes,
            AuditTrail audit,
            PaymentStarts starts,
            PaymentMoneyMovements money) {
        this.money = money;
        this.audit = audit;
        this.starts = starts;
        this.payments = payments;
        this.listing = listing;
        this.transitions = transitions;
        this.providers = providers;
        this.vetoes = vetoes;
    }

    /** A page of payments and where the next one starts (null when this is the last). */
    public record Page(List<Payment> payments, @Nullable String nextCursor) {}

    public Page list(Caller caller, PaymentFilter filter, int limit) {
        int size = Math.max(1, Math.min(limit, MAX_PAGE));
        List<Payment> rows = listing.list(caller.applicationId(), caller.environment(), filter, size + 1);
        if (rows.size() <= size) {
            return new Page(rows, null);
        }
        Payment last = rows.get(size - 1);
        return new Page(
                rows.subList(0, size),
                new PaymentFilter.Position(
                                last.createdAt(), last.transactionUuid().value())
                        .cursor());
    }

    /** The provider is asked first, outside any transaction; if it cannot act, nothing changes here either. */
    public Payment cancel(Caller caller, String reference) {
        return cancel(caller, reference, "api:cancel");
    }

    /** The same cancel from elsewhere (the portal), recorded under its own cause. */
    public Payment cancel(Caller caller, String reference, String cause) {
        Payment payment = owned(caller, reference);
        requireMove(payment, PaymentStatus.CANCELLED, "Only a PROCESSING payment can be cancelled");
        for (CancelVeto veto : vetoes) {
            veto.vetoCancel(payment).ifPresent(reason -> {
                throw new PaymentRefusal.CancelVetoed(reason);
            });
        }
        act(providers.cancel(session(payment)));
        return audited(
                caller,
                payment,
                changed(transitions.apply(payment, PaymentStatus.CANCELLED, PaymentTransitions.Cause.of(cause), null)));
    }

    public Payment refund(Caller caller, String reference) {
        return refund(caller, reference, "api:refund");
    }

    /**
     * The refund's money is set aside first (committed, {@link PaymentMoneyMovements#reserveRefund}): a
     * balance that cannot cover it, or another refund of the payment in flight, stops it before the
     * provider is asked. A refusal of the provider gives the money back; an unreachable provider keeps
     * it set aside for the next try (its answer is unknown).
     */
    public Payment refund(Caller caller, String reference, String cause) {
        Payment payment = owned(caller, reference);
        requireMove(payment, PaymentStatus.REFUNDED, "Only a SUCCESS payment can be refunded");
        switch (money.reserveRefund(payment)) {
            case INSUFFICIENT_BALANCE -> throw new PaymentRefusal.InsufficientBalance();
            case IN_PROGRESS -> throw new PaymentRefusal.RefundInProgress();
            case ALREADY_REFUNDED -> throw notPossible(PaymentStatus.REFUNDED);
            case RESERVED, NONE_NEEDED -> {}
        }
        ProviderAction action = providers.refund(session(payment));
        if (action instanceof ProviderAction.Refused) {
            money.releaseRefund(payment);
        } else if (action instanceof ProviderAction.Unavailable) {
            money.unclaimRefund(payment);
        }
        act(action);
        return audited(
                caller,
                payment,
                changed(transitions.apply(payment, PaymentStatus.REFUNDED, PaymentTransitions.Cause.of(cause), null)));
    }

    /**
     * A person's cancel or refund (the portal's) in the audit trail; the API's are a machine's, kept in the
     * payment's own history. After the change's own transaction, which holds its cause in that history.
     */
    private Payment audited(Caller caller, Payment before, Payment after) {
        audit.record(
                "payment.status.changed",
                caller.merchantId().value(),
                before.reference().value(),
                java.util.Map.of("status", before.status().name()),
                java.util.Map.of("status", after.status().name()));
        return after;
    }

    /** Remembers the provider's transaction for a payment, the handle its look-ups need. */
    public void rememberTransaction(Payment payment, String transactionId) {
        payments.rememberTransaction(payment.transactionUuid(), transactionId);
    }

    /**
     * Keeps the customer's number typed for the payment at the counter or on a code form ({@code +221…}),
     * by which the portal and the console find it; the payment's own customer_phone (the API's) is untouched.
     */
    public void rememberCustomerNumber(Payment payment, String internationalNumber) {
        starts.customerTyped(payment, internationalNumber);
    }

    /** The scriptable sandbox outcome (D13); refused for live keys. */
    public Payment simulate(Caller caller, String reference, PaymentStatus outcome, @Nullable String errorMessage) {
        if (caller.environment() != Environment.SANDBOX) {
            throw new PaymentRefusal.NotSandbox();
        }
        Payment payment = owned(caller, reference);
        return changed(transitions.apply(
                payment, outcome, PaymentTransitions.Cause.of("sandbox:simulate"), failure(outcome, errorMessage)));
    }

    /** The hosted sandbox checkout (D13): a tester acts on the payment by its reference alone. */
    public Optional<Payment> sandboxPayment(String reference) {
        if (!Reference.isWellFormed(reference)) {
            return Optional.empty();
        }
        return payments.findByReference(new Reference(reference)).filter(p -> p.environment() == Environment.SANDBOX);
    }

    /** A sandbox action from the portal, on a payment of one of the merchant's applications. */
    @Transactional
    public PaymentTransitions.Outcome sandboxAction(
            Set<ApplicationId> applicationIds, String reference, PaymentStatus outcome, @Nullable String errorMessage) {
        Payment payment = listing.findAmong(applicationIds, reference)
                .filter(p -> p.environment() == Environment.SANDBOX)
                .orElseThrow(PaymentRefusal.NoSuchSandboxPayment::new);
        PaymentTransitions.Outcome result = transitions.apply(
                payment, outcome, PaymentTransitions.Cause.of("portal:sandbox"), failure(outcome, errorMessage));
        if (result instanceof PaymentTransitions.Outcome.Changed) {
            audit.record(
                    "payment.status.changed",
                    null,
                    payment.reference().value(),
                    java.util.Map.of("status", payment.status().name()),
                    java.util.Map.of("status", outcome.name()));
        }
        return result;
    }

    @Transactional
    public PaymentTransitions.Outcome checkout(String reference, PaymentStatus outcome, @Nullable String errorMessage) {
        Payment payment = sandboxPayment(reference).orElseThrow(PaymentRefusal.NoSuchSandboxPayment::new);
        return transitions.apply(
                payment, outcome, PaymentTransitions.Cause.of("sandbox:checkout"), failure(outcome, errorMessage));
    }

    private static @Nullable String failure(PaymentStatus outcome, @Nullable String errorMessage) {
        if (outcome != PaymentStatus.FAILED) {
            return null;
        }
        return errorMessage == null || errorMessage.isBlank() ? DEFAULT_DECLINE : errorMessage.strip();
    }

    private Payment owned(Caller caller, String reference) {
        if (!Reference.isWellFormed(reference)) {
            throw new PaymentRefusal.NoSuchPayment();
        }
        return payments.find(caller.applicationId(), caller.environment(), new Reference(reference))
                .orElseThrow(PaymentRefusal.NoSuchPayment::new);
    }

    private static void requireMove(Payment payment, PaymentStatus to, String rule) {
        if (!payment.status().canMoveTo(to)) {
            throw new PaymentRefusal.WrongStatus(rule + "; this one is " + payment.status());
        }
    }

    private static void act(ProviderAction action) {
        switch (action) {
            case ProviderAction.Done done -> {}
            case ProviderAction.Refused refused -> throw new PaymentRefusal.ProviderRefused(refused.reason());
            case ProviderAction.Unavailable unavailable ->
                throw new PaymentRefusal.ProviderUnavailable(unavailable.reason());
        }
    }

    private static Payment changed(PaymentTransitions.Outcome outcome) {
        return switch (outcome) {
            case PaymentTransitions.Outcome.Changed changed -> changed.payment();
            case PaymentTransitions.Outcome.Refused refused -> throw notPossible(refused.current());
            case PaymentTransitions.Outcome.Lost lost -> throw notPossible(lost.current());
        };
    }

    private static PaymentRefusal notPossible(PaymentStatus current) {
        return new PaymentRefusal.WrongStatus("The payment is " + current + "; that change is not possible");
    }

    static SessionReference session(Payment p) {
        return p.session();
    }
}
