package sn.xaalis.payout.web;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.platform.Refusal;

/** The web edge for {@link PayoutRefusal}s: the status each stands for, answered with the API's error body. */
@Component
class PayoutStatuses implements Refusal.Statuses {

    @Override
    public @Nullable HttpStatus status(Refusal refusal) {
        if (!(refusal instanceof PayoutRefusal payout)) {
            return null;
        }
        return switch (payout) {
            case PayoutRefusal.FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
            case PayoutRefusal.KeyRequired required -> HttpStatus.BAD_REQUEST;
            case PayoutRefusal.ProviderNotActivated notActivated -> HttpStatus.BAD_REQUEST;
            case PayoutRefusal.TurnedOff off -> HttpStatus.FORBIDDEN;
            case PayoutRefusal.AddressNotAllowed notAllowed -> HttpStatus.FORBIDDEN;
            case PayoutRefusal.LiveSuspended suspended -> HttpStatus.FORBIDDEN;
            case PayoutRefusal.CapReached cap -> HttpStatus.FORBIDDEN;
            case PayoutRefusal.LiveUnavailable unavailable -> HttpStatus.SERVICE_UNAVAILABLE;
            case PayoutRefusal.NoSuchPayout none -> HttpStatus.NOT_FOUND;
        };
    }
}
