package sn.xaalis.phone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PhoneNumbersTest {

    @Test
    void senegalNumbersAreReadAsShopsTypeThem() {
        for (String typed : List.of(
                "771234567",
                "77 123 45 67",
                "77.123.45.67",
                "77-123-45-67",
                "(77) 123 45 67",
                "77\u00a0123\u202f45 67",
                "+221 77 123 45 67",
                "+221771234567",
                "00221 77 123 45 67",
                "221771234567",
                " 77 123 45 67 ")) {
            assertThat(PhoneNumbers.mobile(typed, "SN")).as(typed).contains(new PhoneNumber("+221771234567", "SN"));
        }
        PhoneNumber number = PhoneNumbers.parse("771234567", "SN").orElseThrow();
        assertThat(number.nationalNumber()).isEqualTo("771234567");
        assertThat(number.national()).isEqualTo("77 123 45 67");
        assertThat(number.masked()).isEqualTo("+221 77 *** ** 67");
        assertThat(number.toString()).doesNotContain("1234567");
    }

    @Test
    void numbersOfWestAndCentralAfricaAreReadWithTheirCountryCode() {
        record Case(String typed, String e164, String region, String national, String masked) {}
        for (Case c : List.of(
                new Case("+225 07 01 02 03 04", "+2250701020304", "CI", "07 01 02 0304", "+225 07 ** ** **04"),
                new Case("00237 6 71 23 45 67", "+237671234567", "CM", "6 71 23 45 67", "+237 6 7* ** ** 67"),
                new Case("+223 65 01 23 45", "+22365012345", "ML", "65 01 23 45", "+223 65 ** ** 45"),
                new Case("+226 70 12 34 56", "+22670123456", "BF", "70 12 34 56", "+226 70 ** ** 56"),
                new Case("+224 601 12 34 56", "+224601123456", "GN", "601 12 34 56", "+224 60* ** ** 56"),
                new Case("+229 01 95 12 34 56", "+2290195123456", "BJ", "01 95 12 34 56", "+229 01 ** ** ** 56"),
                new Case("+228 90 11 23 45", "+22890112345", "TG", "90 11 23 45", "+228 90 ** ** 45"),
                new Case("+233 24 123 4567", "+233241234567", "GH", "024 123 4567", "+233 02* *** **67"))) {
            PhoneNumber number = PhoneNumbers.parse(c.typed(), "SN").orElseThrow();
            assertThat(number).as(c.typed()).isEqualTo(new PhoneNumber(c.e164(), c.region()));
            assertThat(number.national()).as(c.typed()).isEqualTo(c.national());
            assertThat(number.masked()).as(c.typed()).isEqualTo(c.masked());
            assertThat(PhoneNumbers.isMobile(number, c.region())).as(c.typed()).isTrue();
            assertThat(PhoneNumbers.isMobile(number, "SN")).as(c.typed()).isFalse();
        }
        // A national number is read in the region the caller says.
        assertThat(PhoneNumbers.mobile("07 01 02 03 04", "CI"))
                .map(PhoneNumber::e164)
                .contains("+2250701020304");
        assertThat(PhoneNumbers.mobile("07 01 02 03 04", "SN")).isEmpty();
    }

    @Test
    void fixedLinesAreNumbersButNotMobiles() {
        PhoneNumber dakar = PhoneNumbers.parse("33 821 12 34", "SN").orElseThrow();
        assertThat(dakar.e164()).isEqualTo("+221338211234");
        assertThat(PhoneNumbers.isFixedLine(dakar, "SN")).isTrue();
        assertThat(PhoneNumbers.isMobile(dakar, "SN")).isFalse();
        assertThat(PhoneNumbers.mobile("33 821 12 34", "SN")).isEmpty();
    }

    @Test
    void anythingElseIsRefused() {
        for (String typed : new String[] {
            null,
            "",
            "   ",
            "12345",
            "7712345678",
            "77123456",
            "0771234567",
            "+225771234567",
            "+2217712345",
            "77 123 45 6a",
            "77 ABC DEFG",
            "771234567 ext 12",
            "+999 771234567",
            "7".repeat(41)
        }) {
            assertThat(PhoneNumbers.parse(typed, "SN"))
                    .as(String.valueOf(typed))
                    .isEmpty();
            assertThat(PhoneNumbers.mobile(typed, "SN"))
                    .as(String.valueOf(typed))
                    .isEmpty();
        }
    }

    @Test
    void normalizeGivesE164ForNumbersOfTheRightLengthOnly() {
        assertThat(PhoneNumbers.normalize("77 123 45 67", "SN")).isEqualTo("+221771234567");
        assertThat(PhoneNumbers.normalize("00221 77 123 45 67", "SN")).isEqualTo("+221771234567");
        // Nine digits are Senegalese even where no number is given out yet: the API decides.
        assertThat(PhoneNumbers.normalize("123 456 789", "SN")).isEqualTo("+221123456789");
        assertThat(PhoneNumbers.normalize("+33 6 12 34 56 78", "SN")).isEqualTo("+33612345678");
        assertThat(PhoneNumbers.normalize("221771234567", "SN")).isNull();
        assertThat(PhoneNumbers.normalize("0771234567", "SN")).isNull();
        assertThat(PhoneNumbers.normalize("+2217712345", "SN")).isNull();
        assertThat(PhoneNumbers.normalize("abc", "SN")).isNull();
        assertThat(PhoneNumbers.countryCode("SN")).isEqualTo(221);
    }

    @Property
    void everyTypedFormOfASenegalMobileIsTheSameNumber(@ForAll("senegalMobiles") String national) {
        String spaced = national.substring(0, 2) + " " + national.substring(2, 5) + " " + national.substring(5, 7) + " "
                + national.substring(7);
        for (String typed : List.of(
                national,
                spaced,
                "+221" + national,
                "+221 " + spaced,
                "00221" + national,
                "00221 " + spaced,
                "221" + national,
                spaced.replace(' ', '.'),
                spaced.replace(' ', '-'))) {
            assertThat(PhoneNumbers.mobile(typed, "SN"))
                    .as(typed)
                    .map(PhoneNumber::e164)
                    .contains("+221" + national);
        }
        assertThat(PhoneNumbers.mobile(national, "SN").orElseThrow().national()).isEqualTo(spaced);
    }

    @Provide
    Arbitrary<String> senegalMobiles() {
        // The networks the providers serve: 70, 75, 76, 77, 78.
        return Arbitraries.of("70", "75", "76", "77", "78")
                .flatMap(prefix -> Arbitraries.strings().numeric().ofLength(7).map(rest -> prefix + rest));
    }
}
