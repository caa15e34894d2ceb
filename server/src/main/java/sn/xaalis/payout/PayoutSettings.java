package sn.xaalis.payout;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.egress.Cidr;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Timestamps;

/**
 * Each application's payout settings: off until the merchant turns them on, its daily caps (under the
 * operator's maximums), and the server addresses its payout requests may come from.
 */
@Component
public class PayoutSettings {

    /**
     * @param allowedAddresses ranges the API requests must come from; empty: any address
     */
    public record Settings(boolean enabled, BigDecimal dailyAmountCap, int dailyCountCap, List<Cidr> allowedAddresses) {

        public Settings {
            allowedAddresses = List.copyOf(allowedAddresses);
        }

        /** Whether a request from {@code address} (as the servlet gives it) may ask for payouts. */
        public boolean allows(String address) {
            if (allowedAddresses.isEmpty()) {
                return true;
            }
            try {
                InetAddress parsed = InetAddress.ofLiteral(address);
                return allowedAddresses.stream().anyMatch(range -> range.contains(parsed));
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
    }

    private final JdbcClient jdbc;
    private final PayoutProperties properties;
    private final AuditTrail audit;
    private final TransactionTemplate transactions;
    private final Clock clock;

    PayoutSettings(
            JdbcClient jdbc,
            PayoutProperties properties,
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.audit = audit;
        this.transactions = transactions;
        this.jdbc = jdbc;
        this.properties = properties;
        this.clock = clock;
    }

    /** An application's settings; off, with the operator's maximums as caps, until it saves its own. */
    public Settings of(ApplicationId applicationId) {
        return jdbc.sql("SELECT enabled, daily_amount_cap, daily_count_cap, allowed_addresses FROM payout_settings"
                        + " WHERE application_id = :app")
                .param("app", applicationId.value())
                .query((rs, n) -> new Settings(
                        rs.getBoolean(1),
                        rs.getBigDecimal(2).min(properties.maxDailyAmount()),
                        Math.min(rs.getInt(3), properties.maxDailyCount()),
                        ranges(rs.getString(4))))
                .optional()
                .orElseGet(
                        () -> new Settings(false, properties.maxDailyAmount(), properties.maxDailyCount(), List.of()));
    }

    /**
     * Saves an application's settings, the caps brought under the operator's maximums. The portal asks
     * for the merchant's password (or code) before it calls this.
     */
    public Settings save(ApplicationId applicationId, Settings settings) {
        // The change and its entry in the trail commit together, or neither does.
        return java.util.Objects.requireNonNull(transactions.execute(tx -> {
            Settings before = of(applicationId);
            BigDecimal amountCap = settings.dailyAmountCap().min(properties.maxDailyAmount());
            int countCap = Math.min(settings.dailyCountCap(), properties.maxDailyCount());
            String addresses = String.join(
                    ",",
                    settings.allowedAddresses().stream().map(Cidr::toString).toList());
            var params = jdbc.sql("UPDATE payout_settings SET enabled = :enabled, daily_amount_cap = :amount,"
                    + " daily_count_cap = :count, allowed_addresses = :addresses, updated_at = :now"
                    + " WHERE application_id = :app");
            int updated = bind(params, applicationId, settings.enabled(), amountCap, countCap, addresses)
                    .update();
            if (updated == 0) {
                bind(
                                jdbc.sql("INSERT INTO payout_settings (application_id, enabled, daily_amount_cap,"
                                        + " daily_count_cap, allowed_addresses, updated_at) VALUES (:app, :enabled,"
                                        + " :amount, :count, :addresses, :now) ON CONFLICT DO NOTHING"),
                                applicationId,
                                settings.enabled(),
                                amountCap,
                                countCap,
                                addresses)
                        .update();
            }
            Settings after = of(applicationId);
            audit.record("payout.settings.changed", null, applicationId.toString(), audited(before), audited(after));
            return after;
        }));
    }

    private static Map<String, Object> audited(Settings settings) {
        return Map.of(
                "enabled", settings.enabled(),
                "daily_amount_cap", settings.dailyAmountCap().toPlainString(),
                "daily_count_cap", settings.dailyCountCap(),
                "allowed_addresses",
                        String.join(
                                ",",
                                settings.allowedAddresses().stream()
                                        .map(Cidr::toString)
                                        .toList()));
    }

    private JdbcClient.StatementSpec bind(
            JdbcClient.StatementSpec statement,
            ApplicationId applicationId,
            boolean enabled,
            BigDecimal amountCap,
            int countCap,
            String addresses) {
        return statement
                .param("app", applicationId.value())
                .param("enabled", enabled)
                .param("amount", amountCap)
                .param("count", countCap)
                .param("addresses", addresses)
                .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())));
    }

    private static List<Cidr> ranges(String text) {
        return text.isBlank()
                ? List.of()
                : Arrays.stream(text.split(",")).map(Cidr::parse).toList();
    }
}
