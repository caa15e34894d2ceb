package sn.xaalis.audit;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import sn.xaalis.platform.CsvCells;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes and reads the audit trail. A change is recorded in the transaction that makes it, by the service
 * that makes it, so that whichever page or API a person used, the change and its entry commit together.
 * Who made it and from where come from the request: the signed-in principal, or the actor an operator
 * token's request carries. A machine's request (the merchant API, a job) records nothing.
 */
@Service
public class AuditTrail {

    /** A page of the console's search. */
    public static final int PAGE = 50;

    /** The most rows one export holds. */
    public static final int EXPORT_LIMIT = 100_000;

    private static final String COLUMNS =
            "id, occurred_at, actor_kind, actor, address, merchant_id, action, subject, before_state, after_state";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final JsonMapper json;

    AuditTrail(JdbcClient jdbc, Clock clock, JsonMapper json) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.json = json;
    }

    /**
     * Records a change by the person of the current request, if a person made it. Of two maps, only the
     * fields that differ are kept, and nothing is recorded when none does.
     *
     * @param merchantId whose data changed; null for the installation's (operators, tokens)
     * @param before the changed fields before (no secrets); null when the thing is new
     * @param after the changed fields after (no secrets); null when the thing is gone
     */
    public void record(
            String action,
            @Nullable UUID merchantId,
            @Nullable String subject,
            @Nullable Map<String, ?> before,
            @Nullable Map<String, ?> after) {
        currentActor().ifPresent(actor -> recordAs(actor, action, merchantId, subject, before, after));
    }

    /** Records a change by a person the request does not sign in (who followed a link by e-mail). */
    public void recordAs(
            AuditActor actor,
            String action,
            @Nullable UUID merchantId,
            @Nullable String subject,
            @Nullable Map<String, ?> before,
            @Nullable Map<String, ?> after) {
        if (before != null && after != null) {
            // Only what changed; a save that changed nothing is no change.
            Map<String, @Nullable Object> was = new LinkedHashMap<>();
            Map<String, @Nullable Object> is = new LinkedHashMap<>();
            Set<String> fields = new LinkedHashSet<>(before.keySet());
            fields.addAll(after.keySet());
            for (String field : fields) {
                if (!Objects.equals(before.get(field), after.get(field))) {
                    was.put(field, before.get(field));
                    is.put(field, after.get(field));
                }
            }
            if (is.isEmpty()) {
                return;
            }
            before = was;
            after = is;
        }
        UUID merchant = merchantId != null ? merchantId : actor.auditMerchant();
        jdbc.sql("INSERT INTO audit_events (occurred_at, actor_kind, actor, address, merchant_id, action, subject,"
                        + " before_state, after_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(Arrays.<@Nullable Object>asList(
                        Timestamps.toDatabase(Timestamps.truncate(clock.instant())),
                        actor.auditKind(),
                        cut(actor.auditName().strip().toLowerCase(java.util.Locale.ROOT), 254),
                        currentAddress(),
                        merchant,
                        action,
                        subject == null ? null : cut(subject, 128),
                        before == null ? null : json.writeValueAsString(before),
                        after == null ? null : json.writeValueAsString(after)))
                .update();
    }

    /** The person of the current request; empty for a machine's request or outside a request. */
    public static Optional<AuditActor> currentActor() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null
                && authentication.isAuthenticated()
                && authentication.getPrincipal() instanceof AuditActor actor) {
            return Optional.of(actor);
        }
        HttpServletRequest request = currentRequest();
        if (request != null && request.getAttribute(AuditActor.ATTRIBUTE) instanceof AuditActor actor) {
            return Optional.of(actor);
        }
        return Optional.empty();
    }

    /** A page of entries, newest first: up to {@link #PAGE}, and whether there are more. */
    public List<AuditEvent> search(AuditQuery query, int limit) {
        List<Object> params = new ArrayList<>();
        String where = where(query, params);
        params.add(limit);
        return jdbc.sql("SELECT " + COLUMNS + " FROM audit_events" + where + " ORDER BY id DESC LIMIT ?")
                .params(params)
                .query(AuditTrail::event)
                .list();
    }

    /** Writes the entries a query finds as CSV (comma, quoted cells), newest first, up to {@link #EXPORT_LIMIT}. */
    public void export(AuditQuery query, Writer out) {
        List<Object> params = new ArrayList<>();
        String where = where(query, params);
        params.add(EXPORT_LIMIT);
        try {
            out.write("id,occurred_at,actor_kind,actor,address,merchant_id,action,subject,before,after\r\n");
            try (var rows = jdbc
                    .sql("SELECT " + COLUMNS + " FROM audit_events" + where + " ORDER BY id DESC LIMIT ?")
                    .params(params)
                    .query(AuditTrail::event)
                    .stream()) {
                for (AuditEvent event : (Iterable<AuditEvent>) rows::iterator) {
                    out.write(String.join(
                                    ",",
                                    Long.toString(event.id()),
                                    Timestamps.withOffset(event.occurredAt()),
                                    CsvCells.quoted(event.actorKind()),
                                    CsvCells.quoted(event.actor()),
                                    CsvCells.quoted(event.address()),
                                    event.merchantId() == null
                                            ? ""
                                            : event.merchantId().toString(),
                                    CsvCells.quoted(event.action()),
                                    CsvCells.quoted(event.subject()),
                                    CsvCells.quoted(event.before()),
                                    CsvCells.quoted(event.after()))
                            + "\r\n");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String where(AuditQuery query, List<Object> params) {
        List<String> conditions = new ArrayList<>();
        if (query.merchantId() != null) {
            conditions.add("merchant_id = ?");
            params.add(query.merchantId());
        }
        if (query.actor() != null) {
            conditions.add("actor = ?"); // stored in lower case
            params.add(query.actor());
        }
        if (query.action() != null) {
            conditions.add("action LIKE ? ESCAPE '\\'");
            params.add(query.action().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        if (query.from() != null) {
            conditions.add("occurred_at >= ?");
            params.add(Timestamps.toDatabase(query.from()));
        }
        if (query.to() != null) {
            conditions.add("occurred_at < ?");
            params.add(Timestamps.toDatabase(query.to()));
        }
        if (query.beforeId() != null) {
            conditions.add("id < ?");
            params.add(query.beforeId());
        }
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    private static AuditEvent event(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new AuditEvent(
                rs.getLong("id"),
                rs.getObject("occurred_at", OffsetDateTime.class).toInstant(),
                rs.getString("actor_kind"),
                rs.getString("actor"),
                rs.getString("address"),
                rs.getObject("merchant_id", UUID.class),
                rs.getString("action"),
                rs.getString("subject"),
                rs.getString("before_state"),
                rs.getString("after_state"));
    }

    private static @Nullable String currentAddress() {
        HttpServletRequest request = currentRequest();
        return request == null ? null : cut(request.getRemoteAddr(), 64);
    }

    private static @Nullable HttpServletRequest currentRequest() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest()
                : null;
    }

    private static String cut(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
