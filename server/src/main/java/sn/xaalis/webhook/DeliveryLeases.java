package sn.xaalis.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.SeparatePools;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dispatcher's side of the notifications table (D11): claims under a lease, the outcome of each
 * attempt, release and postponement. On a pool of its own ({@code xaalis.webhooks.connections}), so
 * that a backlog being drained never takes a request's connection.
 */
@Repository
class DeliveryLeases implements AutoCloseable {

    enum State {
        PENDING,
        DELIVERED,
        FAILED,
        UNDELIVERABLE
    }

    record Claimed(
            UUID id,
            UUID applicationId,
            Environment environment,
            String eventId,
            String event,
            String body,
            int attempts,
            UUID leaseToken,
            Instant createdAt) {}

    /**
     * One attempt's outcome: the attempt row, the notification's next state and due time, and when the
     * attempt ended (its updated_at, and delivered_at if delivered).
     */
    record Completion(
            Claimed claimed, NotificationView.AttemptView attempt, State state, Instant nextAttemptAt, Instant ended) {}

    private final SeparatePool pool;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Database database;
    private final JsonMapper json;

    DeliveryLeases(SeparatePools pools, Database database, WebhookProperties properties, JsonMapper json) {
        this.pool = pools.open("xaalis-webhooks", properties.connections());
        this.jdbc = pool.jdbc();
        this.transactions = pool.transactions();
        this.database = database;
        this.json = json;
    }

    @Override
    public void close() {
        pool.close();
    }

    /**
     * Leases up to {@code limit} due notifications, at most {@code perApplicationLimit} in flight per
     * application counting {@code inFlight}. Rows another node holds are skipped, not waited for; a
     * crashed node's lease simply runs out and the row is claimed again.
     */
    List<Claimed> claim(
            Instant now,
            int limit,
            Map<UUID, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token) {
        Set<UUID> saturated = new HashSet<>();
        inFlight.forEach((app, count) -> {
            if (count >= perApplicationLimit) {
                saturated.add(app);
            }
        });
        // Saturated applications are left out of the search, so a hanging receiver's backlog never
        // fills the batch.
        String exclude = saturated.isEmpty() ? "" : " AND application_id NOT IN (:saturated)";
        if (!database.embedded()) {
            var spec = jdbc.sql(CLAIM_AT_ONCE.replace("/*exclude*/", exclude))
                    .param("now", Timestamps.toDatabase(now))
                    .param("limit", limit)
                    .param("busy", busyJson(inFlight, saturated))
                    .param("perApplication", perApplicationLimit)
                    .param("lease", Timestamps.toDatabase(leaseUntil))
                    .param("token", token);
            if (!saturated.isEmpty()) {
                spec = spec.param("saturated", new ArrayList<>(saturated));
            }
            return spec.query((rs, n) -> claimed(rs, token)).list();
        }
        List<Claimed> claimed = transactions.execute(
                tx -> claimInSteps(now, limit, inFlight, perApplicationLimit, leaseUntil, token, exclude, saturated));
        return claimed == null ? List.of() : claimed;
    }

