package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
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
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.IssuedKeys;
import sn.xaalis.merchant.KeyRevocation;
import sn.xaalis.merchant.LiveApproval;
import sn.xaalis.merchant.MerchantOnboarding;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.webhook.NotificationView;
import sn.xaalis.webhook.WebhookDeliveries;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Operator onboarding: merchants, applications, settings and keys. */
@RestController
@RequestMapping("/admin/v1")
class AdminController {

    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final MerchantOnboarding onboarding;
    /** Revokes a key pair immediately (a leaked secret must stop working now, not after an overlap). */
    private final KeyRevocation revocation;

    private final WebhookDeliveries deliveries;
    private final JsonMapper json;

    AdminController(
            MerchantOnboarding onboarding, KeyRevocation revocation, WebhookDeliveries deliveries, JsonMapper json) {
        this.onboarding = onboarding;
        this.revocation = revocation;
        this.deliveries = deliveries;
        this.json = json;
    }

    record MerchantJson(UUID id, String name, String email) {}

    record KeysJson(String apiKey, String apiSecret, String environment) {
        static KeysJson of(IssuedKeys keys) {
            return new KeysJson(
                    keys.apiKey(), keys.apiSecret(), keys.environment().value());
        }
    }

    record CreatedApplicationJson(UUID id, String endpointKey, String name, List<String> providers, KeysJson sandbox) {}

    record KeyJson(String apiKey, String environment, String createdAt, String expiresAt, String revokedAt) {}

