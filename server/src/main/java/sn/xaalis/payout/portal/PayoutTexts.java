package sn.xaalis.payout.portal;

import java.util.stream.Collectors;
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

    public String addresses(PayoutSettings.Settings settings) {
        return settings.allowedAddresses().stream().map(Cidr::toString).collect(Collectors.joining("\n"));
    }
}
