package sn.xaalis.payment;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Timestamps;

/**
 * Who started a payment (a cashier at the counter, a payment link, else the API) and the customer's
 * number typed for it at the counter or on the code form: the payment_starts table (V48), kept apart
 * from the payments row, whose customer_phone is what the merchant's server sent and what the API
 * returns as sent. The modules that start payments tell it here; only this module writes the table.
 */
@Service
public class PaymentStarts {

    private static final int MAX_NAME = 200;

    /** Who started a payment. */
    public enum Kind {
        API,
        COUNTER,
        LINK
    }

    /**
     * @param name the cashier's name for the counter, the link's title for a link; null for the API
     */
    public record Starter(Kind kind, @Nullable String name) {

        public static final Starter API = new Starter(Kind.API, null);

        public static Starter cashier(String name) {
            return new Starter(Kind.COUNTER, name);
        }

        public static Starter link(String title) {
            return new Starter(Kind.LINK, title);
        }
    }

    private final JdbcClient jdbc;

    PaymentStarts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Says who started the payment of this reference (stored just before by the API's initiation, which
     * commits on its own: a crash in between loses this line, never the payment).
     */
    public void startedBy(String reference, Starter starter) {
        if (starter.kind() == Kind.API) {
            return; // no row says the same
        }
        String name = starter.name() == null || starter.name().length() <= MAX_NAME
                ? starter.name()
                : starter.name().substring(0, MAX_NAME);
        int updated = jdbc.sql("UPDATE payment_starts SET started_by = :kind, starter_name = :name"
                        + " WHERE payment_id = (SELECT id FROM payments WHERE reference = :reference)")
                .param("kind", starter.kind().name())
                .param("name", name)
                .param("reference", reference)
                .update();
        if (updated > 0) {
            return;
        }
        try {
            jdbc.sql("INSERT INTO payment_starts (payment_id, application_id, created_at, started_by, starter_name)"
                            + " SELECT id, application_id, created_at, :kind, :name FROM payments"
                            + " WHERE reference = :reference")
                    .param("kind", starter.kind().name())
                    .param("name", name)
                    .param("reference", reference)
                    .update();
        } catch (DuplicateKeyException typedMeanwhile) {
            startedBy(reference, starter);
        }
    }

    /** Keeps the customer's number typed for the payment ({@code +221…}); the last one typed stays. */
    public void customerTyped(Payment payment, String internationalNumber) {
        int updated = jdbc.sql("UPDATE payment_starts SET customer_phone = :phone WHERE payment_id = :id")
                .param("phone", internationalNumber)
                .param("id", payment.transactionUuid().value())
                .update();
        if (updated > 0) {
            return;
        }
        try {
            jdbc.sql("INSERT INTO payment_starts (payment_id, application_id, created_at, customer_phone)"
                            + " VALUES (:id, :application, :createdAt, :phone)")
                    .param("id", payment.transactionUuid().value())
                    .param("application", payment.applicationId().value())
                    .param("createdAt", Timestamps.toDatabase(payment.createdAt()))
                    .param("phone", internationalNumber)
                    .update();
        } catch (DuplicateKeyException startedMeanwhile) {
            customerTyped(payment, internationalNumber);
        }
    }

    /** Who started the payment: the API when nobody said otherwise. */
    public Starter of(Payment payment) {
        return jdbc.sql("SELECT started_by, starter_name FROM payment_starts WHERE payment_id = :id")
                .param("id", payment.transactionUuid().value())
                .query((rs, n) -> {
                    String kind = rs.getString("started_by");
                    return kind == null
                            ? Starter.API
                            : new Starter(Kind.valueOf(kind.toUpperCase(Locale.ROOT)), rs.getString("starter_name"));
                })
                .optional()
                .orElse(Starter.API);
    }
}
