package sn.xaalis.payout.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;
import sn.xaalis.payout.Payout;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.payout.PayoutFile;
import sn.xaalis.payout.PayoutStatus;
import sn.xaalis.payout.PayoutTests;

/**
 * Issue 48 item 10: the result file of a payout file speaks the portal's language (headers, statuses,
 * why a line was left out) and writes every number one way (digits, no grouping, the language's decimal
 * mark), never an enum's name, a typed amount in a number column, or {@code 4500.00}.
 */
class PayoutResultFileTest {

    private static final ResourceBundleMessageSource MESSAGES = new ResourceBundleMessageSource();

    static {
        MESSAGES.setBasenames("i18n/payouts", "i18n/common");
        MESSAGES.setDefaultEncoding("UTF-8");
        MESSAGES.setFallbackToSystemLocale(false);
    }

    private static final List<PayoutBatches.Result> RESULTS = List.of(
            new PayoutBatches.Result(
                    line(2, "+221771234567", "4 500", new BigDecimal("4500.00"), null),
                    payout("OUT-AAAA1111", "4500.00", "45.00", PayoutStatus.SUCCESS)),
            new PayoutBatches.Result(
                    line(3, "+221700000011", "1000", new BigDecimal("1000"), null),
                    payout("OUT-BBBB2222", "1000", "12.50", PayoutStatus.FAILED)),
            new PayoutBatches.Result(line(5, "+221780000001", "abc", null, PayoutFile.Problem.AMOUNT), null),
            new PayoutBatches.Result(
                    line(6, "33 822 00 00", "2000", new BigDecimal("2000"), PayoutFile.Problem.PHONE), null),
            new PayoutBatches.Result(
                    line(7, "+221761234567", "12 000", new BigDecimal("12000.00"), null),
                    payout("OUT-CCCC3333", "12000.00", null, PayoutStatus.NEEDS_REVIEW)));

    @Test
    void inFrenchTheFileSaysEverythingInFrenchWithNumbersWrittenOneWay() {
        List<String> rows = write(Locale.FRENCH);
        assertThat(rows.get(0))
                .isEqualTo("\"Ligne\";\"Numéro\";\"Montant (FCFA)\";\"Nom\";\"Motif\";\"Référence\";\"Statut\";"
                        + "\"Frais (FCFA)\";\"Détail\"\r\n");
        assertThat(rows.get(1))
                .isEqualTo("\"2\";\"771234567\";\"4500\";\"Awa\";\"Prime\";\"OUT-AAAA1111\";\"Payé\";\"45\";"
                        + "\"why\"\r\n");
        assertThat(rows.get(2)).contains("\"1000\"", "\"Échoué\"", "\"12,5\"");
        assertThat(rows.get(3))
                .startsWith("\"5\";\"780000001\";;")
                .contains("\"Écarté\"", "Montant non valide : « abc »");
        assertThat(rows.get(4)).startsWith("\"6\";\"33 822 00 00\";\"2000\";").contains("Numéro non valide");
        assertThat(rows.get(5)).contains("\"12000\"", "\"À vérifier\"");
        assertThat(String.join("", rows)).doesNotContain("SUCCESS", "FAILED", "NEEDS_REVIEW", "4500.00", "payouts.");
    }

    @Test
    void inEnglishTheSameFileIsInEnglishWithThePointAsDecimalMark() {
        List<String> rows = write(Locale.ENGLISH);
        assertThat(rows.get(0))
                .isEqualTo("\"Line\";\"Number\";\"Amount (XOF)\";\"Name\";\"Reason\";\"Reference\";\"Status\";"
                        + "\"Fee (XOF)\";\"Detail\"\r\n");
        assertThat(rows.get(1)).contains("\"4500\"", "\"Paid\"", "\"45\"");
        assertThat(rows.get(2)).contains("\"Failed\"", "\"12.5\"");
        assertThat(rows.get(3)).startsWith("\"5\";\"780000001\";;").contains("\"Left out\"", "“abc”");
        assertThat(String.join("", rows)).doesNotContain("SUCCESS", "FAILED", "NEEDS_REVIEW", "payouts.");
    }

    @Test
    void aNumberIsNeverGroupedNorInExponentForm() {
        assertThat(PayoutResultFile.number(new BigDecimal("50000000.00"), Locale.FRENCH))
                .isEqualTo("50000000");
        assertThat(PayoutResultFile.number(new BigDecimal("5E+3"), Locale.ENGLISH))
                .isEqualTo("5000");
        assertThat(PayoutResultFile.number(new BigDecimal("0.50"), Locale.FRENCH))
                .isEqualTo("0,5");
    }

    private static List<String> write(Locale locale) {
        var file = new PayoutResultFile(MESSAGES, locale, payout -> "why");
        List<String> rows = new java.util.ArrayList<>();
        rows.add(file.header());
        RESULTS.forEach(result -> rows.add(file.row(result)));
        return rows;
    }

    private static PayoutFile.Line line(
            int number, String phone, String typed, @Nullable BigDecimal amount, PayoutFile.@Nullable Problem problem) {
        return new PayoutFile.Line(number, phone, typed, amount, "Awa", "Prime", problem);
    }

    private static Payout payout(String reference, String amount, @Nullable String fee, PayoutStatus status) {
        return PayoutTests.stored(
                reference,
                new BigDecimal(amount),
                fee == null ? null : new BigDecimal(fee),
                status,
                status == PayoutStatus.FAILED ? "recipient-limit-exceeded" : null);
    }
}
