package sn.xaalis.payment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;

/**
 * A merchant's payments of one customer's number, for the portal's search: the number typed at the
 * counter or on the code form (payment_starts) and the one the merchant's server sent (payments). Each
 * application is one branch per stored form, read newest first from its index (V48) and stopping after
 * the limit: a search costs the same however long the merchant's history.
 */
@Repository
class CustomerNumberSearch {

    static final Comparator<Payment> NEWEST_FIRST = Comparator.<Payment, Instant>comparing(Payment::createdAt)
            .thenComparing(p -> p.transactionUuid().toString())
            .reversed();

    private final JdbcClient jdbc;
    private final PaymentRows rows;

    CustomerNumberSearch(JdbcClient jdbc, PaymentRows rows) {
        this.jdbc = jdbc;
        this.rows = rows;
    }

    /** Whether the text reads as a phone number (then the portal searches it as one). */
    static boolean isNumber(String typed) {
        return !PaymentSearch.storedForms(typed).isEmpty();
    }

    List<Payment> among(Collection<ApplicationId> applicationIds, String typed, int limit) {
        List<String> forms = PaymentSearch.storedForms(typed);
        if (forms.isEmpty() || applicationIds.isEmpty()) {
            return List.of();
        }
        Map<UUID, Payment> found = new LinkedHashMap<>();
        typedFor(applicationIds, forms.getFirst(), limit)
                .forEach(p -> found.put(p.transactionUuid().value(), p));
        sentWith(applicationIds, forms, limit)
                .forEach(p -> found.putIfAbsent(p.transactionUuid().value(), p));
        return found.values().stream().sorted(NEWEST_FIRST).limit(limit).toList();
    }

    /** Typed numbers are stored in their one proper form ({@code +221…}). */
    private List<Payment> typedFor(Collection<ApplicationId> applicationIds, String number, int limit) {
        Map<String, Object> params = new HashMap<>();
        List<String> branches = new ArrayList<>();
        for (ApplicationId application : applicationIds) {
            int i = branches.size();
            branches.add(typedBranch(i));
            params.put("app" + i, application.value());
        }
        params.put("phone", number);
        params.put("limit", limit);
        List<UUID> ids = jdbc.sql(union(branches))
                .params(params)
                .query((rs, n) -> rs.getObject("payment_id", UUID.class))
                .list();
        return PaymentSearch.byIds(jdbc, rows, ids);
    }

    /** Sent numbers are kept as sent: each stored form of the number is its own branch. */
    private List<Payment> sentWith(Collection<ApplicationId> applicationIds, List<String> forms, int limit) {
        Map<String, Object> params = new HashMap<>();
        List<String> branches = new ArrayList<>();
        for (ApplicationId application : applicationIds) {
            for (String form : forms) {
                int i = branches.size();
                branches.add(sentBranch(i));
                params.put("app" + i, application.value());
                params.put("phone" + i, form);
            }
        }
        params.put("limit", limit);
        return jdbc.sql(union(branches)).params(params).query(rows).list();
    }

    /** One application's typed numbers, by payment_starts_application_phone_idx (V48). */
    static String typedBranch(int i) {
        return "SELECT payment_id, created_at FROM payment_starts WHERE application_id = :app" + i
                + " AND customer_phone = :phone ORDER BY created_at DESC LIMIT :limit";
    }

    /** One application's payments sent with one form of the number, by payments_application_phone_idx (V48). */
    static String sentBranch(int i) {
        return "SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE application_id = :app" + i
                + " AND customer_phone = :phone" + i + " ORDER BY created_at DESC, id DESC LIMIT :limit";
    }

    private static String union(List<String> branches) {
        return branches.size() == 1
                ? branches.getFirst()
                : "SELECT * FROM ((" + String.join(") UNION ALL (", branches)
                        + ")) u ORDER BY created_at DESC LIMIT :limit";
    }
}
