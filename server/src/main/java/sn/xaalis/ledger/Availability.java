package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * Moves merchants' pending money to available once its day has come, on every node: each batch is one
 * transaction that locks the due holds with {@code FOR UPDATE SKIP LOCKED} (nodes share the work, none
 * waits), marks them released and posts one {@code release} transaction per application, environment
 * and currency. A hold is released once: under its lock, by a conditional update; a crash rolls the
 * whole batch back for the next pass.
 *
 * <p>The batches of one run read in key order, each after the last one's key, so that none walks past
 * the holds released before it; a run ends with a short batch, and the next run starts from the first
 * key again (it finds whatever a failed batch, another node's rollback or a refund's return left).
 */
@Component
class Availability {

    private final Journal journal;
    private final TransactionTemplate transactions;
    private final LedgerProperties properties;
    private final Clock clock;

    /** Where this node's run has reached; null between runs (only the job's thread touches it). */
    private volatile Journal.@Nullable HoldKey reached;

    Availability(Journal journal, TransactionTemplate transactions, LedgerProperties properties, Clock clock) {
        this.journal = journal;
        this.transactions = transactions;
        this.properties = properties;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob ledgerAvailability(Availability availability, LedgerProperties properties) {
        return new PeriodicJob(
                "ledger-availability",
                properties.jobInterval(),
                () -> availability.releaseDue() >= properties.jobBatch());
    }

    /** One batch: how many payments' pending money it made available. */
    int releaseDue() {
        Journal.@Nullable HoldKey after = reached;
        List<Journal.DueHold> released = transactions.execute(tx -> {
            Instant now = Timestamps.truncate(clock.instant());
            List<Journal.DueHold> due = journal.lockDue(now, after, properties.jobBatch());
            Map<Group, List<Journal.DueHold>> groups = new LinkedHashMap<>();
            due.forEach(h -> groups.computeIfAbsent(
                            new Group(h.applicationId(), h.environment(), h.currency()), g -> new ArrayList<>())
                    .add(h));
            groups.forEach((group, holds) -> release(group, holds, now));
            return due;
        });
        if (released == null || released.size() < properties.jobBatch()) {
            reached = null;
            return released == null ? 0 : released.size();
        }
        reached = released.getLast().key();
        return released.size();
    }

    private record Group(ApplicationId applicationId, Environment environment, String currency) {}

    private void release(Group group, List<Journal.DueHold> holds, Instant now) {
        UUID id = RandomTokens.uuidV7(clock);
        BigDecimal total = BigDecimal.ZERO;
        for (Journal.DueHold hold : holds) {
            total = total.add(hold.amount());
        }
        int marked = journal.release(
                holds.stream().map(Journal.DueHold::transactionId).toList(), id);
        if (marked != holds.size()) {
            // Locked by this transaction and unreleased when read: only a bug gets here.
            throw new IllegalStateException("Of " + holds.size() + " locked holds, " + marked + " were unreleased");
        }
        var app = group.applicationId();
        var env = group.environment();
        var posting = new Posting(
                id,
                // The first hold names the batch: it is released once, so is the batch.
                new Posting.Cause("release", holds.getFirst().transactionId().toString()),
                Posting.Type.RELEASE,
                app,
                env,
                group.currency(),
                total,
                BigDecimal.ZERO,
                total,
                null,
                now,
                null,
                List.of(
                        new Posting.Entry(Account.pending(app, env, group.currency()), total.negate()),
                        new Posting.Entry(Account.available(app, env, group.currency()), total)));
        if (!journal.write(posting)) {
            throw new IllegalStateException("The release of " + holds.getFirst().transactionId() + " was posted");
        }
    }
}
