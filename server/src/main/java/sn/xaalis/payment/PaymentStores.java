package sn.xaalis.payment;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.Database;
import sn.xaalis.webhook.NotificationOutbox;

/**
 * Where PostgreSQL and the embedded database need different statements for the same rows, the
 * stores for this node's database, chosen here once at start-up: no service asks which it runs on.
 */
@Configuration(proxyBeanMethods = false)
class PaymentStores {

    @Bean
    InitiationStore initiationStore(
            Database database,
            Payments payments,
            StatusHistory history,
            Idempotency idempotency,
            TransactionTemplate transactions,
            PaymentProperties properties) {
        var inTransaction = new InTransactionInitiationStore(payments, history, idempotency, transactions, properties);
        return database.embedded()
                ? inTransaction
                : new OneStatementInitiationStore(payments, idempotency, inTransaction);
    }

    @Bean
    RollupStore rollupStore(Database database, JdbcClient jdbc) {
        return database.embedded() ? new RollupStore.H2(jdbc) : new RollupStore.Postgres(jdbc);
    }

    @Bean
    StatusChangeStore statusChangeStore(
            Database database,
            Payments payments,
            StatusHistory history,
            NotificationOutbox outbox,
            TransactionTemplate transactions) {
        return database.embedded()
                ? new InStepsStatusChanges(payments, history, outbox, transactions)
                : new OneStatementStatusChanges(payments, outbox);
    }
}
