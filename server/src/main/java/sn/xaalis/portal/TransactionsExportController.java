package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.CsvCells;
import sn.xaalis.platform.Timestamps;

/**
 * The transactions page's CSV export: the same filters, the newest {@value #MAX_EXPORT} at most, read
 * {@value #BATCH} at a time and written as they come. The header is in the page's language (the English
 * one names the columns as the API names the fields); the cells are the API's values.
 */
@PageController
record TransactionsExportController(MerchantApplications merchants, PaymentQueries payments, MessageSource messages) {

    private static final int MAX_EXPORT = 10_000;
    private static final int BATCH = 500;
    // In this order; fee and net_amount came last, so that a reader of the older columns by position still reads them.
    private static final List<String> COLUMNS = List.of(
            "reference",
            "transaction_uuid",
            "application",
            "environment",
            "provider",
            "amount",
            "currency",
            "status",
            "created_at",
            "paid_at",
            "expired_at",
            "error_message",
            "provider_reference",
            "fee",
            "net_amount");

    private static final String HEADER_MESSAGE_KEY_PREFIX = "csv.";

    static String header(MessageSource messages, Locale locale) {
        return String.join(
                        ",",
                        COLUMNS.stream()
                                .map(c -> Objects.requireNonNullElse(
                                        messages.getMessage(HEADER_MESSAGE_KEY_PREFIX + c, null, c, locale), c))
                                .toList())
                + "\r\n";
    }

    @GetMapping("/portal/transactions.csv")
    void export(
            @AuthenticationPrincipal PortalUser user,
            @ModelAttribute("filters") TransactionFilters filters,
            @ModelAttribute("zone") ZoneId zone,
            Locale locale,
            HttpServletResponse response)
            throws IOException {
        Map<ApplicationId, ApplicationSummary> apps = TransactionsController.applications(merchants, user);
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-transactions.csv\"");
        PrintWriter out = response.getWriter();
        out.print(header(messages, locale));
        PaymentFilter.@Nullable Position after = null;
        int written = 0;
        while (written < MAX_EXPORT) {
            List<Payment> page =
                    payments.search(apps.keySet(), filters.environmentOrNull(), filters.toFilter(after, zone), BATCH);
            for (Payment p : page) {
                out.print(line(p, TransactionsController.applicationOf(apps, p)));
            }
            written += page.size();
            if (page.size() < BATCH) {
                break;
            }
            Payment last = page.getLast();
            after = new PaymentFilter.Position(
                    last.createdAt(), last.transactionUuid().value());
        }
        out.flush();
    }

    private static String line(Payment p, ApplicationSummary app) {
        return String.join(
                        ",",
                        csv(p.reference().value()),
                        csv(p.transactionUuid().toString()),
                        csv(app.name()),
                        csv(p.environment().value()),
                        csv(p.provider().name()),
                        csv(p.amount().toPlainString()),
                        csv(p.currency()),
                        csv(p.status().name()),
                        csv(Timestamps.micros(p.createdAt())),
                        csv(Timestamps.micros(p.paidAt())),
                        csv(Timestamps.micros(p.expiredAt())),
                        csv(p.errorMessage()),
                        csv(p.providerReference()),
                        csv(p.fee() == null ? null : p.fee().toPlainString()),
                        csv(p.netAmount() == null ? null : p.netAmount().toPlainString()))
                + "\r\n";
    }

    static String csv(@Nullable String value) {
        return CsvCells.quoted(value);
    }
}
