package sn.xaalis.payment;

import java.util.Optional;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.Caller;

/** Reading payments on behalf of an authenticated caller; other tenants' payments do not exist for it. */
@Service
public class PaymentQueries {

    private final Payments payments;

    PaymentQueries(Payments payments) {
        this.payments = payments;
    }

    public Optional<Payment> find(Caller caller, String reference) {
        if (!Reference.isWellFormed(reference)) {
            return Optional.empty();
        }
        return payments.find(caller.applicationId(), caller.environment(), new Reference(reference));
    }
}
