package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.MerchantOnboarding;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.platform.qr.QrCodePng;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.webhook.WebhookDeliveries;

/** The transactions of all the merchant's applications: filters, search, CSV, and each payment's full story. */
@Controller
class TransactionsController {

    private static final int PAGE = 25;
    private static final int MAX_EXPORT = 10_000;

    private final MerchantOnboarding merchants;
    private final PaymentQueries payments;
    private final PaymentOperations operations;
    private final WebhookDeliveries deliveries;
    private final ProviderExchanges exchanges;

    TransactionsController(
            MerchantOnboarding merchants,
            PaymentQueries payments,
            PaymentOperations operations,
            WebhookDeliveries deliveries,
            ProviderExchanges exchanges) {
        this.exchanges = exchanges;
        this.merchants = merchants;
        this.payments = payments;
        this.operations = operations;
        this.deliveries = deliveries;
    }

    /** One provider exchange as the detail page shows it. */
    record ExchangeRow(
            String at,
            String direction,
            String operation,
            String request,
            String result,
            long durationMillis,
            String requestBody,
            String responseBody) {
        static ExchangeRow of(ProviderExchanges.Exchange e) {
            return new ExchangeRow(
                    Timestamps.micros(e.at()),
                    e.direction() == ProviderExchanges.Direction.OUTBOUND
                            ? "to " + e.provider()
                            : "from " + e.provider(),
                    e.operation(),
                    e.method() + " " + e.url(),
                    e.outcome(),
                    e.durationMillis(),
                    e.requestBody(),
                    e.responseBody());
        }
    }

    /** The filters as typed in the form; unknown values are ignored rather than failing the page. */
    record Filters(String status, String provider, String environment, String from, String to, String q) {

        PaymentFilter toFilter(PaymentFilter.Position after) {
            return new PaymentFilter(
                    PaymentStatus.fromName(status).orElse(null),
                    Provider.fromName(provider).orElse(null),
                    day(from, 0),
                    day(to, 1),
                    after);
        }

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
                    .map(e -> e.getKey() + "=" + java.net.URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
        }

