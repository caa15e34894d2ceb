package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void quotesAndDefusesSpreadsheetFormulas() {
        assertThat(TransactionsExportController.csv("plain")).isEqualTo("\"plain\"");
        assertThat(TransactionsExportController.csv("say \"hi\", ok")).isEqualTo("\"say \"\"hi\"\", ok\"");
        assertThat(TransactionsExportController.csv("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(TransactionsExportController.csv("+1")).isEqualTo("\"'+1\"");
        assertThat(TransactionsExportController.csv("@SUM(A1)")).isEqualTo("\"'@SUM(A1)\"");
        assertThat(TransactionsExportController.csv(null)).isEmpty();
    }
}
