package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PaymentStatusTest {

    @Test
    void onlyTheTransitionsOfD1AreAllowed() {
        Set<String> allowed = Set.of(
                "PROCESSING>SUCCESS",
                "PROCESSING>FAILED",
                "PROCESSING>CANCELLED",
                "PROCESSING>EXPIRED",
                "SUCCESS>REFUNDED",
                "EXPIRED>SUCCESS");
        for (PaymentStatus from : PaymentStatus.values()) {
            for (PaymentStatus to : EnumSet.allOf(PaymentStatus.class)) {
                assertThat(from.canMoveTo(to)).as(from + ">" + to).isEqualTo(allowed.contains(from + ">" + to));
            }
        }
    }

    @Test
    void eventsFollowTheSpec() {
        assertThat(PaymentStatus.SUCCESS.event()).isEqualTo("transaction.success");
        assertThat(PaymentStatus.FAILED.event()).isEqualTo("transaction.failed");
        assertThat(PaymentStatus.CANCELLED.event()).isEqualTo("transaction.cancelled");
        assertThat(PaymentStatus.EXPIRED.event()).isEqualTo("transaction.expired");
        assertThat(PaymentStatus.REFUNDED.event()).isEqualTo("transaction.refunded");
    }
}
