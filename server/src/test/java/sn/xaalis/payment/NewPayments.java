package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** Payments as initiation builds them before storing them, for tests that store one themselves. */
final class NewPayments {

    private NewPayments() {}

    static Payment processing(
            Clock clock,
            ApplicationId applicationId,
            Environment environment,
            Provider provider,
            BigDecimal amount,
            Reference reference) {
        Instant now = Timestamps.truncate(clock.instant());
        var links = new LinkedHashMap<String, String>();
        links.put(provider.name(), "https://" + provider.name().toLowerCase(Locale.ROOT) + ".example/pay/" + reference);
        return new Payment(
                PaymentId.newId(clock),
                reference,
                applicationId,
                environment,
                provider,
                amount,
                "XOF",
                PaymentStatus.PROCESSING,
                null,
                null,
                null,
                "{}",
                null,
                null,
                environment.value() + "-" + reference.value(),
                links,
                now.plus(Duration.ofMinutes(15)),
                now,
                null,
                null,
                null,
                null,
                null,
                1);
    }
}
