package sn.xaalis.payout.portal;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.payout.Payout;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.payout.PayoutFile;
import sn.xaalis.platform.CsvCells;

/**
 * The result file of a bulk payout file, in the portal's language (issue 48 item 10): its headers, each
 * line's status ("Payé", "Échoué", "Écarté") and why, in the words of the page it was downloaded from.
 * Cells are separated by {@code ;} and quoted (formulas defused), lines end with CRLF, and the file starts
 * with a byte order mark, so a spreadsheet reads the accents right.
 *
 * <p>Numbers are written one way, in every number column (line, amount, fee): digits only, no grouping
 * and no currency (the header names it), so that a spreadsheet reads each cell as a number; a fraction,
 * which only a provider's fee may have, follows the language's decimal mark ({@code ,} in French,
 * {@code .} in English), as a spreadsheet in that language expects. An amount that could not be read is
 * not a number: its cell stays empty and the detail quotes what was typed.
 */
final class PayoutResultFile {

    static final String STATUS_MESSAGE_KEY_PREFIX = "payouts.status.";
    static final String PROBLEM_MESSAGE_KEY_PREFIX = "payouts.problem.";

    /** Before the header: spreadsheets read UTF-8 accents right with it. */
    static final char BOM = '\ufeff';

    private final MessageSource messages;
    private final Locale locale;
    private final Function<Payout, @Nullable String> failure;

    /** @param failure a failed payout's reason in {@code locale}'s words */
    PayoutResultFile(MessageSource messages, Locale locale, Function<Payout, @Nullable String> failure) {
        this.messages = messages;
        this.locale = locale;
        this.failure = failure;
    }

    String header() {
        return row(
                text("payouts.result.line"),
                text("payouts.result.phone"),
                text("payouts.result.amountColumn"),
                text("payouts.result.name"),
                text("payouts.result.reason"),
                text("payouts.result.reference"),
                text("payouts.result.status"),
                text("payouts.result.feeColumn"),
                text("payouts.result.detail"));
    }

    /** One line of the file as it was read, with its payout when there is one. */
    String row(PayoutBatches.Result result) {
        PayoutFile.Line line = result.line();
        Payout payout = result.payout();
        String detail;
        if (line.problem() == PayoutFile.Problem.AMOUNT) {
            detail = text(
                    "payouts.result.typed",
                    text(PROBLEM_MESSAGE_KEY_PREFIX + PayoutFile.Problem.AMOUNT.name()),
                    line.amountText());
        } else if (line.problem() != null) {
            detail = text(PROBLEM_MESSAGE_KEY_PREFIX + line.problem().name());
        } else if (payout == null) {
            detail = text("payouts.result.notSent");
        } else {
            detail = failure.apply(payout);
        }
        return row(
                number(BigDecimal.valueOf(line.number()), locale),
                CustomerPhone.parse(line.phone())
                        .map(CustomerPhone::nationalNumber)
                        .orElse(line.phone()),
                line.amount() == null ? null : number(line.amount(), locale),
                line.name(),
                line.reason(),
                payout == null ? null : payout.reference().value(),
                payout == null
                        ? text("payouts.result.rejected")
                        : text(STATUS_MESSAGE_KEY_PREFIX + payout.status().name()),
                payout == null || payout.fee() == null ? null : number(payout.fee(), locale),
                detail);
    }

    /**
     * A number as the file writes every number: {@code 4500} for {@code 4500.00}, {@code 12,5} (French) or
     * {@code 12.5} (English) for a fraction; never grouped, never in exponent form.
     */
    static String number(BigDecimal value, Locale locale) {
        String plain = value.stripTrailingZeros().toPlainString();
        boolean english = "en".equals(locale.getLanguage());
        return english ? plain : plain.replace('.', ',');
    }

    private String text(String key, Object... args) {
        return Objects.requireNonNullElse(messages.getMessage(key, args, key, locale), key);
    }

    private static String row(@Nullable String... cells) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            row.append(i == 0 ? "" : ";").append(CsvCells.quoted(cells[i]));
        }
        return row.append("\r\n").toString();
    }
}
