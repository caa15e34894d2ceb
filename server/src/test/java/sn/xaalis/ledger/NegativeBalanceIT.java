package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.SettingsNobodyElseMinds;
import tools.jackson.databind.JsonNode;

/**
 * An installation whose operator allows negative balances: a refund larger than what is available (the
 * fee the operator keeps on a payment still pending) takes it below zero, and the next money made
 * available pays it back first.
 */
@IntegrationTest
@SettingsNobodyElseMinds // negative balances allowed
class NegativeBalanceIT extends ApiIntegrationTest {

    @Autowired
    MutableClock clock;

    @Autowired
    Availability availability;

    @Autowired
    LedgerProperties properties;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aRefundMayTakeTheBalanceBelowZeroAndTheNextCreditsPayItBackFirst() {
        Api.Merchant merchant = api.onboardBoth();
        api.admin(
                "PUT",
                "/merchants/" + merchant.merchantId() + "/pricing",
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"0\",\"fixed\":\"400\",\"min\":\"0\",\"max\":null}}}");
        String first = paid(merchant, "1000");
        assertThat(balance(merchant)).isEqualTo("0.00/600.00");

        var refunded = refund(merchant, first);

        assertThat(refunded.status()).as(refunded.body()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        // Its own pending 600 back, and the fee of 400 the operator keeps from available.
        assertThat(balance(merchant)).isEqualTo("-400.00/0.00");
        JsonNode line =
                api.get(merchant, "/balance/transactions").json().get("data").get(0);
        assertThat(line.get("type").stringValue()).isEqualTo("refund");
        assertThat(line.get("net").stringValue()).isEqualTo("-1000.00");

        paid(merchant, "1000");
        assertThat(balance(merchant)).isEqualTo("-400.00/600.00");
        releaseAll();
        assertThat(balance(merchant))
                .as("the next credit pays the debt back first")
                .isEqualTo("200.00/0.00");
        new LedgerChecks(jdbc).all();
    }

    @Test
    void anOperatorsDebitMayTakeTheBalanceBelowZeroToo() {
        Api.Merchant merchant = api.onboardBoth();
        var debit = api.send(
                "POST",
                "/admin/v1/applications/" + merchant.applicationId() + "/adjustments",
                Map.of(
                        "Authorization", "Bearer " + Api.ADMIN_TOKEN,
                        "Content-Type", "application/json",
                        "Idempotency-Key", "negative-1"),
                "{\"environment\":\"sandbox\",\"amount\":\"-700\",\"reason\":\"Avance récupérée\"}");
        assertThat(debit.status()).as(debit.body()).isEqualTo(201);
        assertThat(balance(merchant)).isEqualTo("-700.00/0.00");
        new LedgerChecks(jdbc).all();
    }

    private Api.Response refund(Api.Merchant merchant, String reference) {
        return api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
    }

    private String paid(Api.Merchant merchant, String amount) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        return reference;
    }

    /** available/pending */
    private String balance(Api.Merchant merchant) {
        JsonNode balance = api.get(merchant, "/balance").json();
        return balance.get("available").stringValue() + "/"
                + balance.get("pending").stringValue();
    }

    private void releaseAll() {
        clock.advance(Duration.ofDays(2));
        while (availability.releaseDue() >= properties.jobBatch()) {
            // a full batch: the job's next pass would start at once
        }
    }
}
