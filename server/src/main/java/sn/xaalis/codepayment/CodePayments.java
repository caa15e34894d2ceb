package sn.xaalis.codepayment;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.provider.CodeRequest;
import sn.xaalis.provider.CodeResult;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * Completes a PROCESSING MOBILEMONEY_SN payment with the customer's number and one-time code. Each try
 * is recorded (committed) before its code leaves, and a try the operator did not answer blocks the next
 * until the payment is settled by asking the operator: a code is never sent twice and never stored.
 */
@Service
public class CodePayments {

    private static final Logger log = LoggerFactory.getLogger(CodePayments.class);

    private final PaymentQueries queries;
    private final PaymentOperations operations;
    private final PaymentTransitions transitions;
    private final PaymentProviders providers;
    private final CodeAttempts attempts;
    private final CodeBudgets budgets;
    private final TransactionTemplate transactions;
    private final Clock clock;

    CodePayments(
            PaymentQueries queries,
            PaymentOperations operations,
            PaymentTransitions transitions,
            PaymentProviders providers,
            CodeAttempts attempts,
            CodeBudgets budgets,
            TransactionTemplate transactions,
            Clock clock) {
        this.queries = queries;
        this.operations = operations;
        this.transitions = transitions;
        this.providers = providers;
        this.attempts = attempts;
        this.budgets = budgets;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** A code from the merchant's server (the API) or its counter, for a payment of the caller's application. */
    public CodeOutcome pay(Caller caller, String reference, String customerPhone, String otp, CodeChannel channel) {
        Optional<CustomerPhone> phone = CustomerPhone.parse(customerPhone);
        Optional<OneTimeCode> code = OneTimeCode.parse(otp);
        if (phone.isEmpty() || code.isEmpty()) {
            return invalid(phone, code);
        }
        return queries.find(caller, reference)
                .map(payment -> attempt(payment, phone.get(), code.get(), channel, null))
                .orElseGet(CodeOutcome.NotFound::new);
    }

    /** A code typed by the customer on the hosted page, which anyone holding the reference may open. */
    public CodeOutcome payOnPage(String reference, String customerPhone, String otp, String clientAddress) {
        Optional<CustomerPhone> phone = CustomerPhone.parse(customerPhone);
        Optional<OneTimeCode> code = OneTimeCode.parse(otp);
        if (phone.isEmpty() || code.isEmpty()) {
            return invalid(phone, code);
        }
        return queries.byReference(reference)
                .map(payment -> attempt(payment, phone.get(), code.get(), CodeChannel.PAGE, clientAddress))
                .orElseGet(CodeOutcome.NotFound::new);
    }

    /** Whether a code for the payment awaits the operator's answer: its pages offer no form then. */
    public boolean awaitingAnswer(Payment payment) {
        return payment.provider() == Provider.MOBILEMONEY_SN
                && payment.status() == PaymentStatus.PROCESSING
                && attempts.anyOpen(payment.transactionUuid());
    }

    /** The USSD sequence customers dial for a code, as the operator of this installation set it. */
    public String ussdCode() {
        return budgets.ussdCode();
    }

    private CodeOutcome attempt(
            Payment payment,
            CustomerPhone phone,
            OneTimeCode code,
            CodeChannel channel,
            @Nullable String clientAddress) {
        if (payment.provider() != Provider.MOBILEMONEY_SN) {
            return new CodeOutcome.WrongProvider(payment.provider());
        }
        if (payment.status() != PaymentStatus.PROCESSING) {
            return new CodeOutcome.NotPayable(payment.status());
        }
        if (!clock.instant().isBefore(payment.expiresAt())) {
            return new CodeOutcome.NotPayable(PaymentStatus.EXPIRED);
        }
        List<CodeAttempts.Attempt> tries = attempts.of(payment.transactionUuid());
        if (tries.stream().anyMatch(t -> t.state().open())) {
            return new CodeOutcome.Busy();
        }
        long refused = tries.stream()
                .filter(t -> t.state() == CodeAttempts.State.REFUSED)
                .count();
        if (refused >= budgets.triesPerPayment()) {
            return new CodeOutcome.NotPayable(PaymentStatus.FAILED);
        }
        // Spent only now, for a code about to go to the operator: a request refused above costs the
        // customer's number and the merchant nothing, so nobody can spend their budgets with them.
        RateLimiter.Decision allowed = budgets.spend(payment, phone, channel, clientAddress);
        if (!allowed.allowed()) {
            return new CodeOutcome.Throttled(allowed.retryAfterSeconds());
        }
        int seq = tries.size() + 1;
        if (!attempts.begin(payment.transactionUuid(), seq, payment.applicationId(), phone, channel, clock.instant())) {
            return new CodeOutcome.Busy();
        }
        // The number is the payment's from the first try sent: the portal and the console find it by it.
        operations.rememberCustomerNumber(payment, phone.international());
        // A cancel that read no open try may have committed since: this try then takes no place.
        PaymentStatus now = current(payment).status();
        if (now != PaymentStatus.PROCESSING) {
            attempts.withdraw(payment.transactionUuid(), seq);
            return new CodeOutcome.NotPayable(now);
        }
        // An exception from here on leaves the try SENT: whether the code left is unknown, so the
        // payment takes no other code and is settled by asking the operator.
        CodeResult result =
                providers.payWithCode(new CodeRequest(payment.session(), phone.nationalNumber(), code.digits()));
        return settle(payment, seq, (int) refused, result, PaymentTransitions.Cause.of(channel.cause()));
    }

    /** What the operator's answer does to the try and the payment. */
    private CodeOutcome settle(
            Payment payment, int seq, int refusedBefore, CodeResult result, PaymentTransitions.Cause cause) {
        return switch (result) {
            case CodeResult.Paid paid -> accepted(payment, seq, paid.transactionId(), cause);
            case CodeResult.Declined declined -> declined(payment, seq, declined.reason(), cause);
            case CodeResult.Refused refusal -> refused(payment, seq, refusedBefore + 1, refusal.reason(), cause);
            case CodeResult.Unanswered unanswered -> unanswered(payment, seq, unanswered);
            case CodeResult.NotSent notSent -> {
                attempts.withdraw(payment.transactionUuid(), seq);
                yield new CodeOutcome.Unavailable(notSent.reason());
            }
        };
    }

    private CodeOutcome accepted(Payment payment, int seq, String transactionId, PaymentTransitions.Cause cause) {
        return transactions.execute(tx -> {
            attempts.answer(payment.transactionUuid(), seq, CodeAttempts.State.ACCEPTED, null, transactionId, now());
            operations.rememberTransaction(payment, transactionId);
            return paid(payment, transactionId, cause);
        });
    }

    private CodeOutcome declined(Payment payment, int seq, String reason, PaymentTransitions.Cause cause) {
        return transactions.execute(tx -> {
            attempts.answer(payment.transactionUuid(), seq, CodeAttempts.State.DECLINED, reason, null, now());
            return ended(transitions.apply(payment, PaymentStatus.FAILED, cause, reason), payment);
        });
    }

    /** The operator never answered: the payment waits to be settled by asking it. */
    private CodeOutcome unanswered(Payment payment, int seq, CodeResult.Unanswered unanswered) {
        attempts.answer(
                payment.transactionUuid(),
                seq,
                CodeAttempts.State.UNANSWERED,
                unanswered.reason(),
                unanswered.transactionId(),
                now());
        if (unanswered.transactionId() != null) {
            operations.rememberTransaction(payment, unanswered.transactionId());
        }
        return new CodeOutcome.Awaiting(current(payment));
    }

    /**
     * The customer paid: the payment succeeds, late if the expiry job got there first. Money taken for
     * a payment that can no longer succeed is said loudly, with the operator's transaction to refund.
     */
    private CodeOutcome paid(Payment payment, String transactionId, PaymentTransitions.Cause cause) {
        PaymentTransitions.Outcome outcome = transitions.apply(payment, PaymentStatus.SUCCESS, cause, null);
        if (outcome instanceof PaymentTransitions.Outcome.Changed changed) {
            return new CodeOutcome.Finished(changed.payment());
        }
        Payment fresh = current(payment);
        if (fresh.status().canMoveTo(PaymentStatus.SUCCESS)) {
            return ended(transitions.apply(fresh, PaymentStatus.SUCCESS, cause, null), fresh);
        }
        if (fresh.status() != PaymentStatus.SUCCESS) {
            log.warn(
                    "{} was paid with a one-time code (operator transaction {}) but is {}: refund the customer",
                    fresh.reference(),
                    transactionId,
                    fresh.status());
        }
        return ended(outcome, payment);
    }

    /** A refused code; the last one allowed ends the payment FAILED. */
    private CodeOutcome refused(
            Payment payment, int seq, int refusedSoFar, String reason, PaymentTransitions.Cause cause) {
        int left = budgets.triesPerPayment() - refusedSoFar;
        return transactions.execute(tx -> {
            attempts.answer(payment.transactionUuid(), seq, CodeAttempts.State.REFUSED, reason, null, now());
            if (left > 0) {
                return new CodeOutcome.CodeRefused(reason, left);
            }
            String why = FailureReason.CODE_REFUSED_PREFIX + refusedSoFar + " times; last: " + reason;
            return ended(transitions.apply(payment, PaymentStatus.FAILED, cause, why), payment);
        });
    }

    /** The payment after its change, or as someone else changed it first (a notification, a job). */
    private CodeOutcome ended(PaymentTransitions.Outcome outcome, Payment payment) {
        if (outcome instanceof PaymentTransitions.Outcome.Changed changed) {
            return new CodeOutcome.Finished(changed.payment());
        }
        Payment now = current(payment);
        return now.status() == PaymentStatus.PROCESSING ? new CodeOutcome.Awaiting(now) : new CodeOutcome.Finished(now);
    }

    private Payment current(Payment payment) {
        return queries.byReference(payment.reference().value()).orElse(payment);
    }

    private Instant now() {
        return clock.instant();
    }

    private static CodeOutcome invalid(Optional<CustomerPhone> phone, Optional<OneTimeCode> code) {
        Set<String> fields = new LinkedHashSet<>();
        if (phone.isEmpty()) {
            fields.add("customer_phone");
        }
        if (code.isEmpty()) {
            fields.add("otp");
        }
        return new CodeOutcome.Invalid(Set.copyOf(fields));
    }
}
