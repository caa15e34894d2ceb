package sn.xaalis.payout;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;

/**
 * Creating a payout: the checks (key, address, switch, fields, caps), then the payout row with its key
 * and its share of the day's caps in one transaction, committed before any provider hears of it. The
 * key is kept with the payout for good, so a retry finds the payout it made however late it comes.
 */
@Service
public class PayoutCreation {

    private static final int REFERENCE_ATTEMPTS = 3;

    private final PayoutStore store;
    private final PayoutSettings settings;
    private final PayoutProperties properties;
    private final Idempotency idempotency;
    private final ProviderPayouts providers;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    PayoutCreation(
            PayoutStore store,
            PayoutSettings settings,
            PayoutProperties properties,
            Idempotency idempotency,
            ProviderPayouts providers,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.store = store;
        this.settings = settings;
        this.properties = properties;
        this.idempotency = idempotency;
        this.providers = providers;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** A payout just created, or the one an earlier request with the same key created ({@code replayed}). */
    public record Outcome(Payout payout, boolean replayed) {}

    /**
     * @param key the request's {@code Idempotency-Key} (required), already checked for its form
     * @param requestHash the request's fingerprint, compared when the key comes again
     * @param from the address the request came from
     */
    public Outcome create(Caller caller, PayoutRequest request, @Nullable String key, String requestHash, String from) {
        if (key == null) {
            throw new PayoutRefusal.KeyRequired();
        }
        PayoutSettings.Settings own = settings.of(caller.applicationId());
        if (!own.allows(from)) {
            throw new PayoutRefusal.AddressNotAllowed();
        }
        return created(caller, request, key, requestHash, from, "api", own);
    }

    /**
     * As {@link #create}, asked by the merchant signed in to the portal: the list of allowed addresses
     * guards the API's keys, not the portal, where the merchant proved who it is.
     */
    public Outcome createInPortal(
            Caller caller, PayoutRequest request, String key, String requestHash, String from, String who) {
        return created(caller, request, key, requestHash, from, who, settings.of(caller.applicationId()));
    }

    private Outcome created(
            Caller caller,
            PayoutRequest request,
            String key,
            String requestHash,
            String from,
            String who,
            PayoutSettings.Settings own) {
        // A retry gets the payout its key made, whatever changed since (even payouts turned off).
        Optional<Outcome> earlier = earlier(caller, key, requestHash);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        if (!own.enabled()) {
            throw new PayoutRefusal.TurnedOff();
        }
        PayoutOrder order = PayoutOrder.check(request, properties.maxAmount());
        ConnectionId connection = source(caller, order.provider());
        Idempotency.Scope scope = new Idempotency.Scope(caller.applicationId(), caller.environment(), key);
        idempotency.begin(scope);
        try {
            return store(caller, order, own, key, requestHash, from, who, connection);
        } finally {
            idempotency.end(scope);
        }
    }

    /**
     * The account a payout of {@code provider} goes out of: null in the sandbox, the application's own
     * connection in live; refused when the provider is not active or live payouts cannot go out.
     */
    @Nullable
    ConnectionId source(Caller caller, Provider provider) {
        if (!caller.providers().contains(provider)) {
            throw new PayoutRefusal.ProviderNotActivated();
        }
        if (caller.environment() != Environment.LIVE) {
            return null;
        }
        if (!caller.liveApproved()) {
            throw new PayoutRefusal.LiveSuspended();
        }
        return switch (providers.sourceFor(caller.applicationId(), provider)) {
            case ProviderPayouts.Source.Ready ready -> ready.connectionId();
            case ProviderPayouts.Source.Unavailable unavailable ->
                throw new PayoutRefusal.LiveUnavailable(unavailable.reason());
        };
    }

    private Outcome store(
            Caller caller,
            PayoutOrder order,
            PayoutSettings.Settings own,
            String key,
            String hash,
            String from,
            String who,
            @Nullable ConnectionId connection) {
        for (int attempt = 1; ; attempt++) {
            Instant now = Timestamps.truncate(clock.instant());
            Payout payout = Payout.queued(RandomTokens.uuidV7(clock), caller, order, from, who, connection, now);
            Boolean stored = transactions.execute(tx -> {
                if (!store.reserve(
                        caller.applicationId(),
                        caller.environment(),
                        PayoutStore.day(now),
                        order.amount(),
                        own.dailyAmountCap(),
                        own.dailyCountCap())) {
                    tx.setRollbackOnly();
                    throw new PayoutRefusal.CapReached(
                            store.countCapFull(
                                            caller.applicationId(),
                                            caller.environment(),
                                            PayoutStore.day(now),
                                            own.dailyCountCap())
                                    ? "count"
                                    : "amount");
                }
                if (!store.insert(payout, key, hash)) {
                    tx.setRollbackOnly();
                    return false;
                }
                // From the portal only: the API's payouts are a machine's, kept with their key.
                audit.record(
                        "payout.requested",
                        caller.merchantId().value(),
                        payout.reference().toString(),
                        null,
                        Map.of(
                                "amount", payout.amount().toPlainString(),
                                "provider", payout.provider().name(),
                                "recipient_phone", payout.recipientPhone(),
                                "environment", payout.environment().value()));
                return true;
            });
            if (Boolean.TRUE.equals(stored)) {
                return new Outcome(payout, false);
            }
            // The key was taken meanwhile (another node), or, rarely, the reference: answer as before.
            Optional<Outcome> earlier = earlier(caller, key, hash);
            if (earlier.isPresent()) {
                return earlier.get();
            }
            if (attempt == REFERENCE_ATTEMPTS) {
                throw new IllegalStateException("Could not allocate a unique payout reference");
            }
        }
    }

    private Optional<Outcome> earlier(Caller caller, String key, String requestHash) {
        return store.byKey(caller.applicationId(), caller.environment(), key).map(keyed -> {
            if (!keyed.requestHash().equals(requestHash)) {
                throw new IdempotencyRefusal.KeyReused();
            }
            return new Outcome(keyed.payout(), true);
        });
    }
}
