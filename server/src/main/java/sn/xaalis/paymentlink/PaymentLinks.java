package sn.xaalis.paymentlink;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The payment_links table; every read carries the status of the payment holding a single-use link. */
@Repository
class PaymentLinks {

    private static final String SELECT = "SELECT l.id, l.code, l.application_id, l.merchant_id, l.environment,"
            + " l.amount, l.min_amount, l.max_amount, l.currency, l.description, l.providers, l.single_use,"
            + " l.expires_at, l.max_payments_per_hour, l.active, l.open_payment_id, p.status, l.claimed_at,"
            + " l.created_at"
            + " FROM payment_links l LEFT JOIN payments p ON p.id = l.open_payment_id";
    private static final String BEFORE_CURSOR =
            " AND (l.created_at < :cursorAt OR (l.created_at = :cursorAt AND l.id < :cursorId))";
    private static final String NEWEST_FIRST = " ORDER BY l.created_at DESC, l.id DESC LIMIT :limit";

    /** What {@link #takings} reads: by the links' own rows (the key), then each payment by its id. */
    static final String TAKINGS = "SELECT lp.link_id, COUNT(*) AS paid, SUM(p.amount) AS collected"
            + " FROM payment_link_payments lp JOIN payments p ON p.id = lp.payment_id AND p.status = 'SUCCESS'"
            + " WHERE lp.link_id IN (:links) GROUP BY lp.link_id";

    private final JdbcClient jdbc;

