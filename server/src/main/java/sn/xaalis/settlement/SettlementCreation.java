package sn.xaalis.settlement;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.ledger.SettlementPostings;
import sn.xaalis.payout.InstallationPayouts;
import sn.xaalis.payout.Payout;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * Creating a settlement: its payout queued (within the day's caps), its row stored under its key and the
 * merchant's available money debited, in one transaction committed before any provider hears of it. The
 * debit is a conditional update: two nodes withdrawing at once never take available below zero. The key
 * is kept with the settlement for good, so a retry finds the settlement it made however late it comes.
 */
@Service
public class SettlementCreation {

    /** The currency settlements are paid in (the payouts' one). */
    static final String CURRENCY = "XOF";

    private final SettlementStore store;
    private final SettlementPostings postings;
    private final InstallationPayouts payouts;
    private final Idempotency idempotency;
    private final TransactionTemplate transactions;
    private final Clock clock;

    SettlementCreation(
            SettlementStore store,
            SettlementPostings postings,
            InstallationPayouts payouts,
            Idempotency idempotency,
            TransactionTemplate transactions,
            Clock clock) {
        this.store = store;
        this.postings = postings;
        this.payouts = payouts;
        this.idempotency = idempotency;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * What is asked.
     *
     * @param amount whole francs, or null for all that is available
     * @param key unique per application and environment: the API's Idempotency-Key, the portal's form key
     * @param origin {@code api}, {@code portal} or {@code automatic}
     * @param from the address the request came from
     */
    public record Request(
            ApplicationId applicationId,
            Environment environment,
            @Nullable BigDecimal amount,
            String key,
            String requestHash,
            String origin,
            String from) {}

    /** A settlement just created, or the one an earlier request with the same key created ({@code replayed}). */
    public record Outcome(Settlement settlement, boolean replayed) {}

    public Outcome settle(Request request) {
        Optional<Outcome> earlier = earlier(request);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        Idempotency.Scope scope = new Idempotency.Scope(request.applicationId(), request.environment(), request.key());
        idempotency.begin(scope);
        try {
            return created(request);
        } catch (RuntimeException e) {
            // Another node stored this key first (and took the money): its settlement is the answer.
            return earlier(request).orElseThrow(() -> e);
        } finally {
            idempotency.end(scope);
        }
    }

    private Outcome created(Request request) {
        Destination destination = store.destination(request.applicationId(), request.environment())
                .orElseThrow(SettlementRefusal.NoDestination::new);
        Instant now = Timestamps.truncate(clock.instant());
        if (!destination.usable(now)) {
            throw new SettlementRefusal.DestinationHeld(destination.usableFrom());
        }
        return java.util.Objects.requireNonNull(transactions.execute(tx -> {
            BigDecimal amount = request.amount() != null
                    ? request.amount()
                    : postings.available(request.applicationId(), request.environment(), CURRENCY);
            if (amount.signum() <= 0) {
                throw new SettlementRefusal.InsufficientBalance();
            }
            UUID id = RandomTokens.uuidV7(clock);
            Payout payout = payouts.queue(new InstallationPayouts.Order(
                    RandomTokens.uuidV7(clock),
                    request.applicationId(),
                    request.environment(),
                    destination.provider(),
                    amount,
                    destination.phone().international(),
                    "Xaalis settlement",
                    "settlement:" + id,
                    request.requestHash(),
                    request.from(),
                    now));
            Settlement settlement = new Settlement(
                    id,
                    "STL-" + RandomTokens.upperAlphanumeric(8),
                    request.applicationId(),
                    request.environment(),
                    amount,
                    CURRENCY,
                    destination.provider(),
                    destination.phone(),
                    SettlementStatus.PROCESSING,
                    payout.id(),
                    payout.reference().value(),
                    request.origin(),
                    null,
                    null,
                    now,
                    now);
            // On PostgreSQL a second writer of the key waits here for the first one's commit.
            if (!store.insert(settlement, request.key(), request.requestHash())) {
                throw new IllegalStateException("The key was used meanwhile");
            }
            if (!postings.debit(posting(settlement))) {
                throw new SettlementRefusal.InsufficientBalance();
            }
            return new Outcome(settlement, false);
        }));
    }

    static SettlementPostings.Settled posting(Settlement s) {
        return new SettlementPostings.Settled(
                s.id(), s.applicationId(), s.environment(), s.provider(), s.currency(), s.amount(), s.id().toString());
    }

    private Optional<Outcome> earlier(Request request) {
        return store.byKey(request.applicationId(), request.environment(), request.key())
                .map(keyed -> {
                    if (!keyed.requestHash().equals(request.requestHash())) {
                        throw new IdempotencyRefusal.KeyReused();
                    }
                    return new Outcome(keyed.settlement(), true);
                });
    }
}
