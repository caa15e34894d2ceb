package sn.xaalis.pages;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.Locale;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Timestamps;

/**
 * Amounts and times on pages, in the page's language: {@code 4 500 FCFA} / {@code XOF 4,500}, and
 * {@code 25 nov. 2026, 14:19} in a given time zone. Templates call it as {@code @formats}; the API's
 * formats never go through here.
 */
@Component("formats")
public class Formats {

    /** Where a time zone is not chosen (customer pages, a new merchant): Senegal's. */
    public static final ZoneId DEFAULT_ZONE = ZoneId.of("Africa/Dakar");

    // A no-break space: an amount never wraps between its digits or before its currency.
    private static final char NBSP = '\u00a0';
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm");
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMM yyyy");
    private static final DateTimeFormatter SHORT_DAY = DateTimeFormatter.ofPattern("d MMM");

    /** {@code 4 500 FCFA} in French, {@code XOF 4,500} in English; decimals only where they are in use. */
    public String amount(BigDecimal amount, String currency) {
        return amount(amount, currency, LocaleContextHolder.getLocale());
    }

    public static String amount(BigDecimal amount, String currency, Locale locale) {
        if (amount == null) {
            return "";
        }
        int digits = fractionDigits(amount, currency);
        boolean french = isFrench(locale);
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(french ? Locale.FRENCH : Locale.ENGLISH);
        if (french) {
            symbols.setGroupingSeparator(NBSP);
        }
        DecimalFormat format = new DecimalFormat(digits == 0 ? "#,##0" : "#,##0." + "0".repeat(digits), symbols);
        format.setRoundingMode(RoundingMode.HALF_EVEN);
        String number = format.format(amount.setScale(digits, RoundingMode.HALF_EVEN));
        if (french) {
            return number + NBSP + symbol(currency);
        }
        return currency + NBSP + number;
    }

    /** The reading form of a moment in a time zone; {@link #utc(Instant)} is its exact value. */
    public String dateTime(Instant at, ZoneId zone) {
        return at == null ? "" : DATE_TIME.withLocale(locale()).format(at.atZone(zone));
    }

    public String dateTime(Instant at) {
        return dateTime(at, DEFAULT_ZONE);
    }

    public String date(Instant at, ZoneId zone) {
        return at == null ? "" : DATE.withLocale(locale()).format(at.atZone(zone));
    }

    /** A calendar day, e.g. {@code 24 nov. 2026}. */
    public String day(LocalDate day) {
        return day == null ? "" : DATE.withLocale(locale()).format(day);
    }

    /** A day of this year, e.g. {@code 24 nov.}: a chart's axis. */
    public String shortDay(LocalDate day) {
        return day == null ? "" : SHORT_DAY.withLocale(locale()).format(day);
    }

    /** The exact UTC value, as the API writes it: for a {@code title} or a {@code datetime} attribute. */
    public String utc(Instant at) {
        return at == null ? "" : Timestamps.micros(at);
    }

    private static Locale locale() {
        return isFrench(LocaleContextHolder.getLocale()) ? Locale.FRENCH : Locale.ENGLISH;
    }

    private static boolean isFrench(Locale locale) {
        return locale == null || !"en".equals(locale.getLanguage());
    }

    /** The currency's minor unit when the amount uses it (ISO 4217: none for XOF), else none. */
    private static int fractionDigits(BigDecimal amount, String currency) {
        int used = Math.max(0, amount.stripTrailingZeros().scale());
        int minor = 2;
        try {
            minor = Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
        } catch (IllegalArgumentException | NullPointerException unknown) {
            // an unknown code keeps two decimals
        }
        // XOF has no minor unit, but the API keeps two decimals: a fraction sent is shown, not rounded away.
        return minor > 0 || used > 0 ? 2 : 0;
    }

    private static String symbol(String currency) {
        return switch (currency) {
            case "XOF" -> "FCFA";
            default -> currency;
        };
    }
}