    // PostgreSQL: search, per-application limit and lease in one statement that commits on its own
    // (one round trip instead of five). Rows locked by the search but not chosen are free again when
    // it ends. :busy is a JSON array of {"app": uuid, "busy": deliveries in flight}.
    static final String CLAIM_AT_ONCE = "WITH due AS (SELECT id, application_id, next_attempt_at"
            + " FROM notifications WHERE state = 'PENDING' AND next_attempt_at <= :now"
            + " AND (leased_until IS NULL OR leased_until < :now)/*exclude*/"
            + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED),"
            + " ranked AS (SELECT id, application_id,"
            + " row_number() OVER (PARTITION BY application_id ORDER BY next_attempt_at, id) AS position FROM due),"
            + " chosen AS (SELECT r.id FROM ranked r LEFT JOIN json_to_recordset(CAST(:busy AS json))"
            + " AS b(app uuid, busy int) ON b.app = r.application_id"
            + " WHERE r.position + COALESCE(b.busy, 0) <= :perApplication)"
            + " UPDATE notifications n SET leased_until = :lease, lease_token = :token FROM chosen"
            + " WHERE n.id = chosen.id"
            + " RETURNING n.id, n.application_id, n.environment, n.event_id, n.event, n.body, n.attempts, n.created_at";

    private static String busyJson(Map<UUID, Integer> inFlight, Set<UUID> saturated) {
        StringBuilder json = new StringBuilder("[");
        inFlight.forEach((app, count) -> {
            if (count > 0 && !saturated.contains(app)) {
                json.append(json.length() > 1 ? "," : "")
                        .append("{\"app\":\"")
                        .append(app)
                        .append("\",\"busy\":")
                        .append(count)
                        .append('}');
            }
        });
        return json.append(']').toString();
    }

    private List<Claimed> claimInSteps(
            Instant now,
            int limit,
            Map<UUID, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token,
            String exclude,
            Set<UUID> saturated) {
        var select = jdbc.sql("SELECT id, application_id FROM notifications WHERE state = 'PENDING'"
                        + " AND next_attempt_at <= :now AND (leased_until IS NULL OR leased_until < :now)" + exclude
                        + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED")
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit);
        if (!saturated.isEmpty()) {
            select = select.param("saturated", new ArrayList<>(saturated));
        }
        // Keep at most the application's free slots; the rest stay unleased for the next round.
        Map<UUID, Integer> taken = new HashMap<>(inFlight);
        List<UUID> ids = new ArrayList<>();
        select.query((rs, n) -> {
                    UUID app = rs.getObject(2, UUID.class);
                    if (taken.getOrDefault(app, 0) < perApplicationLimit) {
                        taken.merge(app, 1, Integer::sum);
                        ids.add(rs.getObject(1, UUID.class));
                    }
                    return null;
                })
                .list();
        if (ids.isEmpty()) {
            return List.of();
        }
        jdbc.sql("UPDATE notifications SET leased_until = :lease, lease_token = :token WHERE id IN (:ids)")
                .param("lease", Timestamps.toDatabase(leaseUntil))
                .param("token", token)
                .param("ids", ids)
                .update();
        return jdbc.sql("SELECT id, application_id, environment, event_id, event, body, attempts, created_at"
                        + " FROM notifications WHERE id IN (:ids)")
                .param("ids", ids)
                .query((rs, n) -> claimed(rs, token))
                .list();
    }

    private static Claimed claimed(ResultSet rs, UUID token) throws SQLException {
        return new Claimed(
                rs.getObject(1, UUID.class),
                rs.getObject(2, UUID.class),
                Environment.fromValue(rs.getString(3)).orElseThrow(),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getInt(7),
                token,
                Timestamps.fromDatabase(rs.getObject(8, OffsetDateTime.class)));
    }

    /**
     * Gives claims back without recording an attempt (a node stopping with deliveries in flight):
     * the rows are due again at once for any node, instead of when their lease ends.
     */
    int release(List<Claimed> claims) {
        int released = 0;
        for (Claimed claimed : claims) {
            released += jdbc.sql("UPDATE notifications SET leased_until = NULL, lease_token = NULL"
                            + " WHERE id = :id AND lease_token = :token")
                    .param("id", claimed.id())
                    .param("token", claimed.leaseToken())
                    .update();
        }
        return released;
    }

    private static final String COMPLETE = "UPDATE notifications SET state = :state, attempts = :attempts,"
            + " next_attempt_at = :next, leased_until = NULL, lease_token = NULL, updated_at = :now,"
            + " delivered_at = CASE WHEN :delivered THEN :now ELSE delivered_at END, last_error = :error"
            + " WHERE id = :id AND lease_token = :token";
    private static final String ATTEMPT_COLUMNS =
            "notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error, response_snippet";
    // PostgreSQL: every completion of the group in one statement, one round trip and one commit; an
    // attempt is recorded only where the completion changed the row (our lease was still current).
    private static final String COMPLETE_AND_RECORD = "WITH input AS (SELECT * FROM json_to_recordset(CAST(:rows"
            + " AS json)) AS i(id uuid, token uuid, state varchar, attempt int, next timestamptz, ended timestamptz,"
            + " delivered boolean, started timestamptz, duration bigint, url varchar, code int, outcome varchar,"
            + " error varchar, snippet varchar)),"
            + " completed AS (UPDATE notifications n SET state = i.state, attempts = i.attempt,"
            + " next_attempt_at = i.next, leased_until = NULL, lease_token = NULL, updated_at = i.ended,"
            + " delivered_at = CASE WHEN i.delivered THEN i.ended ELSE n.delivered_at END, last_error = i.error"
            + " FROM input i WHERE n.id = i.id AND n.lease_token = i.token RETURNING n.id)"
            + " INSERT INTO notification_attempts (" + ATTEMPT_COLUMNS + ")"
            + " SELECT i.id, i.attempt, i.started, i.duration, i.url, i.code, i.outcome, i.error, i.snippet"
            + " FROM input i JOIN completed c ON c.id = i.id RETURNING notification_id";

    /**
     * Records each attempt and its notification's next state, only where our lease is still the
     * current one, all in one transaction.
     *
     * @return the notifications whose outcome was recorded; the others' lease was lost
     */
    Set<UUID> complete(List<Completion> completions) {
        if (!database.embedded()) {
            List<Map<String, Object>> rows = new ArrayList<>(completions.size());
            for (Completion completion : completions) {
                rows.add(row(completion));
            }
            return new HashSet<>(jdbc.sql(COMPLETE_AND_RECORD)
                    .param("rows", json.writeValueAsString(rows))
                    .query(UUID.class)
                    .list());
        }
        Set<UUID> completed = transactions.execute(tx -> {
            Set<UUID> done = new HashSet<>();
            for (Completion completion : completions) {
                if (completeOne(completion)) {
                    done.add(completion.claimed().id());
                }
            }
            return done;
        });
        return completed == null ? Set.of() : completed;
    }

    private static Map<String, Object> row(Completion completion) {
        NotificationView.AttemptView attempt = completion.attempt();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", completion.claimed().id());
        row.put("token", completion.claimed().leaseToken());
        row.put("state", completion.state().name());
        row.put("attempt", attempt.attempt());
        row.put("next", Timestamps.micros(completion.nextAttemptAt()));
        row.put("ended", Timestamps.micros(completion.ended()));
        row.put("delivered", completion.state() == State.DELIVERED);
        row.put("started", Timestamps.micros(attempt.startedAt()));
        row.put("duration", attempt.durationMillis());
        row.put("url", attempt.url());
        row.put("code", attempt.statusCode());
        row.put("outcome", attempt.outcome());
        row.put("error", storable(attempt.error()));
        row.put("snippet", storable(attempt.responseSnippet()));
        return row;
    }

    // PostgreSQL's text holds no NUL character, and a receiver's answer may contain one: it must not
    // keep the attempt (and the others written with it) from being recorded.
    private static String storable(String text) {
        return text == null ? null : text.replace('\u0000', '\uFFFD');
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
                .param("id", claimed.id())
                .param("token", claimed.leaseToken())
                .update();
        if (changed != 1) {
            return false;
        }
        jdbc.sql("INSERT INTO notification_attempts (" + ATTEMPT_COLUMNS + ") VALUES (:id, :attempt, :started,"
                        + " :duration, :url, :code, :outcome, :error, :snippet)")
                .param("id", claimed.id())
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

    /**
     * Postpones to {@code until} the unleased notifications of an application due before then, while
     * its receiver holds every delivery slot it may have: no claim could take them meanwhile, and every
     * claim would walk past them (a claim filters them out row by row). Never brings one forward.
     */
    int postpone(UUID applicationId, Instant now, Instant until) {
        return jdbc.sql("UPDATE notifications SET next_attempt_at = :until WHERE state = 'PENDING'"
                        + " AND application_id = :app AND next_attempt_at < :until"
                        + " AND (leased_until IS NULL OR leased_until < :now)")
                .param("until", Timestamps.toDatabase(until))
                .param("app", applicationId)
                .param("now", Timestamps.toDatabase(now))
                .update();
    }

    /** No URL to send to: kept, visible, and re-sendable once one is configured. */
    boolean markUndeliverable(Claimed claimed, String reason, Instant now) {
        return jdbc.sql("UPDATE notifications SET state = 'UNDELIVERABLE', leased_until = NULL, lease_token = NULL,"
                                + " last_error = :reason, updated_at = :now WHERE id = :id AND lease_token = :token")
                        .param("reason", reason)
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", claimed.id())
                        .param("token", claimed.leaseToken())
                        .update()
                == 1;
    }
}
