package sn.xaalis.payout;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.Provider;

/**
 * Sandbox payouts: nothing leaves Xaalis; the recipient's number says what happens (the magic numbers of
 * the API reference). Any other number succeeds.
 */
final class SandboxPayoutRail implements PayoutRail {

    static final String FAILS = "+221700000011";
    static final String REVERSED_LATER = "+221700000012";
    static final String NO_ANSWER = "+221700000013";

    /** The numbers whose payouts stay watched after their success (for a reversal). */
    static final Map<String, PayoutStatus> LATER = Map.of(REVERSED_LATER, PayoutStatus.REVERSED);

    @Override
    public PayoutAnswer send(Payout payout) {
        return switch (payout.recipientPhone()) {
            case FAILS ->
                new PayoutAnswer.Settled(
                        PayoutAnswer.Outcome.FAILED,
                        null,
                        providerReference(payout),
                        "recipient-limit-exceeded",
                        "The recipient has reached their monthly limit. (sandbox magic number)");
            case NO_ANSWER -> new PayoutAnswer.Unknown("no answer (sandbox magic number)");
            default -> success(payout);
        };
    }

    @Override
    public PayoutAnswer find(Payout payout) {
        if (payout.recipientPhone().equals(NO_ANSWER)) {
            return new PayoutAnswer.Absent();
        }
        if (payout.status() == PayoutStatus.SUCCESS && LATER.containsKey(payout.recipientPhone())) {
            return new PayoutAnswer.Settled(PayoutAnswer.Outcome.REVERSED, null, providerReference(payout), null, null);
        }
        return send(payout);
    }

    @Override
    public boolean resendsSafely(Payout payout) {
        return false;
    }

    /** The magic number whose success is reversed later. */
    @Override
    public boolean reversible(Payout payout) {
        return LATER.containsKey(payout.recipientPhone());
    }

    private static PayoutAnswer success(Payout payout) {
        return new PayoutAnswer.Settled(
                PayoutAnswer.Outcome.SUCCEEDED, fee(payout), providerReference(payout), null, null);
    }

    /** The wallet charges 1 % on top (its published example: 500 → 5); the operator publishes no fee. */
    static @Nullable BigDecimal fee(Payout payout) {
        return payout.provider() == Provider.WALLET_SN
                ? payout.amount()
                        .movePointLeft(2)
                        .setScale(0, RoundingMode.HALF_UP)
                        .setScale(2)
                : null;
    }

    private static String providerReference(Payout payout) {
        return "sandbox-" + payout.reference().value();
    }
}
