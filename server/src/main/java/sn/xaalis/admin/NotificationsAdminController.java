package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;
import static sn.xaalis.admin.OperatorRequests.text;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.webhook.NotificationId;
import sn.xaalis.webhook.NotificationView;
import sn.xaalis.webhook.WebhookDeliveries;
import tools.jackson.databind.JsonNode;

/** The operator's view of an application's webhooks: the delivery log, resends and test events. */
@RestController
@RequestMapping("/admin/v1")
class NotificationsAdminController {

    private final MerchantApplications applications;
    private final WebhookDeliveries deliveries;
    private final OperatorRequests requests;

    NotificationsAdminController(
            MerchantApplications applications, WebhookDeliveries deliveries, OperatorRequests requests) {
        this.applications = applications;
        this.deliveries = deliveries;
        this.requests = requests;
    }

    @GetMapping("/applications/{applicationId}/notifications")
    List<NotificationJson> notifications(
            @PathVariable ApplicationId applicationId, @RequestParam(defaultValue = "50") int limit) {
        applications.operatorDetails(applicationId); // 404 for an unknown application
        return deliveries.recent(applicationId, limit).stream()
                .map(NotificationJson::of)
                .toList();
    }

    @PostMapping("/applications/{applicationId}/notifications/{notificationId}/resend")
    NotificationJson resend(@PathVariable ApplicationId applicationId, @PathVariable NotificationId notificationId) {
        return switch (deliveries.requestResend(applicationId, notificationId)) {
            case WebhookDeliveries.Resend.Resent resent -> NotificationJson.of(resent.notification());
            case WebhookDeliveries.Resend.Unknown unknown -> throw ApiException.notFound("No such notification");
            case WebhookDeliveries.Resend.StillDelivering running ->
                throw new ApiException(
                        HttpStatus.CONFLICT, "This notification is still being delivered (" + running.state() + ")");
        };
    }

    @PostMapping("/applications/{applicationId}/webhooks/test")
    ResponseEntity<NotificationJson> sendTest(@PathVariable ApplicationId applicationId, HttpServletRequest request) {
        Environment environment = Environment.SANDBOX;
        if (request.getContentLengthLong() > 0) {
            JsonNode body = requests.readObject(request);
            Map<String, List<String>> errors = new LinkedHashMap<>();
            String value = text(body, "environment", errors);
            if (value != null) {
                Optional<Environment> asked = Environment.fromValue(value);
                if (asked.isPresent()) {
                    environment = asked.get();
                } else {
                    errors.put("environment", List.of("must be sandbox or live"));
                }
            }
            failIfAny(errors);
        }
        applications.operatorDetails(applicationId);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(NotificationJson.of(deliveries.sendTest(applicationId, environment)));
    }

    record AttemptJson(
            int attempt,
            String startedAt,
            long durationMs,
            @Nullable String url,
            @Nullable Integer statusCode,
            String outcome,
            @Nullable String error,
            @Nullable String responseSnippet) {
        static AttemptJson of(NotificationView.AttemptView a) {
            return new AttemptJson(
                    a.attempt(),
                    Timestamps.micros(a.startedAt()),
                    a.durationMillis(),
                    a.url(),
                    a.statusCode(),
                    a.outcome(),
                    a.error(),
                    a.responseSnippet());
        }
    }

    record NotificationJson(
            NotificationId id,
            String eventId,
            String event,
            String environment,
            String state,
            boolean test,
            String createdAt,
            @Nullable String deliveredAt,
            String nextAttemptAt,
            @Nullable String lastError,
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
                    v.attemptLog().stream().map(AttemptJson::of).toList());
        }
    }
}
