package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.RedirectUrls;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.qr.QrCodePng;

/**
 * Initiating a payment (SPEC §4.1): validate, open a provider session outside any transaction, then
 * store the payment, its first history row and the idempotent response in one transaction.
 */
@Service
public class PaymentInitiation {

    private static final Pattern PHONE = Pattern.compile("\\+[0-9]{6,19}");
    private static final int MAX_DESCRIPTION = 500;
    private static final int MAX_CUSTOMER_NAME = 100;
    private static final int REFERENCE_ATTEMPTS = 3;

    private final Payments payments;
    private final PaymentProviders providers;
    private final PaymentProperties properties;
    private final Idempotency idempotency;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final ApplicationDirectory directory;
    private final PublicBaseUrl publicBaseUrl;
    private final Database database;
    private final PlatformProperties platform;
    private final PaymentMetrics metrics;
    private final ReferenceDraws draws;

    PaymentInitiation(
            Payments payments,
            PaymentProviders providers,
            PaymentProperties properties,
            Idempotency idempotency,
            TransactionTemplate transactions,
            Clock clock,
            ApplicationDirectory directory,
            PublicBaseUrl publicBaseUrl,
            Database database,
            PlatformProperties platform,
            PaymentMetrics metrics,
            ReferenceDraws draws) {
        this.metrics = metrics;
        this.draws = draws;
        this.directory = directory;
        this.publicBaseUrl = publicBaseUrl;
        this.database = database;
        this.platform = platform;
        this.payments = payments;
        this.providers = providers;
        this.properties = properties;
        this.idempotency = idempotency;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** The HTTP answer to an initiation; {@code replayed} when it comes from an earlier request (D14). */
    public record Outcome(int status, String body, boolean replayed) {}

    /**
     * @param idempotencyKey validated header value, or null
     * @param requestHash fingerprint of method, path and body, compared on replay
     * @param render turns the stored payment into the response body
     */
    public Outcome initiate(
            Caller caller,
            InitiationRequest request,
            String idempotencyKey,
            String requestHash,
            Function<Initiated, String> render) {
        return initiate(caller, request, idempotencyKey, requestHash, null, render);
    }

    /**
     * The same, for a payment whose {@code transaction_uuid} the caller chose beforehand: a single-use
     * payment link claims it in its own row first, so that the claim and the payment can be matched
     * even when this node stops in between (D22).
     *
     * @param transactionUuid a fresh UUIDv7 ({@link RandomTokens#uuidV7}), or null to draw one here
     */
    public Outcome initiate(
            Caller caller,
            InitiationRequest request,
            String idempotencyKey,
            String requestHash,
            UUID transactionUuid,
            Function<Initiated, String> render) {
        Provider provider = Provider.fromName(request.provider()).orElse(null);
        try {
            Outcome outcome = initiateUncounted(caller, request, idempotencyKey, requestHash, transactionUuid, render);
            metrics.initiation(
                    provider,
                    caller.environment(),
                    outcome.replayed()
                            ? PaymentMetrics.InitiationOutcome.REPLAYED
                            : PaymentMetrics.InitiationOutcome.CREATED);
            return outcome;
        } catch (ApiException e) {
            metrics.initiation(
                    provider,
                    caller.environment(),
                    e.status() == HttpStatus.SERVICE_UNAVAILABLE
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
            String idempotencyKey,
            String requestHash,
            UUID transactionUuid,
            Function<Initiated, String> render) {
        if (idempotencyKey == null) {
            return create(caller, validate(caller, request), transactionUuid, null, null, render);
        }
        var scope = new Idempotency.Scope(caller.applicationId(), caller.environment(), idempotencyKey);
        // A live session is a call to the operator, not to be made twice: look for an earlier answer
        // first. A sandbox session is made here and costs nothing, so a sandbox request stores first
        // and reads the key only when it turns out to be taken: one round trip fewer on the hot path.
        boolean lookFirst = caller.environment() == Environment.LIVE;
        if (lookFirst) {
            Optional<Outcome> earlier = earlier(scope, requestHash);
            if (earlier.isPresent()) {
                return earlier.get();
            }
        }
        idempotency.begin(scope);
        try {
            return create(caller, validate(caller, request), transactionUuid, scope, requestHash, render);
        } catch (ConcurrentDuplicate e) {
            // The key is taken (another node committed it first, or an earlier request): answer as before.
            return earlier(scope, requestHash).orElseThrow();
        } catch (ApiException e) {
            // An earlier answer under this key wins over what this attempt found (D14).
            if (!lookFirst) {
                Optional<Outcome> earlier = earlier(scope, requestHash);
                if (earlier.isPresent()) {
                    return earlier.get();
                }
            }
            throw e;
        } finally {
            idempotency.end(scope);
        }
    }

    private Optional<Outcome> earlier(Idempotency.Scope scope, String requestHash) {
        Idempotency.Prior prior = idempotency.prior(scope, requestHash);
        if (prior instanceof Idempotency.Prior.Replay replay) {
            return Optional.of(
                    new Outcome(replay.response().status(), replay.response().body(), true));
        }
        if (prior instanceof Idempotency.Prior.Mismatch) {
            throw new ApiException(
                    HttpStatus.UNPROCESSABLE_CONTENT, "This Idempotency-Key was already used with a different request");
        }
        return Optional.empty();
    }

    private Outcome create(
            Caller caller,
            Valid valid,
            UUID transactionUuid,
            Idempotency.Scope scope,
            String requestHash,
            Function<Initiated, String> render) {
        UUID id = transactionUuid != null ? transactionUuid : RandomTokens.uuidV7(clock);
        for (int attempt = 1; ; attempt++) {
            Initiated initiated = openSession(caller, valid, id, freeReference(caller, id));
            String body = render.apply(initiated);
            // null: the reference was taken meanwhile, try again with a new one.
            Outcome outcome = store(initiated.payment(), initiated.providerQrCode(), body, scope, requestHash);
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
    private Reference freeReference(Caller caller, UUID id) {
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
     * Stores a payment whose session is open, with its first history row, its rollups and the
     * idempotent answer when {@code scope} is given; null when its reference was taken.
     */
    Outcome store(Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        return database.embedded()
                ? storeInTransaction(payment, providerQr, body, scope, requestHash)
                : storeAtOnce(payment, providerQr, body, scope, requestHash);
    }

    private Outcome storeInTransaction(
            Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        return transactions.execute(tx -> {
            if (!payments.insert(payment, firstCheck(payment), providerQr)) {
                tx.setRollbackOnly();
                return referenceTaken(payment);
            }
            payments.recordTransition(
                    payment.transactionUuid(), null, PaymentStatus.PROCESSING, "api", null, payment.createdAt());
            if (scope != null && !idempotency.record(scope, requestHash, new Idempotency.StoredResponse(201, body))) {
                tx.setRollbackOnly();
                throw new ConcurrentDuplicate();
            }
            return new Outcome(201, body, false);
        });
    }

    /**
     * The same rows in one PostgreSQL statement that commits on its own: one round trip instead of
     * three. A key already taken (by another node's request, or by an expired record that {@link
     * Idempotency#record} replaces) stores nothing and takes the path above, which tells the two apart.
     */
    private Outcome storeAtOnce(
            Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        boolean stored;
        try {
            stored = scope == null
                    ? payments.insertAtOnce(payment, firstCheck(payment), providerQr, null)
                    : payments.insertAtOnce(
                            payment,
                            firstCheck(payment),
                            providerQr,
                            idempotency.insertStep(scope, requestHash, new Idempotency.StoredResponse(201, body)));
        } catch (DuplicateKeyException conflict) {
            return referenceTaken(payment);
        }
        return stored
                ? new Outcome(201, body, false)
                : storeInTransaction(payment, providerQr, body, scope, requestHash);
    }

    /**
     * After a conflict on storing: null when another payment holds the reference (draw another); any
     * other conflict (the payment's own id, already stored) is a bug, never a reason to open sessions.
     */
    private Outcome referenceTaken(Payment payment) {
        if (payments.referenceHeldByAnother(payment.reference(), payment.transactionUuid())) {
            return null;
        }
        throw new IllegalStateException(
                "Payment " + payment.transactionUuid() + " could not be stored: its id is taken");
    }

    private Instant firstCheck(Payment payment) {
        return payment.environment() == Environment.LIVE ? payment.createdAt().plus(properties.reconcileAfter()) : null;
    }

    /**
     * A payment just created, with its QR code.
     *
     * @param qrCode base64 PNG without a {@code data:} prefix, as the answer carries it
     * @param providerQrCode the same when the provider drew it (stored for the hosted page, whose own
     *     drawing from the first deep link would not be what the provider's app scans); else null, and
     *     {@code qrCode}, drawn here from the first deep link, is not stored
     */
    public record Initiated(Payment payment, String qrCode, String providerQrCode) {}

    private Initiated openSession(Caller caller, Valid valid, UUID id, Reference reference) {
        Instant now = Timestamps.truncate(clock.instant());
        Instant deadline = now.plus(properties.validity());
        ProviderResult result = providers.createSession(sessionRequest(caller, valid, reference, deadline));
        if (result instanceof ProviderResult.Refused refused) {
            throw ApiException.invalid(Map.of("provider", List.of("refused by the provider: " + refused.reason())));
        }
        if (result instanceof ProviderResult.Unavailable unavailable) {
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, unavailable.reason());
        }
        ProviderResult.Created created = (ProviderResult.Created) result;
        Instant expiresAt = created.expiresAt() != null && created.expiresAt().isBefore(deadline)
                ? Timestamps.truncate(created.expiresAt())
                : deadline;
        String providerQrCode = created.qrCodePng();
        String qrCode = providerQrCode != null
                ? providerQrCode
                : QrCodePng.base64(created.deepLinks().firstEntry().getValue());
        return new Initiated(
                new Payment(
                        id,
                        reference,
                        caller.applicationId(),
                        caller.environment(),
                        valid.provider(),
                        valid.amount(),
                        valid.currency(),
                        PaymentStatus.PROCESSING,
                        valid.description(),
                        valid.customerPhone(),
                        valid.customerName(),
                        valid.metadataJson(),
                        valid.successUrl(),
                        valid.errorUrl(),
                        created.providerReference(),
                        created.deepLinks(),
                        expiresAt,
                        now,
                        null,
                        null,
                        null,
                        null,
                        created.connectionId()),
                qrCode,
                providerQrCode);
    }

    /**
     * Live providers need somewhere to send the customer back to: the payment's own URLs, else the
     * application's callbacks, else our neutral return page.
     */
    private SessionRequest sessionRequest(Caller caller, Valid valid, Reference reference, Instant deadline) {
        String merchantName = null;
        String success = valid.successUrl();
        String error = valid.errorUrl();
        if (caller.environment() == Environment.LIVE) {
            var storefront = directory.storefront(caller.applicationId());
            merchantName = storefront
                    .map(ApplicationDirectory.Storefront::merchantName)
                    .orElse(null);
            String fallback = publicBaseUrl.value() + "/return/" + reference.value();
            if (success == null) {
                success = storefront
                        .map(ApplicationDirectory.Storefront::callbackUrlSuccess)
                        .orElse(fallback);
            }
            if (error == null) {
                error = storefront
                        .map(ApplicationDirectory.Storefront::callbackUrlFailure)
                        .orElse(fallback);
            }
        }
        return new SessionRequest(
                caller.applicationId(),
                reference.value(),
                valid.provider(),
                caller.environment(),
                valid.amount(),
                valid.currency(),
                valid.customerPhone(),
                merchantName,
                success,
                error,
                deadline);
    }

    /** A request that passed every rule, with defaults applied. */
    private record Valid(
            Provider provider,
            BigDecimal amount,
            String currency,
            String description,
            String customerPhone,
            String customerName,
            String metadataJson,
            String successUrl,
            String errorUrl) {}

    private Valid validate(Caller caller, InitiationRequest request) {
        if (caller.environment() == Environment.LIVE && !caller.liveApproved()) {
            throw new ApiException(
                    HttpStatus.FORBIDDEN,
                    "Live payments are suspended: the operator has withdrawn this merchant's approval");
        }
        if (caller.environment() == Environment.LIVE
                && database.embedded()
                && !platform.live().allowEmbeddedDatabase()) {
            // D16: an application may have gone live before the operator moved back to the embedded database.
            throw new ApiException(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    "Live payments are disabled: this server runs on the embedded database");
        }
        Map<String, List<String>> errors = new LinkedHashMap<>(request.shapeErrors());
        Provider provider = null;
        if (!errors.containsKey("provider")) {
            if (request.provider() == null) {
                errors.put("provider", List.of("is required"));
            } else {
                provider = Provider.fromName(request.provider()).orElse(null);
                if (provider == null) {
                    errors.put("provider", List.of("must be one of WALLET_SN, MOBILEMONEY_SN"));
                } else if (!caller.providers().contains(provider)) {
                    errors.put(
                            "provider",
                            List.of(provider + " is not activated for this application in " + caller.environment()));
                } else if (caller.environment() == Environment.LIVE) {
                    var availability = providers.availability(caller.applicationId(), provider);
                    if (availability != PaymentProviders.LiveAvailability.AVAILABLE) {
                        errors.put("provider", List.of(availability.explain(provider)));
                    }
                }
            }
        }
        BigDecimal amount = null;
        if (!errors.containsKey("amount")) {
            if (request.amountText() == null) {
                errors.put("amount", List.of("is required"));
            } else {
                boolean wholeOnly = provider != null && provider.wholeAmountsOnly();
                Amounts.Parsed parsed = Amounts.parse(
                        request.amountText(), request.amountQuoted(), properties.maxAmount(provider), wholeOnly);
                if (parsed instanceof Amounts.Parsed.Valid valid) {
                    amount = valid.value();
                } else {
                    errors.put("amount", List.of(((Amounts.Parsed.Invalid) parsed).reason()));
                }
            }
        }
        String currency = request.currency() == null ? "XOF" : request.currency();
        if (!errors.containsKey("currency") && !properties.currencies().contains(currency)) {
            errors.put("currency", List.of("must be one of " + String.join(", ", properties.currencies())));
        }
        String description = request.description();
        if (description != null && codePoints(description) > MAX_DESCRIPTION) {
            errors.put("description", List.of("must be at most " + MAX_DESCRIPTION + " characters"));
        }
        String phone = request.customerPhone();
        if (phone != null && !PHONE.matcher(phone).matches()) {
            errors.put("customer_phone", List.of("must be in international format: + then 6 to 19 digits"));
        }
        String name = request.customerName();
        if (name != null && codePoints(name) > MAX_CUSTOMER_NAME) {
            errors.put("customer_name", List.of("must be at most " + MAX_CUSTOMER_NAME + " characters"));
        }
        checkUrl("success_url", request.successUrl(), errors);
        checkUrl("error_url", request.errorUrl(), errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        String metadata = request.metadataJson() == null ? "{}" : request.metadataJson();
        return new Valid(
                provider,
                amount,
                currency,
                description,
                phone,
                name,
                metadata,
                request.successUrl(),
                request.errorUrl());
    }

    private static void checkUrl(String field, String url, Map<String, List<String>> errors) {
        if (url != null && !errors.containsKey(field)) {
            RedirectUrls.problem(url).ifPresent(problem -> errors.put(field, List.of(problem)));
        }
    }

    private static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    /** Raised inside the transaction to roll it back when another request stored the same key first. */
    private static final class ConcurrentDuplicate extends RuntimeException {
        ConcurrentDuplicate() {
            super(null, null, false, false);
        }
    }
}
