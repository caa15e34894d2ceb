package sn.xaalis.payout;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * Payouts the installation makes out of its own provider account to a merchant's own number (its
 * settlements), queued in the caller's transaction, beside the record of the money they move, then sent
 * by the same sender as every payout: committed before any provider is called, never sent twice, within
 * the application's daily caps, left for review when the provider cannot tell what became of them.
 */
@Service
public class InstallationPayouts {

    private final PayoutStore store;
    private final PayoutSettings settings;

    InstallationPayouts(PayoutStore store, PayoutSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** What a settlement asks to be paid: {@code key} is unique per application and environment. */
    public record Order(
            UUID id,
            ApplicationId applicationId,
            Environment environment,
            Provider provider,
            BigDecimal amount,
            String recipientPhone,
            String reason,
            String key,
            String requestHash,
            String from,
            Instant now) {}

    /**
     * Queues the payout in the caller's transaction (required).
     *
     * @throws PayoutRefusal.CapReached when the day's caps would be passed (the caller rolls back)
     * @throws IllegalStateException when its key or reference was taken (the caller rolls back)
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Payout queue(Order order) {
        PayoutSettings.Settings own = settings.of(order.applicationId());
        if (!store.reserve(
                order.applicationId(),
                order.environment(),
                PayoutStore.day(order.now()),
                order.amount(),
                own.dailyAmountCap(),
                own.dailyCountCap())) {
            throw new PayoutRefusal.CapReached(
                    store.countCapFull(
                                    order.applicationId(),
                                    order.environment(),
                                    PayoutStore.day(order.now()),
                                    own.dailyCountCap())
                            ? "count"
                            : "amount");
        }
        Payout payout = new Payout(
                order.id(),
                PayoutReference.random(),
                order.applicationId(),
                order.environment(),
                order.provider(),
                order.amount(),
                null,
                "XOF",
                order.recipientPhone(),
                null,
                order.reason(),
                "{}",
                PayoutStatus.PROCESSING,
                PayoutStage.QUEUED,
                null,
                null,
                null,
                order.from(),
                Payout.SETTLEMENT,
                null,
                0,
                order.now(),
                order.now(),
                null);
        if (!store.insert(payout, order.key(), order.requestHash())) {
            throw new IllegalStateException("A settlement's payout key or reference was taken: " + order.key());
        }
        return payout;
    }
}
