package sn.xaalis.settlement;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Refusal;

/** The web edge for {@link SettlementRefusal}s. */
@Component
class SettlementStatuses implements Refusal.Statuses {

    @Override
    public @Nullable HttpStatus status(Refusal refusal) {
        if (!(refusal instanceof SettlementRefusal settlement)) {
            return null;
        }
        return switch (settlement) {
            case SettlementRefusal.FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
            case SettlementRefusal.KeyRequired required -> HttpStatus.BAD_REQUEST;
            case SettlementRefusal.NoDestination none -> HttpStatus.CONFLICT;
            case SettlementRefusal.DestinationHeld held -> HttpStatus.CONFLICT;
            case SettlementRefusal.InsufficientBalance insufficient -> HttpStatus.CONFLICT;
            case SettlementRefusal.NoSuchSettlement none -> HttpStatus.NOT_FOUND;
        };
    }
}
