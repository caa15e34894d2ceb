package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import sn.xaalis.phone.TypedNumbers;

/** A number searched with libphonenumber finds the stored forms the rule written by hand found (issue 50). */
class PaymentSearchCompatibilityTest {

    @Property(tries = 2000)
    void storedFormsAreTheOldRulesForms(@ForAll("typed") String typed) {
        assertThat(PaymentSearch.storedForms(typed)).as(typed).isEqualTo(oldRule(typed));
    }

    @Provide
    Arbitrary<String> typed() {
        return TypedNumbers.typed();
    }

    // The rule before libphonenumber, as it was.
    private static final Pattern SEPARATORS = Pattern.compile("[\\s\\u00a0\\u202f().-]");
    private static final Pattern NATIONAL = Pattern.compile("[0-9]{9}");
    private static final Pattern PHONE = Pattern.compile("\\+[0-9]{6,19}");

    private static List<String> oldRule(String typed) {
        if (typed.length() > 40) {
            return List.of();
        }
        String number = SEPARATORS.matcher(typed.strip()).replaceAll("");
        if (number.startsWith("00")) {
            number = "+" + number.substring(2);
        } else if (NATIONAL.matcher(number).matches()) {
            number = "+221" + number;
        } else if (number.startsWith("221") && number.length() == 12) {
            number = "+" + number;
        }
        if (!PHONE.matcher(number).matches()) {
            return List.of();
        }
        if (number.startsWith("+221") && number.length() == 13) {
            String national = number.substring(4);
            return List.of(number, "+" + national, "+00221" + national);
        }
        return List.of(number);
    }
}
