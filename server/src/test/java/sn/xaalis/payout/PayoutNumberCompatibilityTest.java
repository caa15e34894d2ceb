package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import sn.xaalis.phone.TypedNumbers;
import sn.xaalis.provider.PayableNumbers;

/** Payouts go to the numbers the rule written by hand before libphonenumber took (issue 50). */
class PayoutNumberCompatibilityTest {

    private static final Pattern OLD_PHONE = Pattern.compile("\\+2217[05678][0-9]{7}");
    private static final Pattern OLD_RETAILER_NUMBER = Pattern.compile("7[05678][0-9]{7}");

    @Property(tries = 3000)
    void theSameNumbersArePaid(@ForAll("numbers") String phone) {
        assertThat(PayoutOrder.payable(phone))
                .as(phone)
                .isEqualTo(OLD_PHONE.matcher(phone).matches());
        String nine = phone.length() > 4 ? phone.substring(4) : phone;
        assertThat(PayableNumbers.isRetailerNumber(nine))
                .as(nine)
                .isEqualTo(OLD_RETAILER_NUMBER.matcher(nine).matches());
    }

    @Provide
    Arbitrary<String> numbers() {
        Arbitrary<String> e164 =
                Arbitraries.strings().numeric().ofMinLength(8).ofMaxLength(10).map(digits -> "+2217" + digits);
        return Arbitraries.oneOf(e164, e164, TypedNumbers.typed());
    }
}
