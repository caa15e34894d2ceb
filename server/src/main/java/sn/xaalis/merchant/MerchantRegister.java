package sn.xaalis.merchant;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Timestamps;

/**
 * The installation's merchants as an operator looks them up: by name or e-mail address, newest first,
 * a page at a time, each with its approval and how many of its applications take live payments. One
 * query per page; the applications are counted by their merchant index, never from payments.
 */
@Service
public class MerchantRegister {

    public static final int PAGE = 50;

    private static final String SELECT = "SELECT m.id, m.name, m.email, m.created_at, m.sandbox_only, m.approved_at,"
            + " m.approval_withdrawn_at, m.totp_secret_ciphertext IS NOT NULL AS totp,"
            + " (SELECT COUNT(*) FROM applications a WHERE a.merchant_id = m.id) AS applications,"
            + " (SELECT COUNT(*) FROM applications a WHERE a.merchant_id = m.id AND a.live_enabled) AS live"
            + " FROM merchants m";

    private final JdbcClient jdbc;

    MerchantRegister(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A merchant as the console lists it. */
    public record Entry(
            MerchantId id,
            String name,
            String email,
            Instant createdAt,
            LiveApproval approval,
            boolean twoFactor,
            long applications,
            long liveApplications) {}

    /** A page of merchants, and where the next one starts (null when this is the last). */
    public record Page(List<Entry> merchants, @Nullable String next) {}

    /**
     * Merchants whose name or e-mail address contains {@code text} (any case; all when blank), newest first,
     * from {@code cursor} (a previous page's {@code next}; an unreadable one starts over), {@link #PAGE} at a time.
     */
    public Page search(@Nullable String text, @Nullable String cursor) {
        List<String> conditions = new ArrayList<>();
        var params = new java.util.LinkedHashMap<String, Object>();
        if (text != null && !text.isBlank()) {
            String needle = "%"
                    + text.strip()
                            .toLowerCase(Locale.ROOT)
                            .replace("\\", "\\\\")
                            .replace("%", "\\%")
                            .replace("_", "\\_")
                    + "%";
            conditions.add("(LOWER(m.name) LIKE :needle ESCAPE '\\' OR m.email LIKE :needle ESCAPE '\\')");
            params.put("needle", needle);
        }
        Entry after = cursor == null ? null : position(cursor);
        if (after != null) {
            conditions.add("(m.created_at < :at OR (m.created_at = :at AND m.id < :id))");
            params.put("at", Timestamps.toDatabase(after.createdAt()));
            params.put("id", after.id().value());
        }
        params.put("limit", PAGE + 1);
        String where = conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
        List<Entry> rows = jdbc.sql(SELECT + where + " ORDER BY m.created_at DESC, m.id DESC LIMIT :limit")
                .params(params)
                .query(MerchantRegister::entry)
                .list();
        if (rows.size() <= PAGE) {
            return new Page(rows, null);
        }
        Entry last = rows.get(PAGE - 1);
        long micros =
                last.createdAt().getEpochSecond() * 1_000_000 + last.createdAt().getNano() / 1_000;
        return new Page(rows.subList(0, PAGE), micros + "_" + last.id());
    }

    private static @Nullable Entry position(String cursor) {
        int cut = cursor.indexOf('_');
        try {
            long micros = Long.parseLong(cursor.substring(0, cut));
            MerchantId id = MerchantId.valueOf(cursor.substring(cut + 1));
            Instant at =
                    Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1_000L);
            return new Entry(id, "", "", at, new LiveApproval(LiveApproval.State.PENDING, null, null), false, 0, 0);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    public Optional<Entry> find(MerchantId id) {
        return jdbc.sql(SELECT + " WHERE m.id = :id")
                .param("id", id.value())
                .query(MerchantRegister::entry)
                .optional();
    }

    private static Entry entry(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new Entry(
                MerchantId.from(rs, "id"),
                rs.getString("name"),
                rs.getString("email"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                Merchants.approval(
                        rs.getBoolean("sandbox_only"),
                        Timestamps.fromDatabase(rs.getObject("approved_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("approval_withdrawn_at", OffsetDateTime.class))),
                rs.getBoolean("totp"),
                rs.getLong("applications"),
                rs.getLong("live"));
    }
}
