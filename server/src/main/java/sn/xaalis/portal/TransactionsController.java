package sn.xaalis.portal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.qr.QrCodePng;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * The transactions of all the merchant's applications: filters, search, and each payment's full story
 * (their CSV export is {@link TransactionsExportController}).
 */
@PageController
record TransactionsController(
        MerchantApplications merchants,
        PaymentQueries payments,
        PublicBaseUrl baseUrl,
        WebhookDeliveries deliveries,
        ProviderExchanges exchanges) {

    private static final int PAGE = 25;
    private static final int BY_NUMBER = 50;

    /** One provider exchange as the detail page shows it. */
    record ExchangeRow(
            Instant at,
            boolean outbound,
            String provider,
            String operation,
            String request,
            String result,
            long durationMillis,
            @Nullable String requestBody,
            @Nullable String responseBody) {
        static ExchangeRow of(ProviderExchanges.Exchange e) {
            return new ExchangeRow(
                    e.at(),
                    e.direction() == ProviderExchanges.Direction.OUTBOUND,
                    String.valueOf(e.provider()),
                    e.operation(),
                    e.method() + " " + e.url(),
                    e.outcome(),
                    e.durationMillis(),
                    e.requestBody(),
                    e.responseBody());
        }
    }

    @GetMapping("/portal/transactions")
    ModelAndView list(
            @AuthenticationPrincipal PortalUser user,
            @ModelAttribute("filters") TransactionFilters filters,
            @RequestParam(required = false) @Nullable String cursor,
            @ModelAttribute("zone") ZoneId zone) {
        Map<ApplicationId, ApplicationSummary> apps = applications(merchants, user);
        if (filters.q() != null && !filters.q().isBlank()) {
            var found = payments.findAmong(apps.keySet(), filters.q());
            if (found.isPresent()) {
                return new ModelAndView("redirect:/portal/transactions/"
                        + found.get().reference().value());
            }
            if (PaymentQueries.isCustomerNumber(filters.q())) {
                return byNumber(user, filters, filters.q().strip(), apps);
            }
        }
        PaymentFilter.@Nullable Position after =
                cursor == null ? null : PaymentFilter.Position.parse(cursor).orElse(null);
        List<Payment> rows =
                payments.search(apps.keySet(), filters.environmentOrNull(), filters.toFilter(after, zone), PAGE + 1);
        String next = null;
        if (rows.size() > PAGE) {
            Payment last = rows.get(PAGE - 1);
            next = new PaymentFilter.Position(
                            last.createdAt(), last.transactionUuid().value())
                    .cursor();
            rows = rows.subList(0, PAGE);
        }
        return new ModelAndView("portal/transactions")
                .addObject("user", user)
                .addObject("filters", filters)
                .addObject("rows", rows.stream().map(p -> Row.of(p, apps)).toList())
                .addObject("notFound", filters.q() != null && !filters.q().isBlank())
                .addObject("next", next)
                .addObject("query", filters.query())
                .addObject("statuses", PaymentStatus.values())
                .addObject("providers", Provider.values());
    }

    /**
     * The payments of a customer's number (typed at the counter or on the code form, or sent by the
     * merchant's server): the latest {@value #BY_NUMBER}, each application read through its index.
     */
    private ModelAndView byNumber(
            PortalUser user, TransactionFilters filters, String number, Map<ApplicationId, ApplicationSummary> apps) {
        List<Payment> found = payments.byCustomerNumber(apps.keySet(), number, BY_NUMBER);
        return new ModelAndView("portal/transactions")
                .addObject("user", user)
                .addObject("filters", filters)
                .addObject("rows", found.stream().map(p -> Row.of(p, apps)).toList())
                .addObject("number", number)
                .addObject("numberCount", found.size())
                .addObject("numberLimit", BY_NUMBER)
                .addObject("notFound", false)
                .addObject("query", filters.query())
                .addObject("statuses", PaymentStatus.values())
                .addObject("providers", Provider.values());
    }

    /** One line of the table; the fee and the net amount are null until the payment succeeds. */
    record Row(
            String reference,
            String application,
            String environment,
            String provider,
            BigDecimal amount,
            @Nullable BigDecimal fee,
            @Nullable BigDecimal netAmount,
            String currency,
            String status,
            Instant createdAt) {
        static Row of(Payment p, Map<ApplicationId, ApplicationSummary> apps) {
            return new Row(
                    p.reference().value(),
                    applicationOf(apps, p).name(),
                    p.environment().value(),
                    p.provider().name(),
                    p.amount(),
                    p.fee(),
                    p.netAmount(),
                    p.currency(),
                    p.status().name(),
                    p.createdAt());
        }
    }

    @GetMapping("/portal/transactions/{reference}")
    ModelAndView detail(@AuthenticationPrincipal PortalUser user, @PathVariable String reference) {
        Map<ApplicationId, ApplicationSummary> apps = applications(merchants, user);
        Payment payment = payments.findAmong(apps.keySet(), reference)
                .orElseThrow(() -> ApiException.notFound("No such payment"));
        String firstLink = payment.deepLinks().firstEntry().getValue();
        return new ModelAndView("portal/transaction")
                .addObject("user", user)
                .addObject("p", payment)
                .addObject("appName", applicationOf(apps, payment).name())
                .addObject(
                        "hostedPage",
                        baseUrl.value() + "/pay/" + payment.reference().value())
                .addObject("qrCode", "data:image/png;base64," + QrCodePng.base64(firstLink))
                .addObject("history", payments.history(payment))
                .addObject("starter", payments.starter(payment))
                .addObject(
                        "notifications",
                        deliveries.forPayment(
                                payment.applicationId(), payment.reference().value()))
                .addObject(
                        "exchanges",
                        exchanges.forReference(payment.reference().value()).stream()
                                .map(ExchangeRow::of)
                                .toList())
                .addObject("sandbox", payment.environment() == Environment.SANDBOX)
                .addObject("processing", payment.status() == PaymentStatus.PROCESSING)
                .addObject("refundable", payment.status().canMoveTo(PaymentStatus.REFUNDED))
                .addObject("cancellable", payment.status().canMoveTo(PaymentStatus.CANCELLED));
    }

    @ExceptionHandler(ApiException.class)
    ModelAndView notFound(ApiException e) {
        if (e.status() != HttpStatus.NOT_FOUND) {
            throw e;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    static Map<ApplicationId, ApplicationSummary> applications(MerchantApplications merchants, PortalUser user) {
        Map<ApplicationId, ApplicationSummary> apps = new LinkedHashMap<>();
        merchants.applicationsOf(user.merchantId()).forEach(app -> apps.put(app.id(), app));
        return apps;
    }

    /** The application of a payment searched among {@code apps}: always one of them. */
    static ApplicationSummary applicationOf(Map<ApplicationId, ApplicationSummary> apps, Payment payment) {
        return Objects.requireNonNull(
                apps.get(payment.applicationId()), "payments are searched among the merchant's applications only");
    }
}
