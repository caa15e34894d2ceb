package sn.xaalis.codepayment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import sn.xaalis.phone.TypedNumbers;

/** libphonenumber reads numbers as the rule written by hand before it did (issue 50). */
class CustomerPhoneCompatibilityTest {

    @Property(tries = 2000)
    void numbersAreReadAsTheOldRuleReadThem(@ForAll("typed") String typed) {
        assertThat(CustomerPhone.parse(typed).map(CustomerPhone::nationalNumber))
                .as(typed)
                .isEqualTo(oldRule(typed));
    }

    @Provide
    Arbitrary<String> typed() {
        return TypedNumbers.typed();
    }

    // The rule before libphonenumber, as it was.
    private static final Pattern NATIONAL = Pattern.compile("7[0-9]{8}");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s.\\-()\\u00a0\\u202f]");

    private static Optional<String> oldRule(String typed) {
        if (typed == null || typed.length() > 40) {
            return Optional.empty();
        }
        String digits = SEPARATORS.matcher(typed.strip()).replaceAll("");
        if (digits.startsWith("+221")) {
            digits = digits.substring(4);
        } else if (digits.startsWith("00221")) {
            digits = digits.substring(5);
        } else if (digits.startsWith("221") && digits.length() == 12) {
            digits = digits.substring(3);
        }
        return NATIONAL.matcher(digits).matches() ? Optional.of(digits) : Optional.empty();
    }
}
