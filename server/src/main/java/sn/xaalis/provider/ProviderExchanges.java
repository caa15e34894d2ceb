package sn.xaalis.provider;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.lang.Contract;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.DeletionBatches;
import sn.xaalis.platform.Timestamps;

/**
 * Every request to and from a provider, kept for the payment's detail page. Bodies are redacted and
 * cut before they are stored: no token, client secret or shared secret ever reaches this table.
 */
@Repository
public class ProviderExchanges {

    private static final Logger log = LoggerFactory.getLogger(ProviderExchanges.class);
    static final int MAX_BODY = 2048;
    private static final Pattern SECRET_FIELDS = Pattern.compile(
            "(\"(?:access_token|refresh_token|client_?secret|api_?key|secret|otp|pin_?code|encrypted_?pin_?code)\"\\s*:\\s*)\"[^\"]*\"",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern IMAGES = Pattern.compile("(\"qrCode\"\\s*:\\s*)\"[^\"]{64,}\"");

    private final JdbcClient jdbc;
    private final Clock clock;
    private final DeletionBatches batches;

    ProviderExchanges(JdbcClient jdbc, Clock clock, DeletionBatches batches) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.batches = batches;
    }

    public enum Direction {
        OUTBOUND,
        INBOUND
    }

    /**
     * One exchange.
     *
     * @param responseStatus null when no response came (timeout, refused connection)
     * @param outcome what we made of it, in words
     */
    public record Exchange(
            @Nullable String reference,
            Provider provider,
            Direction direction,
            String operation,
            String method,
            String url,
            @Nullable String requestBody,
            @Nullable Integer responseStatus,
            @Nullable String responseBody,
            String outcome,
            long durationMillis,
            Instant at) {}

    /** Records an exchange; never fails the caller, whose payment matters more than its log. */
    public void record(
            @Nullable String reference,
            Provider provider,
            Direction direction,
            String operation,
            String method,
            String url,
            @Nullable String requestBody,
            @Nullable Integer responseStatus,
            @Nullable String responseBody,
            String outcome,
            long durationMillis) {
        try {
            jdbc.sql("INSERT INTO provider_exchanges (reference, provider, direction, operation, method, url,"
                            + " request_body, response_status, response_body, outcome, duration_ms, occurred_at)"
                            + " VALUES (:reference, :provider, :direction, :operation, :method, :url, :request,"
                            + " :status, :response, :outcome, :duration, :at)")
                    .param("reference", reference)
                    .param("provider", provider.name())
                    .param("direction", direction.name())
                    .param("operation", operation)
                    .param("method", method)
                    .param("url", cut(url, 2048))
                    .param("request", redact(requestBody))
                    .param("status", responseStatus)
                    .param("response", redact(responseBody))
                    .param("outcome", cut(outcome, 500))
                    .param("duration", durationMillis)
                    .param("at", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                    .update();
        } catch (RuntimeException e) {
            log.warn("Could not record a {} exchange with {}: {}", operation, provider, e.toString());
        }
    }

    /** A payment's exchanges, oldest first. */
    public List<Exchange> forReference(String reference) {
        return jdbc.sql("SELECT reference, provider, direction, operation, method, url, request_body,"
                        + " response_status, response_body, outcome, duration_ms, occurred_at"
                        + " FROM provider_exchanges WHERE reference = :reference ORDER BY id LIMIT 500")
                .param("reference", reference)
                .query((rs, n) -> new Exchange(
                        rs.getString("reference"),
                        Provider.valueOf(rs.getString("provider")),
                        Direction.valueOf(rs.getString("direction")),
                        rs.getString("operation"),
                        rs.getString("method"),
                        rs.getString("url"),
                        rs.getString("request_body"),
                        rs.getObject("response_status", Integer.class),
                        rs.getString("response_body"),
                        rs.getString("outcome"),
                        rs.getLong("duration_ms"),
                        Timestamps.fromDatabase(rs.getObject("occurred_at", OffsetDateTime.class))))
                .list();
    }

    /**
     * Retention (D24): deletes up to {@code batch} exchanges older than {@code cutoff}, oldest first, in
     * one short transaction. Rows another node is deleting are skipped, not waited for, so every node
     * can run this at the same moment.
     */
    public int purgeBefore(Instant cutoff, int batch) {
        // By the occurred_at index of V14: a range scan that stops after the batch.
        return batches.deleteOldest(
                "provider_exchanges",
                "occurred_at < :cutoff",
                "occurred_at",
                Map.of("cutoff", Timestamps.toDatabase(cutoff)),
                batch);
    }

    /** Masks secret-bearing JSON fields and shortens embedded images, then cuts to {@link #MAX_BODY}. */
    @Contract("null -> null; !null -> !null")
    static @Nullable String redact(@Nullable String body) {
        if (body == null) {
            return null;
        }
        String masked = SECRET_FIELDS.matcher(body).replaceAll("$1\"[redacted]\"");
        masked = IMAGES.matcher(masked).replaceAll("$1\"[image]\"");
        return cut(masked, MAX_BODY);
    }

    private static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        return text.substring(0, max - 1) + "…";
    }
}