    record ApplicationJson(
            UUID id,
            UUID merchantId,
            String endpointKey,
            String name,
            String webhookUrl,
            String callbackUrlSuccess,
            String callbackUrlFailure,
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

    @PostMapping("/merchants")
    ResponseEntity<MerchantJson> createMerchant(HttpServletRequest request) {
        JsonNode body = readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String name = text(body, "name", errors);
        String email = text(body, "email", errors);
        String password = text(body, "password", errors);
        failIfAny(errors);
        var merchant = onboarding.createMerchant(name, email, password);
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(new MerchantJson(merchant.id(), merchant.name(), merchant.email()));
    }

    /** A merchant's approval for live payments, as the operator API shows it. */
    record ApprovalJson(UUID merchantId, String approval, String approvedAt, String withdrawnAt) {
        static ApprovalJson of(UUID merchantId, LiveApproval approval) {
            return new ApprovalJson(
                    merchantId,
                    approval.state().value(),
                    Timestamps.micros(approval.approvedAt()),
                    Timestamps.micros(approval.withdrawnAt()));
        }
    }

    @GetMapping("/merchants/{merchantId}/approval")
    ApprovalJson approval(@PathVariable UUID merchantId) {
        return ApprovalJson.of(merchantId, onboarding.approval(merchantId));
    }

    /** Approves a merchant for live payments: a self-service sign-up may then go live. */
    @PostMapping("/merchants/{merchantId}/approval")
    ApprovalJson approve(@PathVariable UUID merchantId) {
        return ApprovalJson.of(merchantId, onboarding.approve(merchantId));
    }

    /** Withdraws the approval: the merchant's live payments are refused until it is approved again. */
    @DeleteMapping("/merchants/{merchantId}/approval")
    ApprovalJson withdraw(@PathVariable UUID merchantId) {
        return ApprovalJson.of(merchantId, onboarding.withdrawApproval(merchantId));
    }

    @PostMapping("/merchants/{merchantId}/applications")
    ResponseEntity<CreatedApplicationJson> createApplication(
            @PathVariable UUID merchantId, HttpServletRequest request) {
        JsonNode body = readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        var created = new MerchantOnboarding.NewApplicationRequest(
                text(body, "name", errors),
                text(body, "webhook_url", errors),
                text(body, "callback_url_success", errors),
                text(body, "callback_url_failure", errors),
                providers(body, errors).orElse(Set.of()));
        failIfAny(errors);
        var application = onboarding.createApplication(merchantId, created);
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
    ApplicationJson application(@PathVariable UUID applicationId) {
        return ApplicationJson.of(onboarding.operatorDetails(applicationId));
    }

    @PatchMapping("/applications/{applicationId}")
    ApplicationJson updateApplication(@PathVariable UUID applicationId, HttpServletRequest request) {
        JsonNode body = readObject(request);
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
        return ApplicationJson.of(onboarding.operatorUpdate(applicationId, changes));
    }

    @PostMapping("/applications/{applicationId}/keys")
    ResponseEntity<KeysJson> issueKeys(@PathVariable UUID applicationId, HttpServletRequest request) {
        JsonNode body = readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String value = text(body, "environment", errors);
        Optional<Environment> environment = Environment.fromValue(value);
        if (errors.isEmpty() && environment.isEmpty()) {
            errors.put("environment", List.of("must be sandbox or live"));
        }
        failIfAny(errors);
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(KeysJson.of(onboarding.issueKeys(applicationId, environment.get())));
    }

    @DeleteMapping("/applications/{applicationId}/keys/{apiKey}")
    ResponseEntity<Void> revokeKey(@PathVariable UUID applicationId, @PathVariable String apiKey) {
        revocation.revoke(applicationId, apiKey);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/applications/{applicationId}/notifications")
    List<NotificationJson> notifications(
            @PathVariable UUID applicationId,
            @org.springframework.web.bind.annotation.RequestParam(defaultValue = "50") int limit) {
        onboarding.operatorDetails(applicationId); // 404 for an unknown application
        return deliveries.recent(applicationId, limit).stream()
                .map(NotificationJson::of)
                .toList();
    }

    @PostMapping("/applications/{applicationId}/notifications/{notificationId}/resend")
    NotificationJson resend(@PathVariable UUID applicationId, @PathVariable UUID notificationId) {
        return NotificationJson.of(deliveries.resend(applicationId, notificationId));
    }

    @PostMapping("/applications/{applicationId}/webhooks/test")
    ResponseEntity<NotificationJson> sendTest(@PathVariable UUID applicationId, HttpServletRequest request) {
        Environment environment = Environment.SANDBOX;
        if (request.getContentLengthLong() > 0) {
            JsonNode body = readObject(request);
            Map<String, List<String>> errors = new LinkedHashMap<>();
            String value = text(body, "environment", errors);
            if (value != null) {
                environment = Environment.fromValue(value).orElse(null);
                if (environment == null) {
                    errors.put("environment", List.of("must be sandbox or live"));
                }
            }
            failIfAny(errors);
        }
        onboarding.operatorDetails(applicationId);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(NotificationJson.of(deliveries.sendTest(applicationId, environment)));
    }

    record AttemptJson(
            int attempt,
            String startedAt,
            long durationMs,
            String url,
            Integer statusCode,
            String outcome,
            String error,
            String responseSnippet) {}

    record NotificationJson(
            UUID id,
            String eventId,
            String event,
            String environment,
            String state,
            boolean test,
            String createdAt,
            String deliveredAt,
            String nextAttemptAt,
            String lastError,
            List<AttemptJson> attempts) {

        static NotificationJson of(NotificationView v) {
            return new NotificationJson(
                    v.id(),
                    v.eventId(),
                    v.event(),
                    v.environment(),
                    v.state(),
                    v.test(),
                    Timestamps.micros(v.createdAt()),
                    Timestamps.micros(v.deliveredAt()),
                    Timestamps.micros(v.nextAttemptAt()),
                    v.lastError(),
                    v.attemptLog().stream()
                            .map(a -> new AttemptJson(
                                    a.attempt(),
                                    Timestamps.micros(a.startedAt()),
                                    a.durationMillis(),
                                    a.url(),
                                    a.statusCode(),
                                    a.outcome(),
                                    a.error(),
                                    a.responseSnippet()))
                            .toList());
        }
    }

    private JsonNode readObject(HttpServletRequest request) {
        return JsonBodies.parseObject(JsonBodies.read(request, MAX_BODY_BYTES), json);
    }

    private static String text(JsonNode body, String field, Map<String, List<String>> errors) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            errors.put(field, List.of("must be a string"));
            return null;
        }
        return value.stringValue();
    }

    /** Present (possibly empty, which clears) versus absent (unchanged). */
    private static Optional<String> optionalText(JsonNode body, String field, Map<String, List<String>> errors) {
        if (!body.has(field)) {
            return Optional.empty();
        }
        String value = text(body, field, errors);
        return Optional.of(value == null ? "" : value);
    }

    private static Optional<Set<Provider>> providers(JsonNode body, Map<String, List<String>> errors) {
        JsonNode value = body.get("providers");
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isArray()) {
            errors.put("providers", List.of("must be an array of provider names"));
            return Optional.empty();
        }
        Set<Provider> providers = EnumSet.noneOf(Provider.class);
        List<String> problems = new ArrayList<>();
        for (JsonNode item : value) {
            Optional<Provider> provider = item.isString() ? Provider.fromName(item.stringValue()) : Optional.empty();
            provider.ifPresentOrElse(
                    providers::add, () -> problems.add("must contain only WALLET_SN or MOBILEMONEY_SN"));
        }
        if (!problems.isEmpty()) {
            errors.put("providers", List.of(problems.getFirst()));
        }
        return Optional.of(providers);
    }

    private static void failIfAny(Map<String, List<String>> errors) {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }

    private static List<String> names(Set<Provider> providers) {
        return providers == null
                ? List.of()
                : providers.stream().map(Provider::name).sorted().toList();
    }
}
