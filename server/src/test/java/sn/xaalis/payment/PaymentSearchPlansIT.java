package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.support.IntegrationTest;

/**
 * The operator's search runs across every merchant: a query that read the whole payments table would
 * cost as much as all their histories. On PostgreSQL, with sequential scans priced out, each query
 * kind must still find its payments through its index.
 */
@IntegrationTest
class PaymentSearchPlansIT {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Autowired
    Database database;

    @BeforeEach
    void onPostgres() {
        assumeFalse(database.embedded(), "H2 has no EXPLAIN of PostgreSQL's kind, nor partial indexes (V34)");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "reference",
                "transaction uuid",
                "provider reference",
                "provider transaction id",
                "customer phone",
                "senegalese phone",
                "typed phone"
            })
    void readsItsIndexNeverTheWholeTable(String kind) {
        Map<String, Object> params = new HashMap<>();
        params.put("limit", PaymentSearch.LIMIT);
        params.put("key", "SVC-ABCD1234");
        params.put("from", Timestamps.toDatabase(Instant.parse("2026-01-01T00:00:00Z")));
        params.put("to", Timestamps.toDatabase(Instant.parse("2026-01-02T00:00:00Z")));
        for (int i = 0; i < 3; i++) {
            params.put("phone" + i, "+221771234567");
        }
        String query;
        String index;
        switch (kind) {
            case "reference" -> {
                query = PaymentSearch.BY_REFERENCE;
                index = "payments_reference_uq";
            }
            case "transaction uuid" -> {
                query = PaymentSearch.BY_TRANSACTION_UUID;
                index = "payments_pkey";
                params.put("key", UUID.randomUUID());
            }
            case "provider reference" -> {
                query = PaymentSearch.BY_PROVIDER_REFERENCE;
                index = "payments_provider_reference_idx";
            }
            case "provider transaction id" -> {
                query = PaymentSearch.BY_PROVIDER_TRANSACTION_ID;
                index = "payments_provider_transaction_idx";
            }
            case "customer phone" -> {
                query = PaymentSearch.BY_CUSTOMER_PHONE;
                index = "payments_customer_phone_idx";
            }
            case "senegalese phone" -> {
                query = PaymentSearch.BY_SENEGALESE_PHONE;
                index = "payments_customer_phone_idx";
            }
            default -> {
                // The number typed at a counter or on a code form (issue 48, V48).
                query = PaymentSearch.BY_TYPED_PHONE;
                index = "payment_starts_phone_idx";
                params.put("phone", "+221771234567");
            }
        }
        String plan = transactions.execute(tx -> {
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + query)
                            .params(params)
                            .query(String.class)
                            .list());
        });
        assertThat(plan)
                .doesNotContain("Seq Scan on payments")
                .doesNotContain("Seq Scan on payment_starts")
                .contains(index);
    }

    /**
     * The portal's search by a customer's number (issue 48): each application's branch reads an index from
     * the number, never the merchant's whole history.
     */
    @ParameterizedTest
    @ValueSource(strings = {"typed", "sent"})
    void thePortalsSearchByNumberReadsItsIndexPerApplication(String kind) {
        Map<String, Object> params = new HashMap<>();
        params.put("limit", 50);
        params.put("app0", UUID.randomUUID());
        params.put("phone", "+221771234567");
        params.put("phone0", "+221771234567");
        String query = kind.equals("typed") ? CustomerNumberSearch.typedBranch(0) : CustomerNumberSearch.sentBranch(0);
        // Each kind has the application's own index and the number's across applications (V48, and payments'
        // own two); on a small table the planner may take either, and both start from the number: the plan
        // must read the number from an index (the Index Cond below), never the application's history.
        String index = kind.equals("typed")
                ? "payment_starts_(application_)?phone_idx"
                : "payments_(application|customer)_phone_idx";
        String plan = transactions.execute(tx -> {
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + query)
                            .params(params)
                            .query(String.class)
                            .list());
        });
        assertThat(plan)
                .doesNotContain("Seq Scan")
                .contains("(customer_phone)::text = '+221771234567'::text")
                .containsPattern(index);
    }
}
