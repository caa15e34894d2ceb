package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
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
 * {@value #BATCH} at a time and written as they come.
 */
@PageController
record TransactionsExportController(MerchantApplications merchants, PaymentQueries payments) {

    private static final int MAX_EXPORT = 10_000;
    private static final int BATCH = 500;
    private static final String HEADER = "reference,transaction_uuid,application,environment,provider,amount,"
            + "currency,status,created_at,paid_at,expired_at,error_message,provider_reference\r\n";

    @GetMapping("/portal/transactions.csv")
    void export(
            @AuthenticationPrincipal PortalUser user,
            @ModelAttribute("filters") TransactionFilters filters,
            @ModelAttribute("zone") ZoneId zone,
            HttpServletResponse response)
            throws IOException {
        Map<ApplicationId, ApplicationSummary> apps = TransactionsController.applications(merchants, user);
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-transactions.csv\"");
        PrintWriter out = response.getWriter();
        out.print(HEADER);
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
                        csv(p.providerReference()))
                + "\r\n";
    }

    static String csv(@Nullable String value) {
        return CsvCells.quoted(value);
    }
}
