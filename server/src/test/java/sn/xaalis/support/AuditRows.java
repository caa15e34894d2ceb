package sn.xaalis.support;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** What the audit trail holds for a test's person: each test checks the entries of the changes it made. */
public final class AuditRows {

    private AuditRows() {}

    /** The actions recorded under {@code actor} (an e-mail, or a token's name), oldest first. */
    public static List<String> actionsBy(JdbcClient jdbc, String actor) {
        return jdbc.sql("SELECT action FROM audit_events WHERE actor = :actor ORDER BY id")
                .param("actor", actor.toLowerCase(java.util.Locale.ROOT))
                .query(String.class)
                .list();
    }

    /** The changed fields, before and after, of each {@code action} recorded under {@code actor}, oldest first. */
    public static List<String> changes(JdbcClient jdbc, String action, String actor) {
        return jdbc.sql("SELECT COALESCE(before_state, '-') || ' ' || COALESCE(after_state, '-') FROM audit_events"
                        + " WHERE actor = :actor AND action = :action ORDER BY id")
                .param("actor", actor.toLowerCase(java.util.Locale.ROOT))
                .param("action", action)
                .query(String.class)
                .list();
    }
}
