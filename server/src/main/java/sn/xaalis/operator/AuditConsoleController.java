package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.audit.AuditEvent;
import sn.xaalis.audit.AuditQuery;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.pages.Formats;
import sn.xaalis.pages.PageController;

/** The audit trail in the console: filtered by merchant, person, action and days, a page at a time, and as CSV. */
@PageController
class AuditConsoleController {

    private final AuditTrail audit;

    AuditConsoleController(AuditTrail audit) {
        this.audit = audit;
    }

    /** The filters as the form sends them; days in the installation's time zone, {@code to} included. */
    record Filters(
            @Nullable String merchant,
            @Nullable String actor,
            @Nullable String action,
            @Nullable String from,
            @Nullable String to) {

        AuditQuery query(@Nullable Long before) {
            return new AuditQuery(merchantId(), actor, action, day(from, 0), day(to, 1), before);
        }

        @Nullable
        UUID merchantId() {
            return merchant == null || merchant.isBlank() ? null : UUID.fromString(merchant.strip());
        }

        private static @Nullable Instant day(@Nullable String text, int plusDays) {
            return text == null || text.isBlank()
                    ? null
                    : LocalDate.parse(text.strip())
                            .plusDays(plusDays)
                            .atStartOfDay(Formats.DEFAULT_ZONE)
                            .toInstant();
        }
    }

    @GetMapping("/operator/audit")
    ModelAndView trail(
            @RequestParam(required = false) @Nullable String merchant,
            @RequestParam(required = false) @Nullable String actor,
            @RequestParam(required = false) @Nullable String action,
            @RequestParam(required = false) @Nullable String from,
            @RequestParam(required = false) @Nullable String to,
            @RequestParam(required = false) @Nullable Long before) {
        Filters filters = new Filters(merchant, actor, action, from, to);
        ModelAndView view = new ModelAndView("operator/audit").addObject("f", filters);
        AuditQuery query;
        try {
            query = filters.query(before);
        } catch (IllegalArgumentException | DateTimeParseException unreadable) {
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view.addObject("events", List.of())
                    .addObject("errors", Map.of("merchant", List.of("operator.audit.badMerchant")));
        }
        List<AuditEvent> events = audit.search(query, AuditTrail.PAGE + 1);
        boolean more = events.size() > AuditTrail.PAGE;
        List<AuditEvent> shown = more ? events.subList(0, AuditTrail.PAGE) : events;
        return view.addObject("events", shown)
                .addObject("older", more ? shown.getLast().id() : null)
                .addObject("errors", Map.of());
    }

    @GetMapping("/operator/audit.csv")
    void export(
            @RequestParam(required = false) @Nullable String merchant,
            @RequestParam(required = false) @Nullable String actor,
            @RequestParam(required = false) @Nullable String action,
            @RequestParam(required = false) @Nullable String from,
            @RequestParam(required = false) @Nullable String to,
            HttpServletResponse response)
            throws IOException {
        AuditQuery query;
        try {
            query = new Filters(merchant, actor, action, from, to).query(null);
        } catch (IllegalArgumentException | DateTimeParseException unreadable) {
            response.sendError(HttpStatus.BAD_REQUEST.value());
            return;
        }
        response.setContentType("text/csv;charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"xaalis-audit.csv\"");
        response.setHeader("Cache-Control", "no-store");
        Writer out = new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8);
        audit.export(query, out);
        out.flush();
    }
}
