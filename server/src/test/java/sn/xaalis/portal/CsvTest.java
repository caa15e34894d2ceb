package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void quotesAndDefusesSpreadsheetFormulas() {
        assertThat(TransactionsController.csv("plain")).isEqualTo("\"plain\"");
        assertThat(TransactionsController.csv("say \"hi\", ok")).isEqualTo("\"say \"\"hi\"\", ok\"");
        assertThat(TransactionsController.csv("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(TransactionsController.csv("+1")).isEqualTo("\"'+1\"");
        assertThat(TransactionsController.csv("@SUM(A1)")).isEqualTo("\"'@SUM(A1)\"");
        assertThat(TransactionsController.csv(null)).isEmpty();
    }
}
