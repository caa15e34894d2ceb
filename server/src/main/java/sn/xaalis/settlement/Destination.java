package sn.xaalis.settlement;

import java.math.BigDecimal;
import java.time.Instant;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * Where an application's settlements go in one environment, and when.
 *
 * @param usableFrom the first moment a settlement may go there (a change waits, see SettlementProperties)
 * @param automatic whether available money is settled each day once it reaches {@code minimum}
 */
public record Destination(
        ApplicationId applicationId,
        Environment environment,
        Provider provider,
        CustomerPhone phone,
        Instant usableFrom,
        Instant changedAt,
        boolean automatic,
        BigDecimal minimum) {

    public Destination {
        if (minimum.signum() < 0) {
            throw new IllegalArgumentException("a minimum is 0 or more");
        }
    }

    public boolean usable(Instant now) {
        return !now.isBefore(usableFrom);
    }

    /** The number as answers show it: enough to recognise one's own, not to learn someone's. */
    public String masked() {
        return mask(phone);
    }

    static String mask(CustomerPhone phone) {
        return phone.number().masked();
    }
}
