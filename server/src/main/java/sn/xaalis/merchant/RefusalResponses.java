package sn.xaalis.merchant;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Refusal;

/**
 * The web edge for {@link MerchantRefusal}s no page answered itself: the status each stands for, which
 * the platform answers with the SPEC §7 body (or a page for a person).
 */
@Component
class RefusalResponses implements Refusal.Statuses {

    @Override
    public @Nullable HttpStatus status(Refusal refusal) {
        return refusal instanceof MerchantRefusal merchant ? status(merchant) : null;
    }

    static HttpStatus status(MerchantRefusal refusal) {
        return switch (refusal) {
            case MerchantRefusal.FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
            case MerchantRefusal.NoSuchMerchant merchant -> HttpStatus.NOT_FOUND;
            case MerchantRefusal.NoSuchApplication application -> HttpStatus.NOT_FOUND;
            case MerchantRefusal.NoSuchKey key -> HttpStatus.NOT_FOUND;
            case MerchantRefusal.EmailTaken taken -> HttpStatus.CONFLICT;
            case MerchantRefusal.NoSuchMember member -> HttpStatus.NOT_FOUND;
            case MerchantRefusal.HolderStays holder -> HttpStatus.CONFLICT;
            case MerchantRefusal.NotReadyForLive notReady -> HttpStatus.UNPROCESSABLE_CONTENT;
            case MerchantRefusal.LastLiveKey lastKey -> HttpStatus.CONFLICT;
            case MerchantRefusal.Unconfirmed unconfirmed -> HttpStatus.FORBIDDEN;
        };
    }
}
