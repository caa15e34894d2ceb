package sn.xaalis.payment;

import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Refusal;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;

/**
 * Initiating a payment (SPEC §4.1): check the request ({@link InitiationRules}), open a provider
 * session outside any transaction ({@link SessionOpening}), then store the payment, its first history
 * row and the idempotent response together ({@link InitiationStore}).
 */
@Service
public class PaymentInitiation {

    private static final int REFERENCE_ATTEMPTS = 3;

    private final InitiationRules rules;
    private final SessionOpening sessions;
    private final InitiationStore store;
    private final Payments payments;
    private final PaymentProviders providers;
    private final Idempotency idempotency;
    private final Clock clock;
    private final PaymentMetrics metrics;
    private final ReferenceDraws draws;

    PaymentInitiation(
            InitiationRules rules,
            SessionOpening sessions,
            InitiationStore store,
            Payments payments,
            PaymentProviders providers,
            Idempotency idempotency,
            Clock clock,
            PaymentMetrics metrics,
            ReferenceDraws draws) {
        this.rules = rules;
        this.sessions = sessions;
        this.store = store;
        this.payments = payments;
        this.providers = providers;
        this.idempotency = idempotency;
        this.clock = clock;
        this.metrics = metrics;
        this.draws = draws;
    }

    /** The HTTP answer to an initiation; {@code replayed} when it comes from an earlier request (D14). */
    public record Outcome(int status, String body, boolean replayed) {}

    /**
     * @param keyed the request's idempotency key in the caller's scope, with its fingerprint; null without a key
     * @param render turns the stored payment into the response body
     */
    public Outcome initiate(
            Caller caller,
            InitiationRequest request,
            Idempotency.@Nullable Keyed keyed,
            Function<Initiated, String> render) {
        return initiate(caller, request, keyed, null, render);
    }

    /**
     * The same, for a payment whose {@code transaction_uuid} the caller chose beforehand: a single-use
     * payment link claims it in its own row first, so that the claim and the payment can be matched
     * even when this node stops in between (D22).
     *
     * @param transactionUuid a fresh id ({@link PaymentId#newId}), or null to draw one here
     */
    public Outcome initiate(
            Caller caller,
            InitiationRequest request,
            Idempotency.@Nullable Keyed keyed,
            @Nullable PaymentId transactionUuid,
            Function<Initiated, String> render) {
        Provider provider = Provider.fromName(request.provider()).orElse(null);
        try {
            Outcome outcome = initiateUncounted(caller, request, keyed, transactionUuid, render);
            metrics.initiation(
                    provider,
                    caller.environment(),
                    outcome.replayed()
                            ? PaymentMetrics.InitiationOutcome.REPLAYED
                            : PaymentMetrics.InitiationOutcome.CREATED);
            return outcome;
        } catch (Refusal e) {
            boolean unavailable = e instanceof PaymentRefusal.ProviderUnavailable
                    || e instanceof PaymentRefusal.LiveOnEmbeddedDatabase;
            metrics.initiation(
                    provider,
                    caller.environment(),
                    unavailable
                            ? PaymentMetrics.InitiationOutcome.UNAVAILABLE
                            : PaymentMetrics.InitiationOutcome.REJECTED);
            throw e;
        } catch (RuntimeException e) {
            metrics.initiation(provider, caller.environment(), PaymentMetrics.InitiationOutcome.ERROR);
            throw e;
        }
    }

    private Outcome initiateUncounted(
            Caller caller,
            InitiationRequest request,
            Idempotency.@Nullable Keyed keyed,
            @Nullable PaymentId transactionUuid,
            Function<Initiated, String> render) {
        if (keyed == null) {
            return create(caller, rules.check(caller, request), transactionUuid, null, render);
        }
        // A live session is a call to the operator, not to be made twice: look for an earlier answer
        // first. A sandbox session is made here and costs nothing, so a sandbox request stores first
        // and reads the key only when it turns out to be taken: one round trip fewer on the hot path.
        boolean lookFirst = caller.environment() == Environment.LIVE;
        if (lookFirst) {
            Optional<Outcome> earlier = earlier(keyed);
            if (earlier.isPresent()) {
                return earlier.get();
            }
        }
        idempotency.begin(keyed.scope());
        try {
            return create(caller, rules.check(caller, request), transactionUuid, keyed, render);
        } catch (InitiationStore.ConcurrentDuplicate e) {
            // The key is taken (another node committed it first, or an earlier request): answer as before.
            return earlier(keyed).orElseThrow();
        } catch (PaymentRefusal e) {
            // An earlier answer under this key wins over what this attempt found (D14).
            if (!lookFirst) {
                Optional<Outcome> earlier = earlier(keyed);
                if (earlier.isPresent()) {
                    return earlier.get();
                }
            }
            throw e;
        } finally {
            idempotency.end(keyed.scope());
        }
    }

    private Optional<Outcome> earlier(Idempotency.Keyed keyed) {
        return switch (idempotency.prior(keyed)) {
            case Idempotency.Prior.None none -> Optional.empty();
            case Idempotency.Prior.Replay replay ->
                Optional.of(new Outcome(
                        replay.response().status(), replay.response().body(), true));
            case Idempotency.Prior.Mismatch mismatch -> throw new IdempotencyRefusal.KeyReused();
        };
    }

    private Outcome create(
            Caller caller,
            PaymentOrder order,
            @Nullable PaymentId transactionUuid,
            Idempotency.@Nullable Keyed keyed,
            Function<Initiated, String> render) {
        PaymentId id = transactionUuid != null ? transactionUuid : PaymentId.newId(clock);
        for (int attempt = 1; ; attempt++) {
            Initiated initiated = sessions.open(caller, order, id, freeReference(caller, id));
            String body = render.apply(initiated);
            // null: the reference was taken meanwhile, try again with a new one.
            Outcome outcome = store.store(initiated.payment(), initiated.providerQrCode(), body, keyed);
            if (outcome != null) {
                return outcome;
            }
            // No live session stays behind unknown: the one just opened under the lost reference is
            // closed (its links were never given to anyone; the provider forgets it sooner).
            if (caller.environment() == Environment.LIVE) {
                providers.cancel(PaymentOperations.session(initiated.payment()));
            }
            if (attempt == REFERENCE_ATTEMPTS) {
                throw new IllegalStateException("Could not allocate a unique payment reference");
            }
        }
    }

    /**
     * A reference no payment holds yet. A live session is opened under its reference, so a live
     * payment's is checked before the provider is called: a collision then costs a read, not a
     * session. (A sandbox session costs nothing; its store finds a collision just as well.)
     */
    private Reference freeReference(Caller caller, PaymentId id) {
        Reference reference = draws.next();
        for (int attempt = 1;
                caller.environment() == Environment.LIVE
                        && attempt < REFERENCE_ATTEMPTS
                        && payments.referenceHeldByAnother(reference, id);
                attempt++) {
            reference = draws.next();
        }
        return reference;
    }

    /**
     * A payment just created, with its QR code.
     *
     * @param qrCode base64 PNG without a {@code data:} prefix, as the answer carries it
     * @param providerQrCode the same when the provider drew it (stored for the hosted page, whose own
     *     drawing from the first deep link would not be what the provider's app scans); else null, and
     *     {@code qrCode}, drawn here from the first deep link, is not stored
     */
    public record Initiated(Payment payment, String qrCode, @Nullable String providerQrCode) {}
}
