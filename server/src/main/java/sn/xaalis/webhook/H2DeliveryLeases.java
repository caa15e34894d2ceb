package sn.xaalis.webhook;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.Timestamps;

/**
 * The leases on the embedded database, which has neither data-modifying CTEs nor JSON record sets: a
 * claim and a group of completions are each a few statements in one transaction.
 */
final class H2DeliveryLeases extends LeaseTable {

    private static final String COMPLETE = "UPDATE notifications SET state = :state, attempts = :attempts,"
            + " next_attempt_at = :next, leased_until = NULL, lease_token = NULL, updated_at = :now,"
            + " delivered_at = CASE WHEN :delivered THEN :now ELSE delivered_at END, last_error = :error"
            + " WHERE id = :id AND lease_token = :token";

    H2DeliveryLeases(SeparatePool pool) {
        super(pool);
    }

    @Override
    List<Claimed> claim(ClaimRound round) {
        List<Claimed> claimed = transactions.execute(tx -> claimInSteps(round));
        return claimed == null ? List.of() : claimed;
    }

    private List<Claimed> claimInSteps(ClaimRound round) {
        List<UUID> ids = chooseDue(round);
        if (ids.isEmpty()) {
            return List.of();
        }
        jdbc.sql("UPDATE notifications SET leased_until = :lease, lease_token = :token WHERE id IN (:ids)")
                .param("lease", Timestamps.toDatabase(round.leaseUntil()))
                .param("token", round.token())
                .param("ids", ids)
                .update();
        return jdbc.sql("SELECT id, application_id, environment, event_id, event, body, attempts, created_at"
                        + " FROM notifications WHERE id IN (:ids)")
                .param("ids", ids)
                .query((rs, n) -> claimed(rs, round.token()))
                .list();
    }

    /** Locks the due rows and keeps at most each application's free slots; the rest stay unleased for the next round. */
    private List<UUID> chooseDue(ClaimRound round) {
        var select = jdbc.sql("SELECT id, application_id FROM notifications WHERE state = 'PENDING'"
                        + " AND next_attempt_at <= :now AND (leased_until IS NULL OR leased_until < :now)"
                        + round.exclude()
                        + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED")
                .param("now", Timestamps.toDatabase(round.now()))
                .param("limit", round.limit());
        if (!round.saturated().isEmpty()) {
            select = select.param("saturated", round.saturatedValues());
        }
        Map<ApplicationId, Integer> taken = new HashMap<>(round.inFlight());
        List<UUID> ids = new ArrayList<>();
        select.query((rs, n) -> {
                    ApplicationId app = ApplicationId.from(rs, "application_id");
                    if (taken.getOrDefault(app, 0) < round.perApplicationLimit()) {
                        taken.merge(app, 1, Integer::sum);
                        ids.add(rs.getObject("id", UUID.class));
                    }
                    return null;
                })
                .list();
        return ids;
    }

    @Override
    public Set<NotificationId> complete(List<Completion> completions) {
        Set<NotificationId> completed = transactions.execute(tx -> {
            Set<NotificationId> done = new HashSet<>();
            for (Completion completion : completions) {
                if (completeOne(completion)) {
                    done.add(completion.claimed().id());
                }
            }
            return done;
        });
        return completed == null ? Set.of() : completed;
    }

    private boolean completeOne(Completion completion) {
        Claimed claimed = completion.claimed();
        Instant now = Timestamps.truncate(completion.ended());
        NotificationView.AttemptView attempt = completion.attempt();
        int changed = jdbc.sql(COMPLETE)
                .param("state", completion.state().name())
                .param("attempts", attempt.attempt())
                .param("next", Timestamps.toDatabase(completion.nextAttemptAt()))
                .param("now", Timestamps.toDatabase(now))
                .param("delivered", completion.state() == State.DELIVERED)
                .param("error", storable(attempt.error()))
                .param("id", claimed.id().value())
                .param("token", claimed.leaseToken())
                .update();
        if (changed != 1) {
            return false;
        }
        jdbc.sql("INSERT INTO notification_attempts (" + ATTEMPT_COLUMNS + ") VALUES (:id, :attempt, :started,"
                        + " :duration, :url, :code, :outcome, :error, :snippet)")
                .param("id", claimed.id().value())
                .param("attempt", attempt.attempt())
                .param("started", Timestamps.toDatabase(Timestamps.truncate(attempt.startedAt())))
                .param("duration", attempt.durationMillis())
                .param("url", attempt.url())
                .param("code", attempt.statusCode())
                .param("outcome", attempt.outcome())
                .param("error", storable(attempt.error()))
                .param("snippet", storable(attempt.responseSnippet()))
                .update();
        return true;
    }
}
