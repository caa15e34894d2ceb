package sn.xaalis.statement;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.payment.DirectCollections;
import sn.xaalis.platform.CsvCells;

/**
 * The statement as a spreadsheet opens it: {@code ;} between cells (what a French spreadsheet
 * expects), a byte order mark (so it reads the accents right), headers and types in the page's
 * language; the opening balance, every movement with the balance after it, the closing balance, then
 * the payments collected on the application's own connections. Written as it is read, a batch at a
 * time: a million movements never sit in memory.
 */
@Component
class StatementCsv {

    /** A movement's type in words: {@code statement.type.payment}; an unknown type is shown as it is. */
    private static final String TYPE_MESSAGE_KEY_PREFIX = "statement.type.";

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final Statements statements;
    private final DirectCollections direct;
    private final MessageSource messages;

    StatementCsv(Statements statements, DirectCollections direct, MessageSource messages) {
        this.statements = statements;
        this.direct = direct;
        this.messages = messages;
    }

    void write(
            ApplicationDetails app, MerchantAccount account, Period period, Locale locale, HttpServletResponse response)
            throws IOException {
        Statement statement = statements.statement(account, period);
        ZoneId zone = period.zone();
        response.setContentType("text/csv; charset=UTF-8");
        response.setHeader(
                "Content-Disposition",
                "attachment; filename=\"xaalis-statement-"
                        + account.environment().value() + "-" + period.from() + "-" + period.to() + ".csv\"");
        Writer out = response.getWriter();
        out.write('\ufeff');
        out.write(row(
                text("statement.csv.date", locale),
                text("statement.csv.type", locale),
                text("statement.csv.reference", locale),
                text("statement.csv.amount", locale),
                text("statement.csv.fee", locale),
                text("statement.csv.net", locale),
                text("statement.csv.balance", locale)));
        out.write(row(
                when(period.start(), zone),
                text("statement.opening", locale),
                null,
                null,
                null,
                null,
                plain(statement.opening())));
        statements.each(account, statement, line -> {
            var m = line.movement();
            write(
                    out,
                    row(
                            when(m.createdAt(), zone),
                            type(m, locale),
                            m.reference(),
                            plain(m.amount()),
                            plain(m.fee()),
                            plain(m.net()),
                            plain(line.balance())));
        });
        out.write(row(
                when(period.end(), zone),
                text("statement.closing", locale),
                null,
                null,
                plain(statement.fees()),
                plain(statement.net()),
                plain(statement.closing())));
        direct.each(
                app.id(),
                account.environment(),
                account.currency(),
                period.start(),
                period.end(),
                paid -> write(
                        out,
                        row(
                                when(paid.paidAt(), zone),
                                text(
                                        paid.status() == sn.xaalis.payment.PaymentStatus.REFUNDED
                                                ? "statement.csv.directRefunded"
                                                : "statement.csv.direct",
                                        locale),
                                paid.reference(),
                                plain(paid.amount()),
                                null,
                                null,
                                null)));
        out.flush();
    }

    /** The type in words and, for an adjustment, its reason in the same cell: the columns stay as they were. */
    private String type(Movement m, Locale locale) {
        String type =
                Objects.requireNonNull(messages.getMessage(TYPE_MESSAGE_KEY_PREFIX + m.type(), null, m.type(), locale));
        return m.description() == null
                ? type
                : text("statement.type.described", new Object[] {type, m.description()}, locale);
    }

    private static void write(Writer out, String row) {
        try {
            out.write(row);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String when(Instant at, ZoneId zone) {
        return WHEN.format(at.atZone(zone));
    }

    /** {@code 4500} for {@code 4500.00}: francs as a spreadsheet reads them back. */
    private static String plain(BigDecimal amount) {
        return amount.signum() == 0 ? "0" : amount.stripTrailingZeros().toPlainString();
    }

    private String text(String key, Locale locale) {
        return text(key, null, locale);
    }

    private String text(String key, Object @Nullable [] arguments, Locale locale) {
        return Objects.requireNonNullElse(messages.getMessage(key, arguments, key, locale), key);
    }

    private static String row(@Nullable String... cells) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            row.append(i == 0 ? "" : ";").append(quoted(cells[i]));
        }
        return row.append("\r\n").toString();
    }

    /** Numbers unquoted (a spreadsheet reads them as numbers, negative ones too); text quoted and defused. */
    private static String quoted(@Nullable String cell) {
        if (cell != null && cell.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return cell;
        }
        return CsvCells.quoted(cell);
    }
}
