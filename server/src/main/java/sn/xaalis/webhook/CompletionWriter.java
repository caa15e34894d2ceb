package sn.xaalis.webhook;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * Records the outcomes of attempts in groups (a group commit): each delivery waits for its own, and
 * whatever outcomes arrive while one group is being written go together in the next, in one statement
 * and one commit. A lone delivery is written at once; a draining backlog costs the database a write per
 * group instead of one per delivery, and takes one connection instead of one per delivery in flight.
 */
final class CompletionWriter implements AutoCloseable {

    // The most outcomes in one statement: a few milliseconds of PostgreSQL's time.
    private static final int MAX_GROUP = 128;

    private record Pending(DeliveryLeases.Completion completion, CompletableFuture<Boolean> recorded) {}

    private final DeliveryLeases leases;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private volatile boolean open = true;

    CompletionWriter(DeliveryLeases leases) {
        this.leases = leases;
        this.writer = Thread.ofPlatform().name("webhook-completions").daemon().start(this::run);
    }

    /**
     * Records one outcome, waiting until it is written.
     *
     * @return false when the lease was lost meanwhile (the outcome is then not recorded)
     */
    boolean complete(DeliveryLeases.Completion completion) {
        Pending pending = new Pending(completion, new CompletableFuture<>());
        queue.add(pending);
        // Closed meanwhile: the writer may have made its last round before this one arrived.
        if (!open && queue.remove(pending)) {
            throw new IllegalStateException("the dispatcher is stopping");
        }
        try {
            return pending.recorded().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while its outcome was written", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        }
    }

    private void run() {
        List<Pending> group = new ArrayList<>(MAX_GROUP);
        while (open || !queue.isEmpty()) {
            try {
                Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                group.add(first);
                queue.drainTo(group, MAX_GROUP - 1);
                write(group);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                group.clear();
            }
        }
    }

    private void write(List<Pending> group) {
        try {
            Set<NotificationId> recorded =
                    leases.complete(group.stream().map(Pending::completion).toList());
            for (Pending pending : group) {
                pending.recorded()
                        .complete(
                                recorded.contains(pending.completion().claimed().id()));
            }
        } catch (DataIntegrityViolationException e) {
            if (group.size() == 1) {
                group.getFirst().recorded().completeExceptionally(e);
                return;
            }
            // One outcome the database refuses must not keep the others of its group from being recorded.
            for (Pending pending : group) {
                write(List.of(pending));
            }
        } catch (RuntimeException e) {
            // The database is away: every delivery of the group hears it, and their leases run out (D11).
            group.forEach(pending -> pending.recorded().completeExceptionally(e));
        }
    }

    /** Writes what has arrived, then stops; later outcomes are refused (their claims were released). */
    @Override
    public void close() {
        open = false;
        try {
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Pending left;
        while ((left = queue.poll()) != null) {
            left.recorded().completeExceptionally(new IllegalStateException("the dispatcher stopped"));
        }
    }
}
