package sn.xaalis.payment.web;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.PaymentRefusal;
import sn.xaalis.platform.Refusal;

/** The web edge for {@link PaymentRefusal}s: the status each stands for, answered with the SPEC §7 body. */
@Component
class RefusalStatuses implements Refusal.Statuses {

    @Override
    public @Nullable HttpStatus status(Refusal refusal) {
        if (!(refusal instanceof PaymentRefusal payment)) {
            return null;
        }
        return switch (payment) {
            case PaymentRefusal.FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
            case PaymentRefusal.ProviderRefused refused -> HttpStatus.BAD_REQUEST;
            case PaymentRefusal.LiveSuspended suspended -> HttpStatus.FORBIDDEN;
            case PaymentRefusal.NotSandbox notSandbox -> HttpStatus.FORBIDDEN;
            case PaymentRefusal.LiveOnEmbeddedDatabase embedded -> HttpStatus.SERVICE_UNAVAILABLE;
            case PaymentRefusal.ProviderUnavailable unavailable -> HttpStatus.SERVICE_UNAVAILABLE;
            case PaymentRefusal.NoSuchPayment none -> HttpStatus.NOT_FOUND;
            case PaymentRefusal.NoSuchSandboxPayment none -> HttpStatus.NOT_FOUND;
            case PaymentRefusal.WrongStatus wrong -> HttpStatus.CONFLICT;
            case PaymentRefusal.CancelVetoed vetoed -> HttpStatus.CONFLICT;
            case PaymentRefusal.InsufficientBalance insufficient -> HttpStatus.CONFLICT;
            case PaymentRefusal.RefundInProgress inProgress -> HttpStatus.CONFLICT;
        };
    }
}
