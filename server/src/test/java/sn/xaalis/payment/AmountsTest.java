package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AmountsTest {

    private static final BigDecimal MAX = new BigDecimal("100000000.00");

    @ParameterizedTest
    @CsvSource({
        "1500, true, false, 1500.00",
        "1500.5, true, false, 1500.50",
        "0.01, true, false, 0.01",
        "1500.00, true, true, 1500.00",
        "1500, false, true, 1500.00",
        "1.5e3, false, true, 1500.00",
        "100000000.00, true, false, 100000000.00",
        "1500.10, false, false, 1500.10",
    })
    void accepts(String text, boolean quoted, boolean wholeOnly, String expected) {
        assertThat(Amounts.parse(text, quoted, MAX, wholeOnly))
                .isEqualTo(new Amounts.Parsed.Valid(new BigDecimal(expected)));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0 | true | false | must be at least 0.01",
                "0.001 | true | false | must be at least 0.01",
                "-0 | false | false | must be at least 0.01",
                "-5 | false | false | must be at least 0.01",
                "1.005 | true | false | must have at most two decimals",
                "1e309 | false | false | must be at most 100000000.00",
                "1e-999999 | false | false | must be at least 0.01",
                "100000000.01 | true | false | must be at most 100000000.00",
                "1500.50 | true | true | MOBILEMONEY_SN accepts whole amounts only",
                "1e3 | true | false | must be a decimal number such as \"1500.00\"",
                "+15 | true | false | must be a decimal number such as \"1500.00\"",
                "' 15' | true | false | must be a decimal number such as \"1500.00\"",
                "abc | true | false | must be a decimal number such as \"1500.00\"",
                "'' | true | false | must be a decimal number such as \"1500.00\"",
                "15. | true | false | must be a decimal number such as \"1500.00\"",
            })
    void refuses(String text, boolean quoted, boolean wholeOnly, String reason) {
        assertThat(Amounts.parse(text, quoted, MAX, wholeOnly))
                .isInstanceOfSatisfying(Amounts.Parsed.Invalid.class, invalid -> assertThat(invalid.reason())
                        .isEqualTo(reason));
    }
}
