package sn.xaalis.payout;

import java.time.Clock;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;
import tools.jackson.databind.json.JsonMapper;

/**
 * A payout's status changes: a conditional update and its webhook in one transaction (a change is never
 * lost nor announced without having happened); a failed payout gives its share of the day's caps back,
 * and the money the change moves is recorded in the same transaction ({@link PayoutMoneyMovements}).
 */
@Component
class PayoutTransitions {

    private final PayoutStore store;
    private final NotificationOutbox outbox;
    private final TransactionTemplate transactions;
    private final JsonMapper json;
    private final Clock clock;
    private final ObjectProvider<PayoutMoneyMovements> money;

    PayoutTransitions(
            PayoutStore store,
            NotificationOutbox outbox,
            TransactionTemplate transactions,
            JsonMapper json,
            Clock clock,
            ObjectProvider<PayoutMoneyMovements> money) {
        this.money = money;
        this.store = store;
        this.outbox = outbox;
        this.transactions = transactions;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Moves {@code from} (as read, in its stage) to what the provider said; false when another node moved
     * it first, and then nothing is written.
     *
     * @param watchUntil when a settled payout is to be asked about again (a reversal may follow), or null
     */
    boolean settle(Payout from, PayoutAnswer.Settled answer, @Nullable Instant watchUntil) {
        Instant now = Timestamps.truncate(clock.instant());
        PayoutStage stage = watchUntil != null ? PayoutStage.WATCH : PayoutStage.DONE;
        Payout to = from.moved(
                PayoutStatus.of(answer.outcome()),
                stage,
                answer.fee(),
                answer.failureCode(),
                answer.failureReason(),
                answer.providerReference(),
                now);
        return move(from, to, watchUntil != null ? watchUntil : now);
    }

    /** Nothing more can be learnt from the provider: the merchant says what happened, nothing is resent. */
    boolean needsReview(Payout from, String why) {
        Instant now = Timestamps.truncate(clock.instant());
        Payout to = from.moved(PayoutStatus.NEEDS_REVIEW, PayoutStage.DONE, null, null, why, null, now);
        return move(from, to, now);
    }

    /**
     * The merchant says what became of a payout left for review: {@code SUCCESS} (the money arrived) or
     * {@code FAILED} (it did not; the caps get its share back), announced like the provider's answers.
     */
    boolean resolve(Payout from, PayoutStatus to, String why) {
        if (from.status() != PayoutStatus.NEEDS_REVIEW || (to != PayoutStatus.SUCCESS && to != PayoutStatus.FAILED)) {
            return false;
        }
        Instant now = Timestamps.truncate(clock.instant());
        String code = to == PayoutStatus.FAILED ? "merchant-review" : null;
        return move(
                from,
                from.moved(to, PayoutStage.DONE, null, code, to == PayoutStatus.FAILED ? why : null, null, now),
                now);
    }

    private boolean move(Payout from, Payout to, Instant next) {
        Boolean moved = transactions.execute(tx -> {
            if (!store.move(from, to, next)) {
                return false;
            }
            String event = to.status().event();
            if (event != null && to.status() != from.status()) {
                outbox.enqueue(new NewNotification(
                        to.applicationId(),
                        to.environment(),
                        to.reference().value() + ":" + to.status().name(),
                        event,
                        json.writeValueAsString(PayoutJson.of(to))));
            }
            if (to.status() == PayoutStatus.FAILED && from.status() != PayoutStatus.FAILED) {
                store.release(from);
            }
            // The money it moves (a settlement's credit back) commits with the status, or neither does.
            money.orderedStream().forEach(m -> m.moved(from, to));
            return true;
        });
        return Boolean.TRUE.equals(moved);
    }
}
