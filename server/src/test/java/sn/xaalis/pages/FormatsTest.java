package sn.xaalis.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.i18n.LocaleContextHolder;

class FormatsTest {

    private final Formats formats = new Formats();

    @AfterEach
    void reset() {
        LocaleContextHolder.resetLocaleContext();
    }

    @Test
    void frenchAmountsReadAsInDakar() {
        LocaleContextHolder.setLocale(Locale.FRENCH);
        assertThat(formats.amount(new BigDecimal("4500.00"), "XOF")).isEqualTo("4\u00a0500\u00a0FCFA");
        assertThat(formats.amount(new BigDecimal("1250000"), "XOF")).isEqualTo("1\u00a0250\u00a0000\u00a0FCFA");
        assertThat(formats.amount(new BigDecimal("4000.50"), "XOF"))
                .as("a fraction in use is shown, never rounded away")
                .isEqualTo("4\u00a0000,50\u00a0FCFA");
        assertThat(formats.amount(new BigDecimal("10.00"), "EUR")).isEqualTo("10,00\u00a0EUR");
    }

    @Test
    void englishAmountsPutTheCodeFirst() {
        LocaleContextHolder.setLocale(Locale.ENGLISH);
        assertThat(formats.amount(new BigDecimal("4500.00"), "XOF")).isEqualTo("XOF\u00a04,500");
        assertThat(formats.amount(new BigDecimal("4000.5"), "XOF")).isEqualTo("XOF\u00a04,000.50");
    }

    @Test
    void timesAreReadInTheGivenZoneAndKeptExactInUtc() {
        Instant at = Instant.parse("2026-11-24T23:19:51.389887Z");
        LocaleContextHolder.setLocale(Locale.FRENCH);
        assertThat(formats.dateTime(at, java.time.ZoneId.of("Africa/Dakar"))).isEqualTo("24 nov. 2026, 23:19");
        assertThat(formats.dateTime(at, java.time.ZoneId.of("Africa/Lagos"))).isEqualTo("25 nov. 2026, 00:19");
        LocaleContextHolder.setLocale(Locale.ENGLISH);
        assertThat(formats.dateTime(at, Formats.DEFAULT_ZONE)).isEqualTo("24 Nov 2026, 23:19");
        assertThat(formats.utc(at)).isEqualTo("2026-11-24T23:19:51.389887Z");
    }

    @Test
    void theLanguageSwitchReturnsOnlyToThisSite() {
        assertThat(LanguageSwitch.localPath("/portal/transactions?status=SUCCESS"))
                .isEqualTo("/portal/transactions?status=SUCCESS");
        for (String hostile : new String[] {
            "//evil.example", "/\\evil.example", "https://evil.example", "", null, "/x\r\nSet-Cookie: a=b"
        }) {
            assertThat(LanguageSwitch.localPath(hostile))
                    .as(String.valueOf(hostile))
                    .isEqualTo("/");
        }
    }
}
