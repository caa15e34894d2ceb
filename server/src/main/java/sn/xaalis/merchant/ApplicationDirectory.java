package sn.xaalis.merchant;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;

/** Read-only facts about applications that other modules need (webhooks, checkout pages). */
@Component
public class ApplicationDirectory {

    private final JdbcClient jdbc;
    private final ApiKeys apiKeys;

    ApplicationDirectory(JdbcClient jdbc, ApiKeys apiKeys) {
        this.jdbc = jdbc;
        this.apiKeys = apiKeys;
    }

    /**
     * Where and how to send an application's notifications.
     *
     * @param url the configured webhook URL, or null when none is set
     * @param secrets the secrets valid now for the environment, newest first
     */
    public record WebhookTarget(String url, List<String> secrets) {
        @Override
        public String toString() {
            return "WebhookTarget[url=" + url + ", secrets=" + secrets.size() + "]";
        }
    }

    /** What a customer-facing page shows and where it sends the customer afterwards. */
    public record Storefront(String merchantName, String callbackUrlSuccess, String callbackUrlFailure) {}

    public Optional<WebhookTarget> webhookTarget(UUID applicationId, Environment environment) {
        return jdbc.sql("SELECT webhook_url FROM applications WHERE id = :id")
                .param("id", applicationId)
                .query((rs, n) -> Optional.ofNullable(rs.getString(1)))
                .optional()
                .map(url -> new WebhookTarget(url.orElse(null), apiKeys.activeSecrets(applicationId, environment)));
    }

    public Optional<Storefront> storefront(UUID applicationId) {
        return jdbc.sql("SELECT m.name, a.callback_url_success, a.callback_url_failure FROM applications a"
                        + " JOIN merchants m ON m.id = a.merchant_id WHERE a.id = :id")
                .param("id", applicationId)
                .query((rs, n) -> new Storefront(rs.getString(1), rs.getString(2), rs.getString(3)))
                .optional();
    }
}