        private static java.time.Instant day(String value, int plusDays) {
            if (value == null || value.isBlank()) {
                return null;
            }
            try {
                return LocalDate.parse(value).plusDays(plusDays).atStartOfDay().toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    @GetMapping("/portal/transactions")
    ModelAndView list(
            @AuthenticationPrincipal PortalUser user, Filters filters, @RequestParam(required = false) String cursor) {
        Map<UUID, ApplicationSummary> apps = applications(user);
        if (filters.q() != null && !filters.q().isBlank()) {
            var found = payments.findAmong(apps.keySet(), filters.q());
            if (found.isPresent()) {
                return new ModelAndView("redirect:/portal/transactions/"
                        + found.get().reference().value());
            }
        }
        PaymentFilter.Position after =
                cursor == null ? null : PaymentFilter.Position.parse(cursor).orElse(null);
        List<Payment> rows =
                payments.search(apps.keySet(), filters.environmentOrNull(), filters.toFilter(after), PAGE + 1);
        String next = null;
        if (rows.size() > PAGE) {
            Payment last = rows.get(PAGE - 1);
            next = new PaymentFilter.Position(last.createdAt(), last.transactionUuid()).cursor();
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
            String amount,
            String currency,
            String status,
            String createdAt) {
        static Row of(Payment p, Map<UUID, ApplicationSummary> apps) {
            return new Row(
                    p.reference().value(),
                    apps.get(p.applicationId()).name(),
                    p.environment().value(),
                    p.provider().name(),
                    p.amount().toPlainString(),
                    p.currency(),
                    p.status().name(),
                    Timestamps.micros(p.createdAt()));
        }
    }

    @GetMapping("/portal/transactions.csv")
    void export(@AuthenticationPrincipal PortalUser user, Filters filters, HttpServletResponse response)
            throws IOException {
        Map<UUID, ApplicationSummary> apps = applications(user);
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-transactions.csv\"");
        PrintWriter out = response.getWriter();
        out.print("reference,transaction_uuid,application,environment,provider,amount,currency,status,"
                + "created_at,paid_at,expired_at,error_message,provider_reference\r\n");
        PaymentFilter.Position after = null;
        int written = 0;
        while (written < MAX_EXPORT) {
            List<Payment> page =
                    payments.search(apps.keySet(), filters.environmentOrNull(), filters.toFilter(after), 500);
            for (Payment p : page) {
                out.print(String.join(
                                ",",
                                csv(p.reference().value()),
                                csv(p.transactionUuid().toString()),
                                csv(apps.get(p.applicationId()).name()),
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
            after = new PaymentFilter.Position(last.createdAt(), last.transactionUuid());
        }
        out.flush();
    }

    @GetMapping("/portal/transactions/{reference}")
    ModelAndView detail(@AuthenticationPrincipal PortalUser user, @PathVariable String reference) {
        Map<UUID, ApplicationSummary> apps = applications(user);
        Payment payment = payments.findAmong(apps.keySet(), reference)
                .orElseThrow(() -> ApiException.notFound("No such payment"));
        String firstLink = payment.deepLinks().firstEntry().getValue();
        return new ModelAndView("portal/transaction")
                .addObject("user", user)
                .addObject("p", payment)
                .addObject("appName", apps.get(payment.applicationId()).name())
                .addObject("amount", payment.amount().toPlainString())
                .addObject("createdAt", Timestamps.micros(payment.createdAt()))
                .addObject("expiresAt", Timestamps.micros(payment.expiresAt()))
                .addObject("paidAt", Timestamps.micros(payment.paidAt()))
                .addObject("expiredAt", Timestamps.micros(payment.expiredAt()))
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
                .addObject("processing", payment.status() == PaymentStatus.PROCESSING);
    }

    @PostMapping("/portal/transactions/{reference}/notifications/{notificationId}/resend")
    String resend(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @PathVariable UUID notificationId,
            RedirectAttributes flash) {
        Payment payment = payments.findAmong(applications(user).keySet(), reference)
                .orElseThrow(() -> ApiException.notFound("No such payment"));
        try {
            deliveries.resend(payment.applicationId(), notificationId);
            flash.addFlashAttribute("notice", "Notification queued for a new delivery.");
        } catch (ApiException e) {
            if (e.status() == HttpStatus.NOT_FOUND) {
                throw e;
            }
            flash.addFlashAttribute("notice", e.getMessage());
        }
        return "redirect:/portal/transactions/" + payment.reference().value();
    }

    @PostMapping("/portal/transactions/{reference}/sandbox/{action}")
    String sandboxAction(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @PathVariable String action,
            @RequestParam(required = false) String reason,
            RedirectAttributes flash) {
        PaymentStatus outcome =
                switch (action) {
                    case "approve" -> PaymentStatus.SUCCESS;
                    case "decline" -> PaymentStatus.FAILED;
                    case "cancel" -> PaymentStatus.CANCELLED;
                    case "expire" -> PaymentStatus.EXPIRED;
                    default -> throw ApiException.notFound("No such action");
                };
        Set<UUID> apps = applications(user).keySet();
        PaymentTransitions.Outcome result = operations.sandboxAction(apps, reference, outcome, reason);
        flash.addFlashAttribute(
                "notice",
                result instanceof PaymentTransitions.Outcome.Changed
                        ? "Payment is now " + outcome + "."
                        : "That change is not possible any more.");
        return "redirect:/portal/transactions/" + reference;
    }

    @ExceptionHandler(ApiException.class)
    ModelAndView notFound(ApiException e) {
        if (e.status() != HttpStatus.NOT_FOUND) {
            throw e;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    private Map<UUID, ApplicationSummary> applications(PortalUser user) {
        Map<UUID, ApplicationSummary> apps = new LinkedHashMap<>();
        merchants.applicationsOf(user.merchantId()).forEach(app -> apps.put(app.id(), app));
        return apps;
    }

    /** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula. */
    static String csv(String value) {
        if (value == null) {
            return "";
        }
        String safe = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
}
