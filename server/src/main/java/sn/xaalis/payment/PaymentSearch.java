package sn.xaalis.payment;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.phone.PhoneNumbers;
import sn.xaalis.platform.Timestamps;

/**
 * "Find a payment" for the operator's support desk: across every merchant, application and environment,
 * by whatever the customer has at hand. Each key kind is one query that reads its own index and joins
 * the payment to its application and merchant for their names (the merchant module's tables, read here
 * for those two names only).
 *
 * <p>Initiation stores {@code customer_phone} exactly as the merchant sent it, checked only against
 * {@link PaymentOrder#PHONE} ({@code +} then digits), and never rewrites it. A Senegalese number therefore
 * has more than one stored form: {@code +221771234567} as it should be, but also {@code +771234567} (the
 * nine digits behind a bare {@code +}) and {@code +00221771234567} (a typed {@code 00} kept), which the
 * rule lets through. A number the operator types that reads as Senegalese is looked for in all three.
 */
@Service
public class PaymentSearch {

    public static final int LIMIT = 50;

    /** A payment found, with whose it is (for the operator's console). */
    public record Found(Payment payment, MerchantId merchantId, String merchantName, String applicationName) {}

    // References, UUIDs and the providers' ids fit in 128 characters (provider_reference's width).
    private static final int MAX_KEY = 128;
    private static final int MAX_TYPED_PHONE = 40;
    private static final Pattern SEPARATORS = Pattern.compile("[\\s\\u00a0\\u202f().-]");
    private static final String SENEGAL = "+" + PhoneNumbers.countryCode(PhoneNumbers.SENEGAL);
    // The database's order (newest first, then the id as unsigned bytes, which its text form sorts as).
    private static final Comparator<Found> NEWEST_FIRST = Comparator.<Found, Instant>comparing(
                    f -> f.payment().createdAt())
            .thenComparing(f -> f.payment().transactionUuid().toString())
            .reversed();

    // The matching payments (PaymentRows' columns), newest first and at most :limit of them, then whose
    // they are: the join reads at most :limit applications and merchants by their primary keys.
    private static final String WHOSE =
            "SELECT f.*, a.merchant_id, m.name AS merchant_name, a.name AS application_name FROM (";
    private static final String JOINED = ") f JOIN applications a ON a.id = f.application_id"
            + " JOIN merchants m ON m.id = a.merchant_id ORDER BY f.created_at DESC, f.id DESC";
    private static final String NEWEST = " ORDER BY created_at DESC, id DESC LIMIT :limit";

    /** By the unique index payments_reference_uq. */
    static final String BY_REFERENCE = byColumn("reference");
    /** By the primary key. */
    static final String BY_TRANSACTION_UUID = byColumn("id");
    /** By payments_provider_reference_idx (V34). */
    static final String BY_PROVIDER_REFERENCE = byColumn("provider_reference");
    /** By payments_provider_transaction_idx (V34). */
    static final String BY_PROVIDER_TRANSACTION_ID = byColumn("provider_transaction_id");
    /** One stored form of a number, by payments_customer_phone_idx (V34), read backwards from :to. */
    static final String BY_CUSTOMER_PHONE = WHOSE + phoneBranch(0) + JOINED;
    /**
     * The three forms of a Senegalese number: one branch per form, each read backwards from :to and
     * stopping after :limit rows (as PaymentListing does per application), then merged.
     */
    static final String BY_SENEGALESE_PHONE = WHOSE + "SELECT * FROM ((" + phoneBranch(0) + ") UNION ALL ("
            + phoneBranch(1) + ") UNION ALL (" + phoneBranch(2) + ")) u" + NEWEST + JOINED;

    /** The payments a typed number was given for, by payment_starts_phone_idx (V48), read backwards from :to. */
    static final String BY_TYPED_PHONE = "SELECT payment_id FROM payment_starts WHERE customer_phone = :phone"
            + " AND created_at >= :from AND created_at < :to ORDER BY created_at DESC LIMIT :limit";
    /** Those payments, with whose they are. */
    static final String BY_IDS = WHOSE + "SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE id IN (:ids)" + JOINED;

    private final JdbcClient jdbc;
    private final RowMapper<Found> found;

    PaymentSearch(JdbcClient jdbc, PaymentRows rows) {
        this.jdbc = jdbc;
        this.found = (rs, n) -> new Found(
                rows.map(rs),
                MerchantId.from(rs, "merchant_id"),
                rs.getString("merchant_name"),
                rs.getString("application_name"));
    }

