package sn.xaalis.operator;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.audit.AuditQuery;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.connection.ConnectionHealth;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.verification.MerchantVerification;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * A merchant's page in the console, put together: what tells whether the merchant is in trouble (each
 * application's connections and webhooks, what it collected in 30 days), its verification, its latest
 * changes. A merchant has a few applications: two small reads each, none of them over its payments.
 */
@Component
class MerchantPage {

    /** The latest changes the page lists. */
    static final int CHANGES = 10;

    private final MerchantApplications applications;
    private final ConnectionHealth connections;
    private final WebhookDeliveries webhooks;
    private final PaymentStatistics statistics;
    private final MerchantVerification verification;
    private final AuditTrail audit;
    private final Clock clock;

    MerchantPage(
            MerchantApplications applications,
            ConnectionHealth connections,
            WebhookDeliveries webhooks,
            PaymentStatistics statistics,
            MerchantVerification verification,
            AuditTrail audit,
            Clock clock) {
        this.applications = applications;
        this.connections = connections;
        this.webhooks = webhooks;
        this.statistics = statistics;
        this.verification = verification;
        this.audit = audit;
        this.clock = clock;
    }

    /** One application as the merchant's page shows it. */
    record AppView(
            ApplicationSummary app, List<ConnectionHealth.Health> connections, WebhookDeliveries.Health webhooks) {}

    ModelAndView of(MerchantRegister.Entry merchant) {
        MerchantId merchantId = merchant.id();
        List<AppView> apps = applications.applicationsOf(merchantId).stream()
                .map(app -> new AppView(app, connections.of(app.id()), webhooks.health(app.id())))
                .toList();
        Set<ApplicationId> ids = apps.stream().map(a -> a.app().id()).collect(Collectors.toSet());
        PaymentStatistics.Summary volume =
                statistics.summary(ids, Environment.LIVE, clock.instant().minus(Duration.ofDays(30)));
        return new ModelAndView("operator/merchant")
                .addObject("merchant", merchant)
                .addObject("apps", apps)
                .addObject("volume", volume)
                .addObject("successful", volume.byStatus().getOrDefault(PaymentStatus.SUCCESS, 0L))
                .addObject("verification", verification.of(merchantId))
                .addObject("documents", verification.documents(merchantId))
                .addObject(
                        "changes",
                        audit.search(new AuditQuery(merchantId.value(), null, null, null, null, null), CHANGES));
    }
}
