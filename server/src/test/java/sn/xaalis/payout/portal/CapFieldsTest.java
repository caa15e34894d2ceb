package sn.xaalis.payout.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Issue 48 item 10: the caps' fields show their number grouped as people read it ({@code 50 000 000},
 * {@code 50,000,000}), and what a field shows is read back as the same number, in either language, so
 * saving the settings unchanged changes no cap.
 */
class CapFieldsTest {

    @Test
    void theOperatorsMaximumReadsAsPeopleReadIt() {
        assertThat(PayoutTexts.whole(new BigDecimal("50000000"), Locale.FRENCH)).isEqualTo("50 000 000");
        assertThat(PayoutTexts.whole(new BigDecimal("50000000.00"), Locale.ENGLISH))
                .isEqualTo("50,000,000");
        assertThat(PayoutTexts.whole(20_000, Locale.FRENCH)).isEqualTo("20 000");
        assertThat(PayoutTexts.whole(5, Locale.ENGLISH)).isEqualTo("5");
    }

    @Property(tries = 200)
    void whatAFieldShowsIsReadBackAsTheSameNumber(@ForAll @LongRange(min = 1, max = 9_999_999_999_999L) long cap) {
        for (Locale locale : new Locale[] {Locale.FRENCH, Locale.ENGLISH}) {
            String shown = PayoutTexts.whole(BigDecimal.valueOf(cap), locale);
            assertThat(PayoutPageController.whole(shown)).isEqualByComparingTo(BigDecimal.valueOf(cap));
        }
    }

    @Test
    void aCommaThatDoesNotGroupThousandsIsNoNumber() {
        assertThat(PayoutPageController.whole("1,5")).isNull();
        assertThat(PayoutPageController.whole("1,50,000")).isNull();
        assertThat(PayoutPageController.whole("500 000")).isEqualByComparingTo("500000");
    }
}
