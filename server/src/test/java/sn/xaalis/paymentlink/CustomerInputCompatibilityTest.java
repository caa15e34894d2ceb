package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import sn.xaalis.phone.TypedNumbers;

/** The link page sends Senegalese numbers as the rule written by hand before libphonenumber sent them (issue 50). */
class CustomerInputCompatibilityTest {

    @Property(tries = 2000)
    void senegaleseNumbersAreSentAsBefore(@ForAll("typed") String typed) {
        String before = oldRule(typed);
        String now = CustomerInput.phone(typed);
        if (before.startsWith("+221") || !before.startsWith("+")) {
            assertThat(now).as(typed).isEqualTo(before);
        }
        // Whether the API's rule (+ then 6 to 19 digits) takes it does not change.
        assertThat(now != null && CustomerInput.validPhone(now)).as(typed).isEqualTo(CustomerInput.validPhone(before));
    }

    @Provide
    Arbitrary<String> typed() {
        return TypedNumbers.typed();
    }

    // The rule before libphonenumber, as it was.
    private static final Pattern SEPARATORS = Pattern.compile("[\\s\\u00a0\\u202f().-]");
    private static final Pattern LOCAL_NUMBER = Pattern.compile("[0-9]{9}");

    private static String oldRule(String typed) {
        String compact = SEPARATORS.matcher(typed).replaceAll("");
        if (compact.startsWith("00")) {
            return "+" + compact.substring(2);
        }
        if (LOCAL_NUMBER.matcher(compact).matches()) {
            return "+221" + compact;
        }
        return compact;
    }
}
