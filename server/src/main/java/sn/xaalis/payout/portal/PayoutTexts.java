package sn.xaalis.payout.portal;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.stream.Collectors;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.egress.Cidr;
import sn.xaalis.payout.PayoutSettings;

/** What the Payouts pages write as people read it: numbers in pairs, one address a line. */
@Component("payoutTexts")
class PayoutTexts {

    /** {@code 77 123 45 67} for {@code +221771234567}. */
    public String phone(String international) {
        return CustomerPhone.parse(international).map(CustomerPhone::display).orElse(international);
    }

    /** A Payouts address below {@code base} (which ends with its {@code ?env=…}). */
    public String path(String base, String rest) {
        int query = base.indexOf('?');
        return base.substring(0, query) + rest + base.substring(query);
    }

    /**
     * A whole number to edit in a field, grouped as people read it: {@code 50 000 000} in French,
     * {@code 50,000,000} in English ({@link PayoutPageController#whole} reads both back); the unit is
     * beside the field.
     */
    public String whole(Number number) {
        return whole(number, LocaleContextHolder.getLocale());
    }

    static String whole(Number number, Locale locale) {
        boolean english = locale != null && "en".equals(locale.getLanguage());
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(english ? Locale.ENGLISH : Locale.FRENCH);
        symbols.setGroupingSeparator(english ? ',' : ' ');
        DecimalFormat format = new DecimalFormat("#,##0", symbols);
        format.setRoundingMode(RoundingMode.DOWN);
        return format.format(number);
    }

    public String addresses(PayoutSettings.Settings settings) {
        return settings.allowedAddresses().stream().map(Cidr::toString).collect(Collectors.joining("\n"));
    }
}
