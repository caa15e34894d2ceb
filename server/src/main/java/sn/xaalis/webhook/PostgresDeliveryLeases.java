package sn.xaalis.webhook;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/** The leases on PostgreSQL: a claim, and a group of completions, each one statement and one round trip. */
final class PostgresDeliveryLeases extends LeaseTable {

    // Search, per-application limit and lease in one statement that commits on its own (one round trip
    // instead of five). Rows locked by the search but not chosen are free again when it ends. :busy is
    // a JSON array of {"app": uuid, "busy": deliveries in flight}.
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

    // Every completion of the group in one statement, one round trip and one commit; an attempt is
    // recorded only where the completion changed the row (our lease was still current).
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

    private final JsonMapper json;

    PostgresDeliveryLeases(SeparatePool pool, JsonMapper json) {
        super(pool);
        this.json = json;
    }

    @Override
    List<Claimed> claim(ClaimRound round) {
        var spec = jdbc.sql(CLAIM_AT_ONCE.replace("/*exclude*/", round.exclude()))
                .param("now", Timestamps.toDatabase(round.now()))
                .param("limit", round.limit())
                .param("busy", busyJson(round.inFlight(), round.saturated()))
                .param("perApplication", round.perApplicationLimit())
                .param("lease", Timestamps.toDatabase(round.leaseUntil()))
                .param("token", round.token());
        if (!round.saturated().isEmpty()) {
            spec = spec.param("saturated", round.saturatedValues());
        }
        return spec.query((rs, n) -> claimed(rs, round.token())).list();
    }

    private static String busyJson(Map<ApplicationId, Integer> inFlight, Set<ApplicationId> saturated) {
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

    @Override
    public Set<NotificationId> complete(List<Completion> completions) {
        List<Map<String, Object>> rows = new ArrayList<>(completions.size());
        for (Completion completion : completions) {
            rows.add(row(completion));
        }
        return new HashSet<>(jdbc.sql(COMPLETE_AND_RECORD)
                .param("rows", json.writeValueAsString(rows))
                .query((rs, n) -> NotificationId.from(rs, "notification_id"))
                .list());
    }

    private static Map<String, Object> row(Completion completion) {
        NotificationView.AttemptView attempt = completion.attempt();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", completion.claimed().id().value());
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
}
