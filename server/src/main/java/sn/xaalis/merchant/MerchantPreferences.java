package sn.xaalis.merchant;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.audit.AuditTrail;

/** How a merchant wants the portal to read: the time zone its times are shown in. */
@Service
public class MerchantPreferences {

    /**
     * The zones offered, by city: West Africa's first (where our merchants are), then neighbours, Paris,
     * UTC. Any valid zone id is accepted; pages name each by its city, never by this id.
     */
    public static final List<ZoneId> USUAL_ZONES = List.of(
                    "Africa/Dakar",
                    "Africa/Abidjan",
                    "Africa/Bamako",
                    "Africa/Ouagadougou",
                    "Africa/Niamey",
                    "Africa/Lome",
                    "Africa/Porto-Novo",
                    "Africa/Conakry",
                    "Africa/Nouakchott",
                    "Africa/Banjul",
                    "Africa/Bissau",
                    "Africa/Accra",
                    "Africa/Lagos",
                    "Africa/Douala",
                    "Africa/Libreville",
                    "Africa/Casablanca",
                    "Europe/Paris",
                    "UTC")
            .stream()
            .map(ZoneId::of)
            .toList();

    private final JdbcClient jdbc;
    private final AuditTrail audit;

    MerchantPreferences(JdbcClient jdbc, AuditTrail audit) {
        this.jdbc = jdbc;
        this.audit = audit;
    }

    /** One primary-key read, on every portal page. */
    public ZoneId timeZone(MerchantId merchantId) {
        return jdbc.sql("SELECT time_zone FROM merchants WHERE id = :id")
                .param("id", merchantId.value())
                .query(String.class)
                .optional()
                .map(ZoneId::of)
                .orElse(USUAL_ZONES.getFirst());
    }

    public void setTimeZone(MerchantId merchantId, String zone) {
        ZoneId parsed;
        try {
            parsed = ZoneId.of(zone == null ? "" : zone.strip());
        } catch (DateTimeException e) {
            throw new MerchantRefusal.FieldsInvalid(
                    Map.of("time_zone", List.of("must be a time zone such as Africa/Dakar")));
        }
        ZoneId before = timeZone(merchantId);
        jdbc.sql("UPDATE merchants SET time_zone = :zone WHERE id = :id")
                .param("zone", parsed.getId())
                .param("id", merchantId.value())
                .update();
        audit.record(
                "merchant.time_zone.changed",
                merchantId.value(),
                merchantId.toString(),
                Map.of("time_zone", before.getId()),
                Map.of("time_zone", parsed.getId()));
    }
}
