package sn.xaalis.codepayment;

import java.util.Optional;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.CancelVeto;
import sn.xaalis.payment.Payment;

/** A payment whose one-time code the operator has not answered may be being paid: it is not cancelled then. */
@Component
class CodesInFlight implements CancelVeto {

    private final CodeAttempts attempts;

    CodesInFlight(CodeAttempts attempts) {
        this.attempts = attempts;
    }

    @Override
    public Optional<String> vetoCancel(Payment payment) {
        return attempts.of(payment.transactionUuid()).stream()
                        .anyMatch(t -> t.state().open())
                ? Optional.of("A one-time code for this payment awaits the operator's answer; the payment cannot be"
                        + " cancelled until it is settled")
                : Optional.empty();
    }
}
