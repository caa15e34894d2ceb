package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * An operator's manual adjustment of a merchant's available money, with its reason: one journal
 * transaction of type {@code adjustment} between the merchant's available account and the operator's
 * adjustments account, its row under the request's key and its audit entry, in one database transaction.
 * The key is unique per application, so a replay, a retry or a second node adjusts once; a debit is a
 * conditional update of the balance row, never below zero unless the operator allows negative balances.
 * Entries are never edited: a mistaken adjustment is corrected by another one.
 */
@Service
public class Adjustments {

    /** Adjustments are in the installation's francs, as settlements. */
    public static final String CURRENCY = "XOF";

    public static final int REASON_MIN = 3;
    public static final int REASON_MAX = 500;

    /** No rule of its own past the column's size: a whole balance may be corrected at once. */
    private static final BigDecimal MAXIMUM = new BigDecimal("999999999999");

    private final AdjustmentStore store;
    private final AdjustmentPostings postings;
    private final MerchantApplications applications;
    private final Idempotency idempotency;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;

    Adjustments(
            AdjustmentStore store,
            AdjustmentPostings postings,
            MerchantApplications applications,
            Idempotency idempotency,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.store = store;
        this.postings = postings;
        this.applications = applications;
        this.idempotency = idempotency;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * What the operator asks.
     *
     * @param amount signed whole francs: positive credits the merchant, negative debits it
     * @param key unique per application: the admin API's Idempotency-Key, the console's form key
     * @param requestHash the request's fingerprint, compared when the key comes again
     * @param operator who asks: an operator's e-mail address or an admin token's name
     */
    public record Request(
            ApplicationId applicationId,
            Environment environment,
            BigDecimal amount,
            String reason,
            String key,
            String requestHash,
            String operator) {}

    /** An adjustment just made, or the one an earlier request with the same key made ({@code replayed}). */
    public record Outcome(Adjustment adjustment, boolean replayed) {}

    /**
     * Makes the adjustment once per key.
     *
     * @throws AdjustmentRefusal.FieldsInvalid when the amount or the reason breaks its rule
     * @throws AdjustmentRefusal.InsufficientBalance when a debit would take available below zero
     * @throws IdempotencyRefusal.KeyReused when the key made another adjustment
     */
    public Outcome adjust(Request request) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        amountProblem(request.amount()).ifPresent(p -> errors.put("amount", List.of(p)));
        reasonProblem(request.reason()).ifPresent(p -> errors.put("reason", List.of(reasonRule(p))));
        if (!errors.isEmpty()) {
            throw new AdjustmentRefusal.FieldsInvalid(errors);
        }
        // The merchant's, for its trail; an unknown application is refused here (404 at the edge).
        MerchantId merchant =
                applications.operatorDetails(request.applicationId()).merchantId();
        Optional<Outcome> earlier = earlier(request);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        var scope =
                new Idempotency.Scope(request.applicationId(), request.environment(), "adjustment:" + request.key());
        idempotency.begin(scope);
        try {
            return created(request, merchant);
        } catch (AdjustmentRefusal refusal) {
            throw refusal;
        } catch (RuntimeException e) {
            // Another node stored this key first: its adjustment is the answer.
            return earlier(request).orElseThrow(() -> e);
        } finally {
            idempotency.end(scope);
        }
    }

    private Outcome created(Request request, MerchantId merchant) {
        return Objects.requireNonNull(transactions.execute(tx -> {
            Instant now = Timestamps.truncate(clock.instant());
            UUID id = RandomTokens.uuidV7(clock);
            String reason = request.reason().strip();
            var adjustment = new Adjustment(
                    id,
                    request.applicationId(),
                    request.environment(),
                    CURRENCY,
                    request.amount(),
                    reason,
                    request.operator(),
                    now);
            if (!postings.post(adjustment, request.key(), request.requestHash())) {
                throw new IllegalStateException("The key was used meanwhile");
            }
            audit.record(
                    "ledger.adjusted",
                    merchant.value(),
                    id.toString(),
                    null,
                    Map.of(
                            "application", request.applicationId().toString(),
                            "environment", request.environment().value(),
                            "amount", request.amount().stripTrailingZeros().toPlainString(),
                            "reason", reason));
            return new Outcome(adjustment, false);
        }));
    }

    private Optional<Outcome> earlier(Request request) {
        return store.byKey(request.applicationId(), request.key()).map(keyed -> {
            if (!keyed.requestHash().equals(request.requestHash())) {
                throw new IdempotencyRefusal.KeyReused();
            }
            return new Outcome(keyed.adjustment(), true);
        });
    }

    /** The application's adjustments, newest first, up to {@code limit}. */
    public List<Adjustment> of(ApplicationId applicationId, int limit) {
        return store.of(applicationId, limit);
    }

    /** The API's words for a reason problem ({@link #reasonProblem}). */
    public static String reasonRule(String problem) {
        return switch (problem) {
            case "required" -> "is required";
            case "short" -> "must be at least " + REASON_MIN + " characters once trimmed";
            default -> "must be at most " + REASON_MAX + " characters";
        };
    }

    /** What is wrong with a reason once trimmed: {@code required}, {@code short}, {@code long}; empty if nothing. */
    public static Optional<String> reasonProblem(@Nullable String reason) {
        String text = reason == null ? "" : reason.strip();
        if (text.isEmpty()) {
            return Optional.of("required");
        }
        int length = text.codePointCount(0, text.length());
        if (length < REASON_MIN) {
            return Optional.of("short");
        }
        return length > REASON_MAX ? Optional.of("long") : Optional.empty();
    }

    /** What is wrong with an amount, in the API's words; empty if nothing. */
    public static Optional<String> amountProblem(@Nullable BigDecimal amount) {
        if (amount == null
                || amount.signum() == 0
                || amount.stripTrailingZeros().scale() > 0) {
            return Optional.of("must be a whole number of francs other than 0, negative for a debit");
        }
        return amount.abs().compareTo(MAXIMUM) > 0
                ? Optional.of("must be at most " + MAXIMUM.toPlainString() + " francs either way")
                : Optional.empty();
    }

    /**
     * Signed whole francs as typed: {@code -1500}, {@code +1500}, {@code 1 500}, {@code -1 500 FCFA} when
     * {@code lenient} (a console's field), only {@code -1500} or {@code 1500.00} otherwise (the API's);
     * null when it is not one.
     */
    public static @Nullable BigDecimal francs(String typed, boolean lenient) {
        String value = lenient
                ? typed.strip()
                        .replaceAll("(?i)\\s*(fcfa|xof)$", "")
                        .replaceAll("[\\s\\u00a0\\u202f]", "")
                        .replace('\u2212', '-')
                : typed;
        if (!value.matches("[+-]?[0-9]{1,15}(\\.0{1,2})?")) {
            return null;
        }
        return new BigDecimal(value).setScale(0, java.math.RoundingMode.UNNECESSARY);
    }
}
