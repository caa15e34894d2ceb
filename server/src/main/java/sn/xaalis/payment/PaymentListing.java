package sn.xaalis.payment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;

/** Payments as merchants look for them: pages of their listing, and one by reference or id among theirs. */
@Repository
class PaymentListing {

    private final JdbcClient jdbc;
    private final PaymentRows rows;

    PaymentListing(JdbcClient jdbc, PaymentRows rows) {
        this.jdbc = jdbc;
        this.rows = rows;
    }

    /** One page, newest first, after the cursor position (exclusive). */
    List<Payment> list(ApplicationId applicationId, Environment environment, PaymentFilter filter, int limit) {
        return list(List.of(applicationId), environment, filter, limit);
    }

    /**
     * Across several applications of one merchant (the portal); a null environment means both. One
     * branch per application and environment, each reading its listing index (by status too when the
     * filter has one) newest first and stopping after {@code limit} rows: a page costs the same however
     * many payments a merchant has. One query over all of them would sort every matching row.
     */
    List<Payment> list(
            Collection<ApplicationId> applicationIds,
            @Nullable Environment environment,
            PaymentFilter filter,
            int limit) {
        if (applicationIds.isEmpty()) {
            return List.of();
        }
        Map<String, Object> params = new HashMap<>();
        String conditions = conditions(filter, params);
        List<Environment> environments = environment == null ? List.of(Environment.values()) : List.of(environment);
        List<String> branches = new ArrayList<>();
        for (ApplicationId application : applicationIds) {
            for (Environment env : environments) {
                int i = branches.size();
                branches.add("SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE application_id = :app" + i
                        + " AND environment = :env" + i + conditions
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit");
                params.put("app" + i, application.value());
                params.put("env" + i, env.value());
            }
        }
        params.put("limit", limit);
        String sql = branches.size() == 1
                ? branches.getFirst()
                : "SELECT * FROM ((" + String.join(") UNION ALL (", branches)
                        + ")) page ORDER BY created_at DESC, id DESC LIMIT :limit";
        return jdbc.sql(sql).params(params).query(rows).list();
    }

    private static String conditions(PaymentFilter filter, Map<String, Object> params) {
        StringBuilder sql = new StringBuilder();
        if (filter.status() != null) {
            sql.append(" AND status = :status");
            params.put("status", filter.status().name());
        }
        if (filter.provider() != null) {
            sql.append(" AND provider = :provider");
            params.put("provider", filter.provider().name());
        }
        if (filter.createdFrom() != null) {
            sql.append(" AND created_at >= :from");
            params.put("from", Timestamps.toDatabase(filter.createdFrom()));
        }
        if (filter.createdTo() != null) {
            sql.append(" AND created_at < :to");
            params.put("to", Timestamps.toDatabase(filter.createdTo()));
        }
        if (filter.after() != null) {
            // A row comparison, which the index can start from; the OR of two comparisons it cannot.
            sql.append(" AND (created_at, id) < (:cursorAt, :cursorId)");
            params.put("cursorAt", Timestamps.toDatabase(filter.after().createdAt()));
            params.put("cursorId", filter.after().id());
        }
        return sql.toString();
    }

    /** A payment of one of these applications, by reference or transaction_uuid. */
    Optional<Payment> findAmong(Collection<ApplicationId> applicationIds, String referenceOrUuid) {
        if (applicationIds.isEmpty() || referenceOrUuid == null) {
            return Optional.empty();
        }
        String key = referenceOrUuid.trim();
        PaymentId id = null;
        try {
            id = PaymentId.valueOf(key); // already trimmed
        } catch (IllegalArgumentException notAUuid) {
            if (!Reference.isWellFormed(key.toUpperCase(Locale.ROOT))) {
                return Optional.empty();
            }
        }
        // By the unique key alone, then scoped here (see find).
        var query = id != null
                ? jdbc.sql("SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE id = :key")
                        .param("key", id.value())
                : jdbc.sql("SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE reference = :key")
                        .param("key", key.toUpperCase(Locale.ROOT));
        return query.query(rows).optional().filter(p -> applicationIds.contains(p.applicationId()));
    }
}
