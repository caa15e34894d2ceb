package sn.xaalis.codepayment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CustomerPhoneTest {

    @Test
    void senegalNumbersAreReadWithOrWithoutTheCountryCodeAndSeparators() {
        for (String typed : new String[] {
            "771234567",
            "77 123 45 67",
            "+221 77 123 45 67",
            "+221771234567",
            "00221 77 123 45 67",
            "221771234567",
            " 77.123.45.67 ",
            "77-123-45-67",
            "77\u00a0123\u202f45 67"
        }) {
            assertThat(CustomerPhone.parse(typed))
                    .as(typed)
                    .map(CustomerPhone::nationalNumber)
                    .contains("771234567");
        }
        CustomerPhone phone = CustomerPhone.parse("78 987 65 43").orElseThrow();
        assertThat(phone.international()).isEqualTo("+221789876543");
        assertThat(phone.display()).isEqualTo("78 987 65 43");
        assertThat(phone.toString()).doesNotContain("9876543");
    }

    @Test
    void anythingElseIsRefused() {
        for (String typed : new String[] {
            null,
            "",
            "12345",
            "33 123 45 67",
            "7712345678",
            "77123456",
            "+225771234567",
            "+2217712345",
            "77 123 45 6a",
            "221 33 823 45 67",
            "7".repeat(41)
        }) {
            assertThat(CustomerPhone.parse(typed)).as(String.valueOf(typed)).isEmpty();
        }
    }

    @Test
    void codesAreFourToEightDigitsAndNeverPrinted() {
        assertThat(OneTimeCode.parse("123456")).map(OneTimeCode::digits).contains("123456");
        assertThat(OneTimeCode.parse(" 123 456 ")).map(OneTimeCode::digits).contains("123456");
        assertThat(OneTimeCode.parse("1234")).isPresent();
        assertThat(OneTimeCode.parse("12345678")).isPresent();
        for (String typed : new String[] {null, "", "123", "123456789", "12a456", "１２３４５６"}) {
            assertThat(OneTimeCode.parse(typed)).as(String.valueOf(typed)).isEmpty();
        }
        assertThat(OneTimeCode.parse("482913").orElseThrow().toString()).doesNotContain("482913");
    }
}
