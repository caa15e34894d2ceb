package sn.xaalis.merchant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The applications and provider_activations tables. */
@Repository
class Applications {

    private final JdbcClient jdbc;

    Applications(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Row(
            ApplicationId id,
            MerchantId merchantId,
            String name,
            String endpointKey,
            @Nullable String webhookUrl,
            @Nullable String callbackUrlSuccess,
            @Nullable String callbackUrlFailure,
            boolean liveEnabled,
            Instant createdAt) {}

    void insert(Row row) {
        jdbc.sql("INSERT INTO applications (id, merchant_id, name, endpoint_key, webhook_url, callback_url_success,"
                        + " callback_url_failure, live_enabled, created_at, updated_at)"
                        + " VALUES (:id, :merchant, :name, :endpoint, :webhook, :success, :failure, :live, :at, :at)")
                .param("id", row.id().value())
                .param("merchant", row.merchantId().value())
                .param("name", row.name())
                .param("endpoint", row.endpointKey())
                .param("webhook", row.webhookUrl())
                .param("success", row.callbackUrlSuccess())
                .param("failure", row.callbackUrlFailure())
                .param("live", row.liveEnabled())
                .param("at", Timestamps.toDatabase(row.createdAt()))
                .update();
    }

    /** Locks the row so that concurrent setting changes (e.g. go-live checks) apply one after the other. */
    Optional<Row> findForUpdate(ApplicationId id) {
        return jdbc.sql(SELECT + " WHERE id = :id FOR UPDATE")
                .param("id", id.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    List<Row> ofMerchant(MerchantId merchantId) {
        return jdbc.sql(SELECT + " WHERE merchant_id = :merchant ORDER BY created_at, id")
                .param("merchant", merchantId.value())
                .query((rs, n) -> map(rs))
                .list();
    }

    Optional<Row> find(ApplicationId id) {
        return jdbc.sql(SELECT + " WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    void update(Row row, Instant now) {
        jdbc.sql("UPDATE applications SET webhook_url = :webhook, callback_url_success = :success,"
                        + " callback_url_failure = :failure, live_enabled = :live, updated_at = :at WHERE id = :id")
                .param("webhook", row.webhookUrl())
                .param("success", row.callbackUrlSuccess())
                .param("failure", row.callbackUrlFailure())
                .param("live", row.liveEnabled())
                .param("at", Timestamps.toDatabase(now))
                .param("id", row.id().value())
                .update();
    }

    Set<Provider> providers(ApplicationId applicationId, Environment environment) {
        Set<Provider> providers = EnumSet.noneOf(Provider.class);
        jdbc.sql("SELECT provider FROM provider_activations WHERE application_id = :app AND environment = :env")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query(String.class)
                .list()
                .forEach(name -> Provider.fromName(name).ifPresent(providers::add));
        return providers;
    }

    Map<Environment, Set<Provider>> providers(ApplicationId applicationId) {
        Map<Environment, Set<Provider>> result = new EnumMap<>(Environment.class);
        jdbc.sql("SELECT environment, provider FROM provider_activations WHERE application_id = :app")
                .param("app", applicationId.value())
                .query((rs, n) -> {
                    var environment = Environment.fromValue(rs.getString("environment"));
                    var provider = Provider.fromName(rs.getString("provider"));
                    if (environment.isPresent() && provider.isPresent()) {
                        result.computeIfAbsent(environment.get(), e -> EnumSet.noneOf(Provider.class))
                                .add(provider.get());
                    }
                    return null;
                })
                .list();
        for (Environment environment : Environment.values()) {
            result.putIfAbsent(environment, EnumSet.noneOf(Provider.class)); // every environment, even without any
        }
        return result;
    }

    /** Under the application's row lock (callers take it): two at once would both insert the same rows. */
    void replaceProviders(ApplicationId applicationId, Environment environment, Set<Provider> providers, Instant now) {
        jdbc.sql("DELETE FROM provider_activations WHERE application_id = :app AND environment = :env")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .update();
        for (Provider provider : providers) {
            jdbc.sql("INSERT INTO provider_activations (application_id, environment, provider, activated_at)"
                            + " VALUES (:app, :env, :provider, :at)")
                    .param("app", applicationId.value())
                    .param("env", environment.value())
                    .param("provider", provider.name())
                    .param("at", Timestamps.toDatabase(now))
                    .update();
        }
    }

    private static final String SELECT = "SELECT id, merchant_id, name, endpoint_key, webhook_url,"
            + " callback_url_success, callback_url_failure, live_enabled, created_at FROM applications";

    private static Row map(ResultSet rs) throws SQLException {
        return new Row(
                ApplicationId.from(rs, "id"),
                MerchantId.from(rs, "merchant_id"),
                rs.getString("name"),
                rs.getString("endpoint_key"),
                rs.getString("webhook_url"),
                rs.getString("callback_url_success"),
                rs.getString("callback_url_failure"),
                rs.getBoolean("live_enabled"),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)));
    }
}
