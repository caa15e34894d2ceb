package sn.xaalis.connection;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator's side of connections, under the admin API (its bearer token, {@code /admin/**}):
 * {@code PUT} stores credentials and sets them up with the provider, {@code GET} shows a connection
 * without its secrets, {@code DELETE} removes it, {@code POST …/test} checks it again.
 */
@RestController
@RequestMapping("/admin/v1/applications/{application_id}/connections/{provider}")
record ConnectionApiController(ConnectionSettings settings, MerchantApplications applications, JsonMapper json) {

    private static final int MAX_BODY_BYTES = 16 * 1024;

    /** The answer's shape: no credential, the last four characters of each. */
    record ConnectionJson(
            ConnectionId id,
            String provider,
            String status,
            @Nullable String statusMessage,
            String checkedAt,
            String inboundUrl,
            Map<String, String> last4,
            @Nullable String webhookStrategy,
            @Nullable String previousSecretValidUntil,
            String createdAt,
            String updatedAt,
            @Nullable String retailerPinRefusedAt,
            @Nullable String retailerPinRefusal) {

        static ConnectionJson of(ConnectionView v) {
            return new ConnectionJson(
                    v.id(),
                    v.provider().name(),
                    v.status().value(),
                    v.statusMessage(),
                    Timestamps.micros(v.checkedAt()),
                    v.inboundUrl(),
                    v.last4(),
                    v.webhookStrategy() == null ? null : v.webhookStrategy().value(),
                    Timestamps.micros(v.previousSecretUntil()),
                    Timestamps.micros(v.createdAt()),
                    Timestamps.micros(v.updatedAt()),
                    Timestamps.micros(v.pinRefusedAt()),
                    v.pinRefusal());
        }
    }

    @PutMapping
    ConnectionJson save(
            @PathVariable("application_id") ApplicationId applicationId,
            @PathVariable String provider,
            HttpServletRequest request) {
        Provider known = provider(applicationId, provider);
        JsonNode body = JsonBodies.parseObject(JsonBodies.read(request, MAX_BODY_BYTES), json);
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, List<String>> errors = new LinkedHashMap<>();
        for (String field : ConnectionRequest.fieldsOf(known)) {
            JsonNode value = body.get(field);
            if (value == null || value.isNull()) {
                continue;
            }
            if (value.isString()) {
                fields.put(field, value.stringValue());
            } else {
                errors.put(field, List.of("must be a string"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return ConnectionJson.of(settings.save(applicationId, known, fields));
    }

    @GetMapping
    ConnectionJson connection(
            @PathVariable("application_id") ApplicationId applicationId, @PathVariable String provider) {
        Provider known = provider(applicationId, provider);
        return settings.view(applicationId, known)
                .map(ConnectionJson::of)
                .orElseThrow(() -> ApiException.notFound("No " + known + " connection for this application"));
    }

    @DeleteMapping
    ResponseEntity<Void> remove(
            @PathVariable("application_id") ApplicationId applicationId, @PathVariable String provider) {
        settings.remove(applicationId, provider(applicationId, provider));
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/test")
    ConnectionJson test(@PathVariable("application_id") ApplicationId applicationId, @PathVariable String provider) {
        return ConnectionJson.of(settings.test(applicationId, provider(applicationId, provider)));
    }

    /** 404 for an unknown application or provider name alike. */
    private Provider provider(ApplicationId applicationId, String name) {
        applications.operatorDetails(applicationId);
        return Provider.fromName(name).orElseThrow(() -> ApiException.notFound("No such provider: " + name));
    }
}