    /**
     * Whatever matches the text as a reference, a transaction id (UUID), a provider reference or a provider
     * transaction id; each tried by its own index; newest first, at most LIMIT. Blank or over 128 chars →
     * empty list.
     */
    public List<Found> byKey(String text) {
        String key = text.strip();
        if (key.isEmpty() || key.length() > MAX_KEY) {
            return List.of();
        }
        // Several kinds may match one text (a provider could use UUIDs): each payment once.
        Map<PaymentId, Found> matches = new LinkedHashMap<>();
        String upper = key.toUpperCase(Locale.ROOT);
        if (Reference.isWellFormed(upper)) {
            collect(matches, BY_REFERENCE, upper);
        }
        PaymentId id = transactionUuid(key);
        if (id != null) {
            collect(matches, BY_TRANSACTION_UUID, id.value());
        }
        // The providers' ids are theirs: matched exactly as written.
        collect(matches, BY_PROVIDER_REFERENCE, key);
        collect(matches, BY_PROVIDER_TRANSACTION_ID, key);
        return matches.values().stream().sorted(NEWEST_FIRST).limit(LIMIT).toList();
    }

    /**
     * The payments of a customer's number created in [from, to), newest first, at most LIMIT: the number
     * the merchant's server sent and the one typed at a counter or on a code form. The number is read as
     * people type it (spaces, +221, 00221, dots) and normalised the way payment initiation stores
     * customer_phone; an unreadable number → empty list.
     */
    public List<Found> byCustomerPhone(String phone, Instant from, Instant to) {
        List<String> forms = storedForms(phone);
        if (forms.isEmpty() || !from.isBefore(to)) {
            return List.of();
        }
        Map<String, Object> params = new HashMap<>();
        for (int i = 0; i < forms.size(); i++) {
            params.put("phone" + i, forms.get(i));
        }
        params.put("from", Timestamps.toDatabase(from));
        params.put("to", Timestamps.toDatabase(to));
        params.put("limit", LIMIT);
        Map<PaymentId, Found> matches = new LinkedHashMap<>();
        jdbc.sql(forms.size() == 1 ? BY_CUSTOMER_PHONE : BY_SENEGALESE_PHONE)
                .params(params)
                .query(found)
                .list()
                .forEach(f -> matches.put(f.payment().transactionUuid(), f));
        // The number typed at a counter or on a code form, kept in its one proper form (V48).
        List<UUID> typed = jdbc.sql(BY_TYPED_PHONE)
                .param("phone", forms.getFirst())
                .param("from", Timestamps.toDatabase(from))
                .param("to", Timestamps.toDatabase(to))
                .param("limit", LIMIT)
                .query((rs, n) -> rs.getObject("payment_id", UUID.class))
                .list();
        if (!typed.isEmpty()) {
            jdbc.sql(BY_IDS)
                    .param("ids", typed)
                    .query(found)
                    .list()
                    .forEach(f -> matches.putIfAbsent(f.payment().transactionUuid(), f));
        }
        return matches.values().stream().sorted(NEWEST_FIRST).limit(LIMIT).toList();
    }

    /** Whole payments by their ids, in no order; none for no id. */
    static List<Payment> byIds(JdbcClient jdbc, PaymentRows rows, List<UUID> ids) {
        return ids.isEmpty()
                ? List.of()
                : jdbc.sql("SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE id IN (:ids)")
                        .param("ids", ids)
                        .query(rows)
                        .list();
    }

    /**
     * What {@code customer_phone} may hold for a typed number: none when it is not a number; the three forms
     * of the class comment for a Senegalese one (the proper form first); else the typed one, {@code +} and
     * digits, which is how initiation requires it.
     */
    static List<String> storedForms(String typed) {
        if (typed.length() > MAX_TYPED_PHONE) {
            return List.of();
        }
        String number = SEPARATORS.matcher(typed.strip()).replaceAll("");
        if (number.startsWith("00")) {
            number = "+" + number.substring(2);
        } else if (!number.startsWith("+")) {
            // Without a country code: what libphonenumber reads as Senegalese (nine digits, or 221 and
            // nine digits). A number with its + is searched as sent, since payments keep it so.
            String e164 = PhoneNumbers.possibleE164(number, PhoneNumbers.SENEGAL);
            number = e164 == null ? number : e164;
        }
        if (!PaymentOrder.PHONE.matcher(number).matches()) {
            return List.of();
        }
        if (number.startsWith(SENEGAL) && number.length() == SENEGAL.length() + 9) {
            String national = number.substring(SENEGAL.length());
            return List.of(number, "+" + national, "+00221" + national);
        }
        return List.of(number);
    }

    private void collect(Map<PaymentId, Found> matches, String sql, Object key) {
        jdbc.sql(sql)
                .param("key", key)
                .param("limit", LIMIT)
                .query(found)
                .list()
                .forEach(f -> matches.putIfAbsent(f.payment().transactionUuid(), f));
    }

    private static @Nullable PaymentId transactionUuid(String text) {
        try {
            return PaymentId.valueOf(text);
        } catch (IllegalArgumentException notAUuid) {
            return null;
        }
    }

    private static String byColumn(String column) {
        return WHOSE + "SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE " + column + " = :key" + NEWEST + JOINED;
    }

    private static String phoneBranch(int form) {
        return "SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE customer_phone = :phone" + form
                + " AND created_at >= :from AND created_at < :to" + NEWEST;
    }
}
