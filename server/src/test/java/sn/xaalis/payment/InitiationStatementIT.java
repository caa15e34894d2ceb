package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * The single statement that stores an initiation on PostgreSQL: all of it or nothing, without a
 * transaction around it.
 */
@IntegrationTest
class InitiationStatementIT extends ApiIntegrationTest {

    private static final String BODY = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}";

    /** Stands for a provider's own QR image: stored by the same statement as the payment. */
    private static final String PROVIDER_QR = "iVBORw0KGgo=";

    @Autowired
    Payments payments;

    @Autowired
    Idempotency idempotency;

    @Autowired
    Database database;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        assumeFalse(database.embedded(), "the embedded database stores an initiation in a transaction");
        merchant = api.onboardBoth();
    }

    @Test
    void storesThePaymentItsFirstHistoryRowAndTheAnswer() {
        Payment payment = newPayment(Reference.random());

        assertThat(insert(payment, "free-key")).isTrue();

        assertThat(jdbc.sql("SELECT status, next_check_at FROM payments WHERE id = :id")
                        .param("id", payment.transactionUuid().value())
                        .query((rs, n) -> rs.getString(1) + " " + rs.getObject(2))
                        .single())
                .isEqualTo("PROCESSING null");
        assertThat(providerQrCode(payment)).isEqualTo(PROVIDER_QR);
        assertThat(history(payment)).containsExactly("null>PROCESSING api");
        assertThat(answers("free-key")).isEqualTo(1);

        Payment withoutKey = newPayment(Reference.random());
        assertThat(payments.insertAtOnce(withoutKey, null, PROVIDER_QR, null)).isTrue();
        assertThat(history(withoutKey)).containsExactly("null>PROCESSING api");
        assertThat(providerQrCode(withoutKey)).isEqualTo(PROVIDER_QR);
    }

    @Test
    void aTakenKeyStoresNothing() {
        assertThat(api.initiate(merchant, BODY, Map.of("Idempotency-Key", "taken-key"))
                        .status())
                .isEqualTo(201);
        Payment payment = newPayment(Reference.random());

        assertThat(insert(payment, "taken-key")).isFalse();

        assertThat(exists(payment)).isFalse();
        assertThat(history(payment)).isEmpty();
        assertThat(answers("taken-key")).isEqualTo(1);
    }

    @Test
    void aTakenReferenceFailsTheWholeStatement() {
        Reference taken = new Reference(api.newPayment(merchant));
        Payment payment = newPayment(taken);

        assertThatThrownBy(() -> insert(payment, "key-of-a-clash")).isInstanceOf(DuplicateKeyException.class);
        assertThatThrownBy(() -> payments.insertAtOnce(payment, null, null, null))
                .isInstanceOf(DuplicateKeyException.class);

        assertThat(exists(payment)).isFalse();
        assertThat(history(payment)).isEmpty();
        assertThat(answers("key-of-a-clash")).isZero();
    }

    private boolean insert(Payment payment, String key) {
        var keyed = new Idempotency.Keyed(
                new Idempotency.Scope(payment.applicationId(), Environment.SANDBOX, key), "request-hash");
        return payments.insertAtOnce(
                payment,
                null,
                PROVIDER_QR,
                idempotency.insertStep(keyed, new Idempotency.StoredResponse(201, "{\"stored\":true}")));
    }

    private String providerQrCode(Payment payment) {
        return jdbc.sql("SELECT provider_qr_code FROM payments WHERE id = :id")
                .param("id", payment.transactionUuid().value())
                .query(String.class)
                .single();
    }

    private Payment newPayment(Reference reference) {
        return NewPayments.processing(
                clock,
                ApplicationId.valueOf(merchant.applicationId()),
                Environment.SANDBOX,
                Provider.WALLET_SN,
                new BigDecimal("1500"),
                reference);
    }

    private boolean exists(Payment payment) {
        return jdbc.sql("SELECT COUNT(*) FROM payments WHERE id = :id")
                        .param("id", payment.transactionUuid().value())
                        .query(Integer.class)
                        .single()
                == 1;
    }

    private java.util.List<String> history(Payment payment) {
        return jdbc.sql("SELECT from_status, to_status, cause FROM payment_status_history WHERE payment_id = :id")
                .param("id", payment.transactionUuid().value())
                .query((rs, n) -> rs.getString(1) + ">" + rs.getString(2) + " " + rs.getString(3))
                .list();
    }

    private int answers(String key) {
        return jdbc.sql(
                        "SELECT COUNT(*) FROM idempotency_records WHERE application_id = :app AND idempotency_key = :key")
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("key", key)
                .query(Integer.class)
                .single();
    }
}
