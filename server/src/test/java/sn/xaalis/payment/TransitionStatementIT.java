package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;

/**
 * A status change (D1) writes its update, history row and outbox row together or not at all: one
 * statement on PostgreSQL that commits on its own or joins the caller's transaction, one
 * transaction on the embedded database.
 */
@IntegrationTest
class TransitionStatementIT extends ApiIntegrationTest {

    @Autowired
    PaymentTransitions transitions;

    @Autowired
    Payments payments;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void aChangeWritesTheStatusItsHistoryAndItsNotification() {
        Payment payment = read(api.newPayment(merchant));

        var outcome = transitions.apply(
                payment, PaymentStatus.FAILED, new PaymentTransitions.Cause("test", "why it failed"), "Declined");

        assertThat(outcome).isInstanceOf(PaymentTransitions.Outcome.Changed.class);
        Payment stored = read(payment.reference().value());
        assertThat(stored.status()).isEqualTo(PaymentStatus.FAILED);
        assertThat(stored.errorMessage()).isEqualTo("Declined");
        assertThat(history(payment))
                .containsExactly("null>PROCESSING api null", "PROCESSING>FAILED test why it failed");
        assertThat(notifications(payment)).containsExactly(payment.reference().value() + ":FAILED transaction.failed");
        assertThat(jdbc.sql("SELECT body FROM notifications WHERE event_id = :id")
                        .param("id", payment.reference().value() + ":FAILED")
                        .query(String.class)
                        .single())
                .contains(
                        "\"status\":\"FAILED\"", "\"error_message\":\"Declined\"", "\"metadata\":{\"order\":\"o-1\"}");
    }

    @Test
    void aChangeFromAStaleReadWritesNothing() {
        Payment stale = read(api.newPayment(merchant));
        assertThat(transitions.apply(stale, PaymentStatus.SUCCESS, PaymentTransitions.Cause.of("first"), null))
                .isInstanceOf(PaymentTransitions.Outcome.Changed.class);

        var second = transitions.apply(stale, PaymentStatus.CANCELLED, PaymentTransitions.Cause.of("second"), null);

        assertThat(second).isEqualTo(new PaymentTransitions.Outcome.Lost(PaymentStatus.SUCCESS));
        assertThat(read(stale.reference().value()).status()).isEqualTo(PaymentStatus.SUCCESS);
        assertThat(history(stale)).containsExactly("null>PROCESSING api null", "PROCESSING>SUCCESS first null");
        assertThat(notifications(stale)).containsExactly(stale.reference().value() + ":SUCCESS transaction.success");
    }

    @Test
    void aChangeJoinsTheCallersTransactionAndRollsBackWithIt() {
        Payment payment = read(api.newPayment(merchant));

        transactions.executeWithoutResult(tx -> {
            assertThat(transitions.apply(payment, PaymentStatus.SUCCESS, PaymentTransitions.Cause.of("job"), null))
                    .isInstanceOf(PaymentTransitions.Outcome.Changed.class);
            tx.setRollbackOnly();
        });

        assertThat(read(payment.reference().value()).status()).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(history(payment)).containsExactly("null>PROCESSING api null");
        assertThat(notifications(payment)).isEmpty();
    }

    private Payment read(String reference) {
        return payments.findByReference(new Reference(reference)).orElseThrow();
    }

    private List<String> history(Payment payment) {
        return jdbc.sql("SELECT from_status, to_status, cause, detail FROM payment_status_history"
                        + " WHERE payment_id = :id ORDER BY id")
                .param("id", payment.transactionUuid().value())
                .query((rs, n) ->
                        rs.getString(1) + ">" + rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4))
                .list();
    }

    private List<String> notifications(Payment payment) {
        return jdbc.sql("SELECT event_id, event FROM notifications WHERE application_id = :app AND event_id LIKE :ref")
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("ref", payment.reference().value() + ":%")
                .query((rs, n) -> rs.getString(1) + " " + rs.getString(2))
                .list();
    }
}
