package sn.xaalis.settlement;

import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;
import sn.xaalis.ledger.SettlementPostings;
import sn.xaalis.payout.Payout;
import sn.xaalis.payout.PayoutMoneyMovements;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;
import tools.jackson.databind.json.JsonMapper;

/**
 * A settlement follows its payout, in the transaction of the payout's status change: paid when it
 * succeeds; failed or reversed, and its amount credited back to available exactly once (the reversal's
 * cause is unique), when it fails or is reversed; each announced by its webhook from the same transaction.
 */
@Component
class SettlementMovements implements PayoutMoneyMovements {

    private final SettlementStore store;
    private final SettlementPostings postings;
    private final NotificationOutbox outbox;
    private final JsonMapper json;
    private final Clock clock;

    SettlementMovements(
            SettlementStore store,
            SettlementPostings postings,
            NotificationOutbox outbox,
            JsonMapper json,
            Clock clock) {
        this.store = store;
        this.postings = postings;
        this.outbox = outbox;
        this.json = json;
        this.clock = clock;
    }

    @Override
    public void moved(Payout from, Payout to) {
        if (!to.fromInstallation() || from.status() == to.status()) {
            return;
        }
        SettlementStatus status =
                switch (to.status()) {
                    case SUCCESS -> SettlementStatus.PAID;
                    case FAILED -> SettlementStatus.FAILED;
                    case REVERSED -> SettlementStatus.REVERSED;
                    // Processing, or left for review: the settlement waits with its payout.
                    case PROCESSING, NEEDS_REVIEW -> null;
                };
        if (status == null) {
            return;
        }
        store.lockByPayout(to.id()).ifPresent(settlement -> move(settlement, status, to));
    }

    private void move(Settlement settlement, SettlementStatus status, Payout payout) {
        if (settlement.status() == status || settlement.status().returned()) {
            return; // recorded already; money that came back never goes out again with this settlement
        }
        Instant now = Timestamps.truncate(clock.instant());
        Settlement moved = settlement.moved(
                status,
                status.returned() ? payout.failureCode() : null,
                status.returned() ? payout.failureReason() : null,
                now);
        if (!store.move(settlement, moved)) {
            return;
        }
        if (status.returned()) {
            postings.reverse(SettlementCreation.posting(settlement));
        }
        String event = status.event();
        if (event != null) {
            outbox.enqueue(new NewNotification(
                    moved.applicationId(),
                    moved.environment(),
                    moved.reference() + ":" + status.name(),
                    event,
                    json.writeValueAsString(SettlementJson.of(moved))));
        }
    }
}
