package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;
import static sn.xaalis.admin.OperatorRequests.names;
import static sn.xaalis.admin.OperatorRequests.optionalText;
import static sn.xaalis.admin.OperatorRequests.providers;
import static sn.xaalis.admin.OperatorRequests.text;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.merchant.ApplicationChanges;
import sn.xaalis.merchant.ApplicationCreation;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.ApplicationSettings;
import sn.xaalis.merchant.IssuedKeys;
import sn.xaalis.merchant.KeyIssuance;
import sn.xaalis.merchant.KeyRevocation;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.NewApplicationRequest;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.JsonNode;

/** Operator onboarding of applications: creating one, its settings, and its keys. */
@RestController
@RequestMapping("/admin/v1")
class ApplicationsAdminController {

    private final ApplicationCreation creation;
    private final MerchantApplications applications;
    private final ApplicationSettings settings;
    private final KeyIssuance keys;
    /** Revokes a key pair immediately (a leaked secret must stop working now, not after an overlap). */
    private final KeyRevocation revocation;

    private final OperatorRequests requests;

    ApplicationsAdminController(
            ApplicationCreation creation,
            MerchantApplications applications,
            ApplicationSettings settings,
            KeyIssuance keys,
            KeyRevocation revocation,
            OperatorRequests requests) {
        this.creation = creation;
        this.applications = applications;
        this.settings = settings;
        this.keys = keys;
        this.revocation = revocation;
        this.requests = requests;
    }

    record KeysJson(String apiKey, String apiSecret, String environment) {
        static KeysJson of(IssuedKeys keys) {
            return new KeysJson(
                    keys.apiKey(), keys.apiSecret(), keys.environment().value());
        }
    }

    record CreatedApplicationJson(
            ApplicationId id, String endpointKey, String name, List<String> providers, KeysJson sandbox) {}

    record KeyJson(String apiKey, String environment, String createdAt, String expiresAt, String revokedAt) {}

    record ApplicationJson(
            ApplicationId id,
            MerchantId merchantId,
            String endpointKey,
            String name,
            @Nullable String webhookUrl,
            @Nullable String callbackUrlSuccess,
            @Nullable String callbackUrlFailure,
            List<String> providers,
            Map<String, List<String>> providersByEnvironment,
            boolean liveEnabled,
            List<KeyJson> keys,
            String createdAt) {

        static ApplicationJson of(ApplicationDetails a) {
            Map<String, List<String>> byEnvironment = new TreeMap<>();
            a.providers().forEach((environment, set) -> byEnvironment.put(environment.value(), names(set)));
            return new ApplicationJson(
                    a.id(),
                    a.merchantId(),
                    a.endpointKey(),
                    a.name(),
                    a.webhookUrl(),
                    a.callbackUrlSuccess(),
                    a.callbackUrlFailure(),
                    names(a.providers().get(Environment.SANDBOX)),
                    byEnvironment,
                    a.liveEnabled(),
                    a.keys().stream()
                            .map(k -> new KeyJson(
                                    k.apiKey(),
                                    k.environment().value(),
                                    Timestamps.micros(k.createdAt()),
                                    Timestamps.micros(k.expiresAt()),
                                    Timestamps.micros(k.revokedAt())))
                            .toList(),
                    Timestamps.micros(a.createdAt()));
        }
    }

    @PostMapping("/merchants/{merchantId}/applications")
    ResponseEntity<CreatedApplicationJson> createApplication(
            @PathVariable MerchantId merchantId, HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        var created = new NewApplicationRequest(
                text(body, "name", errors),
                text(body, "webhook_url", errors),
                text(body, "callback_url_success", errors),
                text(body, "callback_url_failure", errors),
                providers(body, errors).orElse(Set.of()));
        failIfAny(errors);
        var application = creation.createApplication(merchantId, created);
        ApplicationDetails details = application.application();
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(new CreatedApplicationJson(
                        details.id(),
                        details.endpointKey(),
                        details.name(),
                        names(details.providers().get(Environment.SANDBOX)),
                        KeysJson.of(application.sandboxKeys())));
    }

    @GetMapping("/applications/{applicationId}")
    ApplicationJson application(@PathVariable ApplicationId applicationId) {
        return ApplicationJson.of(applications.operatorDetails(applicationId));
    }

    @PatchMapping("/applications/{applicationId}")
    ApplicationJson updateApplication(@PathVariable ApplicationId applicationId, HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Optional<Boolean> live = Optional.empty();
        if (body.has("live_enabled")) {
            JsonNode value = body.get("live_enabled");
            if (value.isBoolean()) {
                live = Optional.of(value.booleanValue());
            } else {
                errors.put("live_enabled", List.of("must be true or false"));
            }
        }
        var changes = new ApplicationChanges(
                optionalText(body, "webhook_url", errors),
                optionalText(body, "callback_url_success", errors),
                optionalText(body, "callback_url_failure", errors),
                providers(body, errors),
                live);
        failIfAny(errors);
        return ApplicationJson.of(settings.operatorUpdate(applicationId, changes));
    }

    @PostMapping("/applications/{applicationId}/keys")
    ResponseEntity<KeysJson> issueKeys(@PathVariable ApplicationId applicationId, HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String value = text(body, "environment", errors);
        Optional<Environment> environment = Environment.fromValue(value);
        if (errors.isEmpty() && environment.isEmpty()) {
            errors.put("environment", List.of("must be sandbox or live"));
        }
        failIfAny(errors);
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(KeysJson.of(keys.issueKeys(applicationId, environment.get())));
    }

    @DeleteMapping("/applications/{applicationId}/keys/{apiKey}")
    ResponseEntity<Void> revokeKey(@PathVariable ApplicationId applicationId, @PathVariable String apiKey) {
        revocation.revoke(applicationId, apiKey);
        return ResponseEntity.noContent().build();
    }
}
