package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/** Which status changes move money: a SUCCESS or a refund on the installation's accounts, nothing else. */
class LedgerTest {

    // No database is touched by moves(): it only decides whether the change needs a transaction.
    private final Ledger ledger = new Ledger(null, null, null, null, Clock.systemUTC());

    private static Payment payment(ConnectionId connection, Environment environment) {
        Instant now = Instant.now();
        return new Payment(
                new PaymentId(UUID.randomUUID()),
                new Reference("SVC-AAAAAAAA"),
                new ApplicationId(UUID.randomUUID()),
                environment,
                Provider.WALLET_SN,
                new BigDecimal("1500.00"),
                "XOF",
                PaymentStatus.PROCESSING,
                null,
                null,
                null,
                "{}",
                null,
                null,
                "p",
                new LinkedHashMap<>(),
                now.plus(Duration.ofMinutes(15)),
                now,
                null,
                null,
                null,
                null,
                connection,
                1);
    }

    @Test
    void aSuccessOrARefundOnTheInstallationsAccountsMovesMoney() {
        for (Environment environment : Environment.values()) {
            Payment installation = payment(null, environment);
            assertThat(ledger.moves(installation, PaymentStatus.SUCCESS)).isTrue();
            assertThat(ledger.moves(installation, PaymentStatus.REFUNDED)).isTrue();
            assertThat(ledger.moves(installation, PaymentStatus.FAILED)).isFalse();
            assertThat(ledger.moves(installation, PaymentStatus.EXPIRED)).isFalse();
            assertThat(ledger.moves(installation, PaymentStatus.CANCELLED)).isFalse();
        }
    }

    @Test
    void aPaymentOnTheMerchantsOwnConnectionIsAlreadyItsMoney() {
        Payment own = payment(new ConnectionId(UUID.randomUUID()), Environment.LIVE);
        assertThat(ledger.moves(own, PaymentStatus.SUCCESS)).isFalse();
        assertThat(ledger.moves(own, PaymentStatus.REFUNDED)).isFalse();
    }
}
