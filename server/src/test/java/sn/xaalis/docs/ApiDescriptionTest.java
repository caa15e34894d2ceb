package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiDescriptionTest {

    private final ApiDescription description = new ApiDescription();

    @Test
    void thePageListsEveryOperationWithItsResponses() {
        var page = description.page();
        assertThat(page.operations())
                .extracting(ApiDescription.Operation::id)
                .containsExactly(
                        "initiatePayment",
                        "getPaymentStatus",
                        "listPayments",
                        "cancelPayment",
                        "payWithCode",
                        "refundPayment",
                        "simulatePayment",
                        "listPaymentLinks",
                        "createPaymentLink",
                        "deactivatePaymentLink",
                        "listPayouts",
                        "createPayout",
                        "getPayout",
                        "getBalance",
                        "listBalanceTransactions",
                        "listSettlements",
                        "createSettlement",
                        "getSettlement",
                        "listAdjustments",
                        "adjustBalance",
                        "getProviderConnection",
                        "saveProviderConnection",
                        "removeProviderConnection",
                        "testProviderConnection",
                        "listReconciliations",
                        "reconcileProviderAccounts");
        assertThat(page.webhooks())
                .extracting(ApiDescription.Operation::id)
                .containsExactly(
                        "receivePaymentNotification", "receivePayoutNotification", "receiveSettlementNotification");
        var initiate = page.operations().getFirst();
        assertThat(initiate.requestBody().schemaAnchor()).isEqualTo("schema-InitiationRequest");
        assertThat(initiate.responses())
                .extracting(ApiDescription.Response::status)
                .containsExactly("201", "400", "401", "403", "409", "413", "415", "422", "429", "500", "503");
        // Headers and bodies of shared responses are resolved through their $ref.
        var tooMany = initiate.responses().stream()
                .filter(r -> r.status().equals("429"))
                .findFirst()
                .orElseThrow();
        assertThat(tooMany.headers()).extracting(ApiDescription.Field::name).contains("Retry-After");
        assertThat(tooMany.schemaAnchor()).isEqualTo("schema-Error");
    }

    @Test
    void composedSchemasShowEveryField() {
        var status = description.page().schemas().stream()
                .filter(s -> s.name().equals("PaymentStatus"))
                .findFirst()
                .orElseThrow();
        assertThat(status.fields())
                .extracting(ApiDescription.Field::name)
                .containsExactly(
                        "transaction_uuid",
                        "reference",
                        "provider",
                        "environment",
                        "amount",
                        "currency",
                        "status",
                        "provider_reference",
                        "paid_at",
                        "expired_at",
                        "error_message",
                        "metadata",
                        "fee",
                        "net_amount",
                        "deep_links",
                        "created_at",
                        "expires_at");
        assertThat(status.fields()).allMatch(ApiDescription.Field::required);
        assertThat(status.fields().stream().filter(f -> f.name().equals("paid_at")))
                .singleElement()
                .extracting(ApiDescription.Field::type)
                .isEqualTo("string or null");
    }

    @Test
    void wrappedLinesAreJoinedAndListItemsKept() {
        assertThat(ApiDescription.paragraphs("One line\nwrapped.\n\nA list:\n- first\n  item\n- second\n1. third"))
                .containsExactly("One line wrapped.", "A list:\n- first item\n- second\n1. third");
    }
}
