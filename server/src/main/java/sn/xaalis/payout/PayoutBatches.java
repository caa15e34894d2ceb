package sn.xaalis.payout;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * Bulk payouts from a file: read and kept as a draft the merchant previews (nothing sent), then
 * confirmed once, when every good line becomes a queued payout in one transaction with the day's caps
 * taken for the whole file; the senders then drain them at each provider's pace.
 */
@Service
public class PayoutBatches {

    private static final int REFERENCE_ATTEMPTS = 3;

    private final PayoutBatchStore batches;
    private final PayoutStore store;
    private final PayoutSettings settings;
    private final PayoutCreation creation;
    private final PayoutProperties properties;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    PayoutBatches(
            PayoutBatchStore batches,
            PayoutStore store,
            PayoutSettings settings,
            PayoutCreation creation,
            PayoutProperties properties,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.batches = batches;
        this.store = store;
        this.settings = settings;
        this.creation = creation;
        this.properties = properties;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * Reads a file and keeps it as a draft to preview.
     *
     * @throws PayoutFile.Unreadable when it cannot be read as payouts
     * @throws PayoutRefusal when payouts are off or cannot go out with this provider
     */
    public PayoutBatch upload(Caller caller, Provider provider, String fileName, byte[] content) {
        if (!settings.of(caller.applicationId()).enabled()) {
            throw new PayoutRefusal.TurnedOff();
        }
        creation.source(caller, provider);
        PayoutFile file = PayoutFile.read(content, properties.maxAmount(), properties.bulkMaxLines());
        String name = fileName.isBlank() ? "payouts.csv" : fileName.strip();
        PayoutBatch batch = new PayoutBatch(
                RandomTokens.uuidV7(clock),
                provider,
                name.length() > 200 ? name.substring(0, 200) : name,
                PayoutBatch.Status.DRAFT,
                file.lines().size(),
                file.goodLines(),
                file.total(),
                Timestamps.truncate(clock.instant()),
                null);
        transactions.executeWithoutResult(
                tx -> batches.insert(caller.applicationId(), caller.environment(), batch, file.lines()));
        return batch;
    }

    public Optional<PayoutBatch> find(Caller caller, UUID id) {
        return batches.find(caller.applicationId(), caller.environment(), id);
    }

    /** The application's latest files. */
    public List<PayoutBatch> recent(Caller caller, int limit) {
        return batches.recent(caller.applicationId(), caller.environment(), limit);
    }

    /** A file's good or bad lines, the first {@code limit}, for its preview. */
    public List<PayoutFile.Line> lines(PayoutBatch batch, boolean good, int limit) {
        return batches.lines(batch.id(), good, limit);
    }

    /** The fees the provider is expected to charge for a file's good lines, or null when unknown. */
    public @Nullable BigDecimal estimatedFees(PayoutBatch batch) {
        return properties.estimatedFee(batch.provider(), batch.amount());
    }

    /**
     * Confirms a draft: its good lines become queued payouts, all or none, within the day's caps. A file
     * confirmed before (a second click, another tab) is answered as it is, nothing made twice.
     *
     * @throws PayoutRefusal.CapReached when the whole file would pass a daily cap (nothing is sent)
     */
    public PayoutBatch accept(Caller caller, PayoutBatch batch, String from, String who) {
        if (!batch.draft()) {
            return batch;
        }
        PayoutSettings.Settings own = settings.of(caller.applicationId());
        if (!own.enabled()) {
            throw new PayoutRefusal.TurnedOff();
        }
        ConnectionId connection = creation.source(caller, batch.provider());
        Instant now = Timestamps.truncate(clock.instant());
        transactions.executeWithoutResult(tx -> {
            if (!batches.close(batch.id(), PayoutBatch.Status.ACCEPTED, now)) {
                return; // confirmed meanwhile: its payouts exist already
            }
            audit.record(
                    "payout.file.confirmed",
                    caller.merchantId().value(),
                    batch.id().toString(),
                    Map.of("status", "draft"),
                    Map.of(
                            "status", "accepted",
                            "payouts", batch.goodLines(),
                            "amount", batch.amount().toPlainString(),
                            "provider", batch.provider().name()));
            if (batch.goodLines() > 0
                    && !store.reserve(
                            caller.applicationId(),
                            caller.environment(),
                            PayoutStore.day(now),
                            batch.amount(),
                            batch.goodLines(),
                            own.dailyAmountCap(),
                            own.dailyCountCap())) {
                boolean count = store.countCapFull(
                        caller.applicationId(),
                        caller.environment(),
                        PayoutStore.day(now),
                        batch.goodLines(),
                        own.dailyCountCap());
                tx.setRollbackOnly();
                throw new PayoutRefusal.CapReached(count ? "count" : "amount");
            }
            Map<Integer, PayoutFile.Line> lines = new HashMap<>();
            List<PayoutBatchStore.Entry> entries = new ArrayList<>();
            for (PayoutFile.Line line : batches.lines(batch.id(), true, batch.goodLines())) {
                lines.put(line.number(), line);
                entries.add(entry(caller, batch, line, from, who, connection, now));
            }
            for (int attempt = 1; !entries.isEmpty(); attempt++) {
                if (attempt > REFERENCE_ATTEMPTS) {
                    throw new IllegalStateException("Could not allocate unique payout references");
                }
                // A reference taken by chance (one in 36^8 per line): that line gets another one.
                entries = batches.insertPayouts(batch.id(), entries).stream()
                        .map(missed -> entry(
                                caller,
                                batch,
                                Objects.requireNonNull(lines.get(missed.line())),
                                from,
                                who,
                                connection,
                                now))
                        .toList();
            }
        });
        return batches.find(caller.applicationId(), caller.environment(), batch.id())
                .orElseThrow();
    }

    /** Drops a draft nobody will confirm; false when it was confirmed already. */
    public boolean discard(PayoutBatch batch) {
        // The change and its entry in the trail commit together.
        return Boolean.TRUE.equals(transactions.execute(tx -> {
            boolean discarded = batches.close(batch.id(), PayoutBatch.Status.DISCARDED, clock.instant());
            if (discarded) {
                audit.record(
                        "payout.file.discarded",
                        null,
                        batch.id().toString(),
                        Map.of("status", "draft"),
                        Map.of("status", "discarded"));
            }
            return discarded;
        }));
    }

    /**
     * For retention: deletes up to {@code limit} rows of the oldest file never confirmed and created
     * before {@code cutoff} (its lines, then the file); returns how many went, 0 when none is due.
     */
    public int purgeUnconfirmedBefore(Instant cutoff, int limit) {
        return batches.purgeUnconfirmedBefore(cutoff, limit);
    }

    public PayoutBatchProgress progress(PayoutBatch batch) {
        return batches.progress(batch.id());
    }

    /** A line of the result file: the line as read and, when it was paid out, its payout. */
    public record Result(PayoutFile.Line line, @Nullable Payout payout) {}

    /** Every line of a confirmed file with its payout, in the file's order. */
    public void results(PayoutBatch batch, Consumer<Result> consumer) {
        batches.results(batch.id(), r -> consumer.accept(new Result(r.line(), r.payout())));
    }

    private PayoutBatchStore.Entry entry(
            Caller caller,
            PayoutBatch batch,
            PayoutFile.Line line,
            String from,
            String who,
            @Nullable ConnectionId connection,
            Instant now) {
        BigDecimal amount = line.amount();
        if (amount == null) {
            throw new IllegalStateException("A good line has an amount");
        }
        PayoutOrder order = new PayoutOrder(batch.provider(), amount, line.phone(), line.name(), line.reason(), "{}");
        Payout payout = Payout.queued(RandomTokens.uuidV7(clock), caller, order, from, who, connection, now);
        // The key is the file and the line: whatever happens, a line has one payout.
        String key = "file:" + batch.id() + ":" + line.number();
        return new PayoutBatchStore.Entry(payout, line.number(), key, hash(batch, line));
    }

    private static String hash(PayoutBatch batch, PayoutFile.Line line) {
        String text = String.join(
                "\n",
                batch.provider().name(),
                line.phone(),
                String.valueOf(line.amount()),
                String.valueOf(line.name()),
                String.valueOf(line.reason()));
        return Idempotency.fingerprint("POST", "portal/payouts/files", text.getBytes(StandardCharsets.UTF_8));
    }
}
