package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers as operators type them, read into the forms customer_phone may hold. */
class PaymentSearchTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "+221771234567",
                "+221 77 123 45 67",
                "00221 77 123 45 67",
                "0022177 123 45 67",
                "221771234567",
                "771234567",
                "77 123 45 67",
                "77.123.45.67",
                "77-123-45-67",
                "(+221) 77 123 45 67",
                " 77\u00a0123\u00a045\u00a067 "
            })
    void aSenegaleseNumberIsLookedForInEachFormTheApiLetsThrough(String typed) {
        assertThat(PaymentSearch.storedForms(typed)).containsExactly("+221771234567", "+771234567", "+00221771234567");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+33 6 12 34 56 78", "0033612345678", "+33612345678"})
    void aForeignNumberIsItselfWithItsPlus(String typed) {
        assertThat(PaymentSearch.storedForms(typed)).containsExactly("+33612345678");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "abc", "12", "77 12", "+", "+221 77 12a 45 67", "33612345678", "+12345"})
    void whatIsNoNumberIsNothingToLookFor(String typed) {
        assertThat(PaymentSearch.storedForms(typed)).isEmpty();
    }
}
