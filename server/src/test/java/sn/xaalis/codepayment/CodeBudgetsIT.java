package sn.xaalis.codepayment;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * Whom the one-time codes' budgets protect, and that nobody can spend them for someone else: a
 * number's budget is its own per application and environment, the hosted page's apart from the API's
 * and the counter's, and a request refused before the operator is asked spends nothing. Four codes a
 * minute per number (the live adapters' setting), six per application here.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
@TestPropertySource(properties = "xaalis.code-payments.per-application=6/1m")
class CodeBudgetsIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    /** The sandbox's magic code the operator never answers: it keeps a payment waiting. */
    private static final String NO_ANSWER = "222222";

    private static final String PAID = "123456";
    private static final String WRONG = "000000";

    @Autowired
    MutableClock clock;

    private static int customers = 0;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.operator().answerOneStepAfter(0);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    @Test
    void theSandboxKeysOfOneApplicationCannotSpendANumbersBudgetElsewhere() {
        Api.Merchant attacker = api.onboard("MOBILEMONEY_SN");
        Api.Merchant victimSandbox = api.onboard("MOBILEMONEY_SN");
        Api.Merchant victimLive = api.goLive(victimSandbox);
        String number = newCustomer(10_000);
        for (int i = 0; i < 4; i++) {
            assertThat(otp(attacker, payment(attacker), number, NO_ANSWER).status())
                    .isEqualTo(202);
        }
        assertThat(otp(attacker, payment(attacker), number, NO_ANSWER).status())
                .as("the attacker's own budget for the number bites")
                .isEqualTo(429);

        String live = payment(victimLive);
        fake.operator().issueCode(number, "640218");
        Api.Response paidLive = otp(victimLive, live, number, "640218");
        assertThat(paidLive.status())
                .as("another application's live payment: " + paidLive.body())
                .isEqualTo(200);
        Api.Response paidSandbox = otp(victimSandbox, payment(victimSandbox), number, PAID);
        assertThat(paidSandbox.status())
                .as("another application's sandbox: " + paidSandbox.body())
                .isEqualTo(200);

        // The same application's sandbox keys cannot spend its live budget for a number either.
        String other = newCustomer(10_000);
        for (int i = 0; i < 4; i++) {
            assertThat(otp(victimSandbox, payment(victimSandbox), other, NO_ANSWER)
                            .status())
                    .isEqualTo(202);
        }
        assertThat(otp(victimSandbox, payment(victimSandbox), other, PAID).status())
                .isEqualTo(429);
        fake.operator().issueCode(other, "640219");
        Api.Response ownLive = otp(victimLive, payment(victimLive), other, "640219");
        assertThat(ownLive.status()).as("its live payment: " + ownLive.body()).isEqualTo(200);
    }

    @Test
    void requestsRefusedBeforeTheOperatorIsAskedSpendNoBudget() {
        Api.Merchant m = api.onboardBoth();
        String number = newCustomer(10_000);
        String waiting = payment(m);
        assertThat(otp(m, waiting, number, NO_ANSWER).status()).isEqualTo(202);
        for (int i = 0; i < 6; i++) {
            assertThat(otp(m, waiting, number, PAID).status())
                    .as("another code while the first awaits the operator")
                    .isEqualTo(409);
        }
        String paid = payment(m);
        assertThat(otp(m, paid, number, PAID).status()).isEqualTo(200);
        for (int i = 0; i < 6; i++) {
            assertThat(otp(m, paid, number, PAID).status())
                    .as("a finished payment")
                    .isEqualTo(409);
        }
        String wallet = api.newPayment(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\"}");
        for (int i = 0; i < 6; i++) {
            assertThat(otp(m, wallet, number, PAID).status())
                    .as("a wallet payment")
                    .isEqualTo(400);
            assertThat(otp(m, paid, "12 34", PAID).status()).as("not a number").isEqualTo(400);
        }
        for (int i = 0; i < 6; i++) {
            assertThat(onPage(waiting, number, PAID, "203.0.113.90").status())
                    .as("the page, while the first awaits the operator")
                    .isEqualTo(409);
        }

        Api.Response api2 = otp(m, payment(m), number, PAID);
        assertThat(api2.status())
                .as("the number's and the application's budgets are whole: " + api2.body())
                .isEqualTo(200);
        assertThat(onPage(payment(m), number, PAID, "203.0.113.90").status())
                .as("and the page's")
                .isEqualTo(303);
    }

    @Test
    void wrongCodesOnThePublicPageLeaveTheApisBudgetsAlone() {
        Api.Merchant m = api.onboardBoth();
        String target = newCustomer(10_000);
        String first = payment(m);
        String second = payment(m);
        for (String reference : new String[] {first, first, second, second}) {
            assertThat(onPage(reference, target, WRONG, "203.0.113.91").status())
                    .isEqualTo(400);
        }
        assertThat(onPage(second, target, WRONG, "203.0.113.92").status())
                .as("the page's budget for the number bites")
                .isEqualTo(429);
        Api.Response forNumber = otp(m, payment(m), target, PAID);
        assertThat(forNumber.status())
                .as("the number at the merchant's server: " + forNumber.body())
                .isEqualTo(200);

        // Two more numbers' wrong codes spend the rest of the page's six for the application.
        String third = payment(m);
        assertThat(onPage(third, newCustomer(0), WRONG, "203.0.113.93").status())
                .isEqualTo(400);
        assertThat(onPage(third, newCustomer(0), WRONG, "203.0.113.93").status())
                .isEqualTo(400);
        assertThat(onPage(payment(m), newCustomer(0), PAID, "203.0.113.94").status())
                .as("the page's budget for the application bites")
                .isEqualTo(429);
        for (int i = 0; i < 5; i++) {
            Api.Response fromServer = otp(m, payment(m), newCustomer(0), PAID);
            assertThat(fromServer.status())
                    .as("the application's budget at the merchant's server: " + fromServer.body())
                    .isEqualTo(200);
        }
    }

    // ---- helpers

    private Api.Response otp(Api.Merchant m, String reference, String phone, String code) {
        return api.post(
                m,
                "/payments/" + reference + "/otp/",
                "{\"customer_phone\":\"" + phone + "\",\"otp\":\"" + code + "\"}",
                Map.of());
    }

    private Api.Response onPage(String reference, String phone, String code, String address) {
        String body = "customer_phone=" + URLEncoder.encode(phone, StandardCharsets.UTF_8) + "&otp="
                + URLEncoder.encode(code, StandardCharsets.UTF_8);
        return api.send(
                "POST",
                "/pay/" + reference + "/code",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-For", address),
                body);
    }

    private String payment(Api.Merchant m) {
        Api.Response response = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1000\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("reference").stringValue();
    }

    /** A customer of the operator of its own, so that one test's budgets spare the others. */
    private static synchronized String newCustomer(long balance) {
        String number = "70" + String.format("%07d", 1_000_000 + ++customers * 7919 % 8_000_000);
        fake.operator().customer(number, balance);
        return number;
    }
}
