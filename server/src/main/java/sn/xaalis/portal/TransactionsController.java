package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
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
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.qr.QrCodePng;
import sn.xaalis.webhook.WebhookDeliveries;

/** The transactions of all the merchant's applications: filters, search, CSV, and each payment's full story. */
@PageController
class TransactionsController {

    private static final int PAGE = 25;
    private static final int MAX_EXPORT = 10_000;

    private final MerchantApplications merchants;
    private final PaymentQueries payments;
    private final PublicBaseUrl baseUrl;
    private final WebhookDeliveries deliveries;
    private final ProviderExchanges exchanges;

    TransactionsController(
            MerchantApplications merchants,
            PaymentQueries payments,
            PublicBaseUrl baseUrl,
            WebhookDeliveries deliveries,
            ProviderExchanges exchanges) {
        this.exchanges = exchanges;
        this.merchants = merchants;
        this.payments = payments;
        this.baseUrl = baseUrl;
        this.deliveries = deliveries;
    }

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

    /** The filters as typed in the form; unknown values are ignored rather than failing the page. */
    record Filters(
            @Nullable String status,
            @Nullable String provider,
            @Nullable String environment,
            @Nullable String from,
            @Nullable String to,
            @Nullable String q) {

        /** The days are the merchant's, in its time zone. */
        PaymentFilter toFilter(PaymentFilter.@Nullable Position after, ZoneId zone) {
            return new PaymentFilter(
                    PaymentStatus.fromName(status).orElse(null),
                    Provider.fromName(provider).orElse(null),
                    day(from, 0, zone),
                    day(to, 1, zone),
                    after);
        }

        @Nullable
        Environment environmentOrNull() {
            return Environment.fromValue(environment).orElse(null);
        }

        String query() {
            Map<String, String> values = new LinkedHashMap<>();
            values.put("status", status);
            values.put("provider", provider);
            values.put("environment", environment);
            values.put("from", from);
            values.put("to", to);
            return values.entrySet().stream()
                    .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                    .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
        }

        private static @Nullable Instant day(@Nullable String value, int plusDays, ZoneId zone) {
            if (value == null || value.isBlank()) {
                return null;
            }
            try {
                return LocalDate.parse(value)
                        .plusDays(plusDays)
                        .atStartOfDay(zone)
                        .toInstant();
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    @GetMapping("/portal/transactions")
    ModelAndView list(
            @AuthenticationPrincipal PortalUser user,
            Filters filters,
            @RequestParam(required = false) @Nullable String cursor,
            @ModelAttribute("zone") ZoneId zone) {
        Map<ApplicationId, ApplicationSummary> apps = applications(merchants, user);
        if (filters.q() != null && !filters.q().isBlank()) {
            var found = payments.findAmong(apps.keySet(), filters.q());
            if (found.isPresent()) {
                return new ModelAndView("redirect:/portal/transactions/"
                        + found.get().reference().value());
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

    /** One line of the table. */
    record Row(
            String reference,
            String application,
            String environment,
            String provider,
            BigDecimal amount,
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
                    p.currency(),
                    p.status().name(),
                    p.createdAt());
        }
    }

    @GetMapping("/portal/transactions.csv")
    void export(
            @AuthenticationPrincipal PortalUser user,
            Filters filters,
            @ModelAttribute("zone") ZoneId zone,
            HttpServletResponse response)
            throws IOException {
        Map<ApplicationId, ApplicationSummary> apps = applications(merchants, user);
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-transactions.csv\"");
        PrintWriter out = response.getWriter();
        out.print("reference,transaction_uuid,application,environment,provider,amount,currency,status,"
                + "created_at,paid_at,expired_at,error_message,provider_reference\r\n");
        PaymentFilter.@Nullable Position after = null;
        int written = 0;
        while (written < MAX_EXPORT) {
            List<Payment> page =
                    payments.search(apps.keySet(), filters.environmentOrNull(), filters.toFilter(after, zone), 500);
            for (Payment p : page) {
                out.print(String.join(
                                ",",
                                csv(p.reference().value()),
                                csv(p.transactionUuid().toString()),
                                csv(applicationOf(apps, p).name()),
                                csv(p.environment().value()),
                                csv(p.provider().name()),
                                csv(p.amount().toPlainString()),
                                csv(p.currency()),
                                csv(p.status().name()),
                                csv(Timestamps.micros(p.createdAt())),
                                csv(Timestamps.micros(p.paidAt())),
                                csv(Timestamps.micros(p.expiredAt())),
                                csv(p.errorMessage()),
                                csv(p.providerReference()))
                        + "\r\n");
            }
            written += page.size();
            if (page.size() < 500) {
                break;
            }
            Payment last = page.getLast();
            after = new PaymentFilter.Position(
                    last.createdAt(), last.transactionUuid().value());
        }
        out.flush();
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

    /** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula. */
    static String csv(@Nullable String value) {
        if (value == null) {
            return "";
        }
        String safe = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
}