    PaymentLinks(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(PaymentLink link) {
        jdbc.sql("INSERT INTO payment_links (id, code, application_id, merchant_id, environment, amount, min_amount,"
                        + " max_amount, currency, description, providers, single_use, expires_at,"
                        + " max_payments_per_hour, active, created_at) VALUES (:id, :code, :app, :merchant, :env,"
                        + " :amount, :min, :max, :currency, :description, :providers, :singleUse, :expiresAt, :cap,"
                        + " TRUE, :createdAt)")
                .param("id", link.id())
                .param("code", link.code())
                .param("app", link.applicationId().value())
                .param("merchant", link.merchantId().value())
                .param("env", link.environment().value())
                .param("amount", link.amount())
                .param("min", link.minAmount())
                .param("max", link.maxAmount())
                .param("currency", link.currency())
                .param("description", link.description())
                .param("providers", providers(link.providers()))
                .param("singleUse", link.singleUse())
                .param("expiresAt", Timestamps.toDatabase(link.expiresAt()))
                .param("cap", link.maxPaymentsPerHour())
                .param("createdAt", Timestamps.toDatabase(link.createdAt()))
                .update();
    }

    Optional<PaymentLink> find(String code) {
        return jdbc.sql(SELECT + " WHERE l.code = :code")
                .param("code", code)
                .query((rs, n) -> map(rs))
                .optional();
    }

    /** A page of one application's links in one environment, newest first, after the position if any. */
    List<PaymentLink> ofApplication(
            ApplicationId applicationId, Environment environment, PaymentFilter.@Nullable Position after, int limit) {
        var spec = jdbc.sql(SELECT + " WHERE l.application_id = :app AND l.environment = :env"
                        + (after == null ? "" : BEFORE_CURSOR) + NEWEST_FIRST)
                .param("app", applicationId.value())
                .param("env", environment.value());
        return page(spec, after, limit);
    }

    /** A page of a merchant's links across its applications, newest first. */
    List<PaymentLink> ofMerchant(MerchantId merchantId, PaymentFilter.@Nullable Position after, int limit) {
        var spec = jdbc.sql(SELECT + " WHERE l.merchant_id = :merchant" + (after == null ? "" : BEFORE_CURSOR)
                        + NEWEST_FIRST)
                .param("merchant", merchantId.value());
        return page(spec, after, limit);
    }

    private static List<PaymentLink> page(
            JdbcClient.StatementSpec spec, PaymentFilter.@Nullable Position after, int limit) {
        if (after != null) {
            spec = spec.param("cursorAt", Timestamps.toDatabase(after.createdAt()))
                    .param("cursorId", after.id());
        }
        return spec.param("limit", limit).query((rs, n) -> map(rs)).list();
    }

    /** Deactivates the link if it belongs to the application and environment (the API); false when none does. */
    boolean deactivateOfApplication(String code, ApplicationId applicationId, Environment environment, Instant now) {
        return deactivate(code, "application_id = :app AND environment = :env", now)
                        .param("app", applicationId.value())
                        .param("env", environment.value())
                        .update()
                == 1;
    }

    /** Deactivates the link if it belongs to the merchant (the portal); false when none does. */
    boolean deactivateOfMerchant(String code, MerchantId merchantId, Instant now) {
        return deactivate(code, "merchant_id = :merchant", now)
                        .param("merchant", merchantId.value())
                        .update()
                == 1;
    }

    private JdbcClient.StatementSpec deactivate(String code, String owner, Instant now) {
        return jdbc.sql("UPDATE payment_links SET active = FALSE,"
                        + " deactivated_at = COALESCE(deactivated_at, :now) WHERE code = :code AND " + owner)
                .param("now", Timestamps.toDatabase(now))
                .param("code", code);
    }

    /**
     * Single use (D22): the link is taken for {@code paymentId} in one conditional update, so of two
     * customers at the same moment exactly one gets it; the database, not this node, decides. The link
     * is free when no payment holds it, when the one that did has FAILED, was CANCELLED or EXPIRED,
     * or when its claim was abandoned before its payment was stored. A SUCCESS (or REFUNDED) payment
     * keeps it closed.
     */
    boolean claim(UUID linkId, PaymentId paymentId, Instant now) {
        return jdbc.sql("UPDATE payment_links SET open_payment_id = :payment, claimed_at = :now"
                                + " WHERE id = :id AND active AND (expires_at IS NULL OR expires_at > :now) AND ("
                                + " open_payment_id IS NULL"
                                + " OR EXISTS (SELECT 1 FROM payments p WHERE p.id = payment_links.open_payment_id"
                                + " AND p.status IN ('FAILED', 'CANCELLED', 'EXPIRED'))"
                                + " OR (claimed_at <= :abandoned AND NOT EXISTS"
                                + " (SELECT 1 FROM payments p WHERE p.id = payment_links.open_payment_id)))")
                        .param("payment", paymentId.value())
                        .param("now", Timestamps.toDatabase(now))
                        .param("abandoned", Timestamps.toDatabase(now.minus(PaymentLink.ABANDONED_CLAIM)))
                        .param("id", linkId)
                        .update()
                == 1;
    }

    /** Gives the link back when the claimed payment was never stored (initiation refused or failed). */
    void release(UUID linkId, PaymentId paymentId) {
        jdbc.sql("UPDATE payment_links SET open_payment_id = NULL, claimed_at = NULL"
                        + " WHERE id = :id AND open_payment_id = :payment"
                        + " AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = :payment)")
                .param("id", linkId)
                .param("payment", paymentId.value())
                .update();
    }

    /**
     * Notes that the payment {@code paymentId}, not yet initiated, is started from the link; a payment
     * never stored leaves a row that matches nothing, which {@link #forget} removes.
     */
    void recordPayment(UUID linkId, PaymentId paymentId) {
        jdbc.sql("INSERT INTO payment_link_payments (link_id, payment_id) VALUES (:link, :payment)")
                .param("link", linkId)
                .param("payment", paymentId.value())
                .update();
    }

    /** The row of a payment whose initiation was refused or failed (it was never stored). */
    void forget(UUID linkId, PaymentId paymentId) {
        jdbc.sql("DELETE FROM payment_link_payments WHERE link_id = :link AND payment_id = :payment"
                        + " AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = :payment)")
                .param("link", linkId)
                .param("payment", paymentId.value())
                .update();
    }

    /**
     * The successful payments of each of these links and their sum, in one query for a whole page of
     * links: by the table's key it reads only these links' own payments (a link with none is absent).
     */
    Map<UUID, LinkTakings> takings(Collection<UUID> linkIds) {
        if (linkIds.isEmpty()) {
            return Map.of();
        }
        Map<UUID, LinkTakings> takings = new HashMap<>();
        jdbc.sql(TAKINGS).param("links", List.copyOf(linkIds)).query(rs -> {
            takings.put(
                    rs.getObject("link_id", UUID.class),
                    new LinkTakings(rs.getLong("paid"), rs.getBigDecimal("collected")));
        });
        return takings;
    }

    private static String providers(Set<Provider> providers) {
        return providers.stream().sorted().map(Provider::name).collect(Collectors.joining(","));
    }

    private static PaymentLink map(ResultSet rs) throws SQLException {
        Set<Provider> providers = EnumSet.noneOf(Provider.class);
        Arrays.stream(rs.getString("providers").split(","))
                .forEach(name -> Provider.fromName(name).ifPresent(providers::add));
        String openStatus = rs.getString("status");
        return new PaymentLink(
                rs.getObject("id", UUID.class),
                rs.getString("code"),
                ApplicationId.from(rs, "application_id"),
                MerchantId.from(rs, "merchant_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                rs.getBigDecimal("amount"),
                rs.getBigDecimal("min_amount"),
                rs.getBigDecimal("max_amount"),
                rs.getString("currency"),
                rs.getString("description"),
                providers,
                rs.getBoolean("single_use"),
                instant(rs, "expires_at"),
                rs.getObject("max_payments_per_hour", Integer.class),
                rs.getBoolean("active"),
                PaymentId.fromNullable(rs, "open_payment_id"),
                openStatus == null ? null : PaymentStatus.fromName(openStatus).orElse(null),
                instant(rs, "claimed_at"),
                instant(rs, "created_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
    }
}
