package sn.xaalis.codepayment;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Payments completed with the customer's one-time code, through the API, against the fake operator
 * over real HTTP (live) and the sandbox's magic codes, on both databases.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
@ExtendWith(OutputCaptureExtension.class)
class CodePaymentIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    private static final String ONE_STEP = "/api/eWallet/v1/payments/onestep";

    @Autowired
    MutableClock clock;

    @Autowired
    LoggingSystem logging;

    @Autowired
    DataSource dataSource;

    private static int customers = 0;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.operator().answerOneStepAfter(0);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    @Test
    void aCustomerPaysWithTheCodeFromTheUssdMenuAndTheMerchantHearsOfIt() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String reference = payment(m, 4500);
        fake.operator().issueCode(number, "482913");

        Api.Response paid = otp(m, reference, "+221 " + spaced(number), "482913");

        assertThat(paid.status()).as(paid.body()).isEqualTo(200);
        assertThat(paid.json().get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(paid.json().get("reference").stringValue()).isEqualTo(reference);
        assertThat(paid.body()).doesNotContain("482913");
        assertThat(fake.operator().balance(number)).isEqualByComparingTo("5500");
        JsonNode sent = fake.received("POST", ONE_STEP).getFirst().json();
        assertThat(sent.at("/customer/idType").stringValue()).isEqualTo("MSISDN");
        assertThat(sent.at("/customer/id").stringValue())
                .as("nine digits, no country code")
                .isEqualTo(number);
        assertThat(sent.at("/customer/otp").stringValue()).isEqualTo("482913");
        assertThat(sent.at("/partner/idType").stringValue()).isEqualTo("CODE");
        assertThat(sent.at("/partner/id").stringValue()).isEqualTo(FakeProviders.MM_MERCHANT_CODE);
        assertThat(sent.at("/amount/value").asLong()).isEqualTo(4500);
        assertThat(sent.at("/amount/unit").stringValue()).isEqualTo("XOF");
        assertThat(sent.at("/reference").stringValue()).isEqualTo(reference);
        assertThat(eventIds(m)).contains(reference + ":SUCCESS");

        Api.Response again = otp(m, reference, number, "482913");
        assertThat(again.status()).as("a finished payment takes no code").isEqualTo(409);
        assertThat(fake.received("POST", ONE_STEP))
                .as("nothing more sent to the operator")
                .hasSize(1);
    }

    @Test
    void threeRefusedCodesEndThePaymentFailed() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String reference = payment(m, 3000);
        fake.operator().issueCode(number, "300001");

        Map<String, String> key = Map.of("Idempotency-Key", "first-code-" + reference);
        Api.Response first = otp(m, reference, number, "300002", key);
        assertThat(first.status()).as(first.body()).isEqualTo(400);
        assertThat(first.json().at("/errors/otp/0").stringValue()).contains("2 tries left");
        Api.Response retried = otp(m, reference, number, "300002", key);
        assertThat(retried.status())
                .as("a lost answer retried spends no other try")
                .isEqualTo(400);
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(fake.received("POST", ONE_STEP)).hasSize(1);
        Api.Response second = otp(m, reference, number, "300003");
        assertThat(second.json().at("/errors/otp/0").stringValue()).contains("1 try left");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");
        Api.Response third = otp(m, reference, number, "300004");
        assertThat(third.status()).as(third.body()).isEqualTo(200);
        assertThat(third.json().get("status").stringValue()).isEqualTo("FAILED");
        assertThat(third.json().get("error_message").stringValue()).contains("refused 3 times");
        assertThat(eventIds(m)).contains(reference + ":FAILED");

        Api.Response fourth = otp(m, reference, number, "300001");
        assertThat(fourth.status()).isEqualTo(409);
        assertThat(fake.received("POST", ONE_STEP)).hasSize(3);
        assertThat(fake.operator().balance(number)).isEqualByComparingTo("10000");
    }

    @Test
    void theOperatorsOneTimeCodeErrorsAreARefusedCodeOnTheFormInFrenchAndEnglish() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String other = newCustomer(10_000);
        String first = payment(m, 2000);
        String second = payment(m, 2000);
        // The codes of the operator's description for a one-time code it does not take (docs/providers.md §3.5).
        oneStepError("2050", "OTP transaction failed");
        Api.Response failed = codeForm(first, number, "205000", "203.0.113.81", "fr");
        assertThat(failed.status()).as(failed.body()).isEqualTo(400);
        assertThat(failed.body())
                .contains("Ce code n’a pas été accepté.", "composez #144#391# pour en obtenir un nouveau", "2 essais");

        oneStepError("2051", "OTP transaction not found");
        Api.Response notFound = codeForm(first, number, "205100", "203.0.113.81", "en");
        assertThat(notFound.status()).as(notFound.body()).isEqualTo(400);
        assertThat(notFound.body())
                .contains("This code was not accepted.", "dial #144#391# to get a new one", "You have 1 try left.");

        oneStepError("2052", "OTP is expired, already used, or invalid");
        Api.Response expired = codeForm(second, other, "205200", "203.0.113.82", "en");
        assertThat(expired.status()).as(expired.body()).isEqualTo(400);
        assertThat(expired.body()).contains("This code was not accepted.", "You have 2 tries left.");
        oneStepError("2052", "OTP is expired, already used, or invalid");
        Api.Response expiredFr = codeForm(second, other, "205201", "203.0.113.82", "fr");
        assertThat(expiredFr.body()).contains("Ce code n’a pas été accepté.", "Il vous reste 1 essai.");

        assertThat(api.status(m, first).json().get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(fake.received("POST", ONE_STEP)).hasSize(4);
    }

    private static void oneStepError(String code, String detail) {
        fake.answerNext(
                "mm.onestep",
                FakeProviders.Answer.of(
                        400,
                        "{\"type\":\"https://developers.orange-sonatel.com/documentation/errors/bad-request\","
                                + "\"title\":\"Bad Request\",\"instance\":\"" + ONE_STEP + "\",\"status\":\"400\","
                                + "\"code\":\"" + code + "\",\"detail\":\"" + detail + "\"}"));
    }

    /** The hosted page's code form, posted as a browser without JavaScript does. */
    private Api.Response codeForm(String reference, String number, String code, String address, String language) {
        return api.send(
                "POST",
                "/pay/" + reference + "/code",
                Map.of(
                        "Content-Type", "application/x-www-form-urlencoded",
                        "X-Forwarded-For", address,
                        "Accept-Language", language),
                "customer_phone=" + number + "&otp=" + code);
    }

    @Test
    void anInsufficientBalanceFailsThePaymentWithTheOperatorsReason() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(1_000);
        String reference = payment(m, 3000);
        fake.operator().issueCode(number, "551177");

        Api.Response answer = otp(m, reference, "00221" + number, "551177");

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().get("status").stringValue()).isEqualTo("FAILED");
        assertThat(answer.json().get("error_message").stringValue()).contains("Balance insufficient (2020)");
    }

    @Test
    void anUnansweredCodeLeavesThePaymentProcessingUntilTheOperatorIsAsked() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String reference = payment(m, 2000);
        fake.operator().issueCode(number, "640218");
        fake.operator().answerOneStepAfter(1_500); // the operator pays, its answer comes too late

        Api.Response answer = otp(m, reference, number, "640218");
        assertThat(answer.status()).as(answer.body()).isEqualTo(202);
        assertThat(answer.json().get("status").stringValue()).isEqualTo("PROCESSING");

        fake.operator().answerOneStepAfter(0);
        fake.operator().issueCode(number, "640219");
        Api.Response another = otp(m, reference, number, "640219");
        assertThat(another.status())
                .as("no second code while the first may have paid: " + another.body())
                .isEqualTo(409);
        assertThat(fake.received("POST", ONE_STEP)).as("never sent twice").hasSize(1);
        Api.Response cancel = api.post(m, "/payments/" + reference + "/cancel/", null, Map.of());
        assertThat(cancel.status())
                .as("not cancelled under a code that may be paying it")
                .isEqualTo(409);
        assertThat(cancel.json().get("message").stringValue()).contains("awaits the operator's answer");

        clock.advance(Duration.ofSeconds(61)); // reconciliation asks the operator
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(fake.operator().balance(number)).isEqualByComparingTo("8000");
    }

    @Test
    void onlyTheCallersOwnProcessingMobileMoneyPaymentsTakeACode() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN", "WALLET_SN"));
        Api.Merchant other = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String reference = payment(m, 1000);

        assertThat(otp(other, reference, number, "123456").status()).isEqualTo(404);
        assertThat(otp(m, "SVC-NOTHING0", number, "123456").status()).isEqualTo(404);

        Api.Response wallet = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\"}");
        Api.Response refused = otp(m, wallet.json().get("reference").stringValue(), number, "123456");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().at("/errors/provider/0").stringValue()).contains("only MOBILEMONEY_SN");

        Api.Response invalid = otp(m, reference, "12 34", "12ab");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().at("/errors/customer_phone/0").stringValue()).contains("Senegal mobile number");
        assertThat(invalid.json().at("/errors/otp/0").stringValue()).contains("4 to 8 digits");
        assertThat(invalid.body()).doesNotContain("12ab");
        Api.Response missing = api.post(m, "/payments/" + reference + "/otp/", "{}", Map.of());
        assertThat(missing.json().at("/errors/customer_phone/0").stringValue()).isEqualTo("is required");
        assertThat(missing.json().at("/errors/otp/0").stringValue()).isEqualTo("is required");

        assertThat(fake.received("POST", ONE_STEP))
                .as("nothing sent for any of these")
                .isEmpty();
    }

    @Test
    void codesPerCustomerNumberAreLimitedAcrossPayments() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        String first = payment(m, 1000);
        String second = payment(m, 1000);
        for (int i = 0; i < 3; i++) {
            otp(m, first, number, "90000" + i);
        }
        assertThat(otp(m, second, number, "900009").status()).isEqualTo(400);

        Api.Response throttled = otp(m, second, number, "900010");

        assertThat(throttled.status()).isEqualTo(429);
        assertThat(Long.parseLong(throttled.header("Retry-After"))).isPositive();
        assertThat(fake.received("POST", ONE_STEP)).hasSize(4);
    }

    @Test
    void theSandboxsMagicCodesGiveEveryOutcome() {
        Api.Merchant m = api.onboard("MOBILEMONEY_SN");
        String paid = payment(m, 4500);
        String poor = payment(m, 4500);
        String wrong = payment(m, 4500);
        String silent = payment(m, 4500);

        assertThat(otp(m, paid, "77 123 45 67", "123456").json().get("status").stringValue())
                .isEqualTo("SUCCESS");
        Api.Response declined = otp(m, poor, "77 123 45 67", "111111");
        assertThat(declined.json().get("status").stringValue()).isEqualTo("FAILED");
        assertThat(declined.json().get("error_message").stringValue()).contains("Insufficient balance");
        assertThat(otp(m, wrong, "78 123 45 67", "000000").status()).isEqualTo(400);

        Map<String, String> key = Map.of("Idempotency-Key", "otp-" + silent);
        Api.Response waiting = otp(m, silent, "76 123 45 67", "222222", key);
        assertThat(waiting.status()).isEqualTo(202);
        Api.Response replayed = otp(m, silent, "76 123 45 67", "222222", key);
        assertThat(replayed.status()).isEqualTo(202);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(otp(m, silent, "76 123 45 67", "123456").status())
                .as("awaiting the first")
                .isEqualTo(409);
        clock.advance(Duration.ofMinutes(31));
        api.awaitStatus(m, silent, "EXPIRED", Duration.ofSeconds(10));
        assertThat(fake.received("POST", ONE_STEP))
                .as("sandbox codes never reach the operator")
                .isEmpty();
    }

    @Test
    void codesAreNeitherLoggedNorStored(CapturedOutput output) throws SQLException {
        List<String> verbose = List.of("sn.xaalis", "org.springframework.web", "org.springframework.jdbc");
        verbose.forEach(logger -> logging.setLogLevel(logger, LogLevel.DEBUG));
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String number = newCustomer(10_000);
        try {
            String refused = payment(m, 1000);
            fake.operator().issueCode(number, "718293");
            otp(m, refused, number, "729384");
            String paid = payment(m, 1000);
            assertThat(otp(m, paid, number, "718293").status()).isEqualTo(200);
        } finally {
            verbose.forEach(logger -> logging.setLogLevel(logger, null));
        }
        assertThat(output.getAll()).as("the capture saw the requests").contains("/otp");
        for (String code : List.of("718293", "729384")) {
            assertThat(standalone(code).matcher(output.getAll()).find())
                    .as("code in the logs")
                    .isFalse();
            assertThat(rowsContaining(code)).as("rows holding the code").isEmpty();
        }
    }

    // ---- helpers

    private Api.Response otp(Api.Merchant m, String reference, String phone, String code) {
        return otp(m, reference, phone, code, Map.of());
    }

    private Api.Response otp(Api.Merchant m, String reference, String phone, String code, Map<String, String> headers) {
        return api.post(
                m,
                "/payments/" + reference + "/otp/",
                "{\"customer_phone\":\"" + phone + "\",\"otp\":\"" + code + "\"}",
                headers);
    }

    private String payment(Api.Merchant m, long amount) {
        Api.Response response = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("reference").stringValue();
    }

    /** A customer of the operator of its own, so that the per-number budget of one test spares the others. */
    private static synchronized String newCustomer(long balance) {
        String number = "77" + String.format("%07d", 1_000_000 + ++customers * 7919 % 8_000_000);
        fake.operator().customer(number, balance);
        return number;
    }

    private static String spaced(String number) {
        return number.substring(0, 2) + " " + number.substring(2, 5) + " " + number.substring(5, 7) + " "
                + number.substring(7);
    }

    private List<String> eventIds(Api.Merchant m) {
        List<String> ids = new ArrayList<>();
        api.notifications(m).forEach(n -> ids.add(n.get("event_id").stringValue()));
        return ids;
    }

    private static Pattern standalone(String code) {
        return Pattern.compile("(?<![0-9A-Za-z.])" + code + "(?![0-9A-Za-z])");
    }

    /** Every row of every table of ours whose text holds the code on its own. */
    private List<String> rowsContaining(String code) throws SQLException {
        Pattern pattern = standalone(code);
        List<String> found = new ArrayList<>();
        try (var connection = dataSource.getConnection()) {
            List<String> tables = new ArrayList<>();
            String schema = connection.getSchema();
            try (ResultSet rs = connection.getMetaData().getTables(null, schema, "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertThat(tables).as("the scan sees our tables").isNotEmpty();
            for (String table : tables) {
                try (var statement = connection.createStatement();
                        ResultSet rows = statement.executeQuery("SELECT * FROM \"" + schema + "\".\"" + table + "\"")) {
                    int columns = rows.getMetaData().getColumnCount();
                    while (rows.next()) {
                        for (int c = 1; c <= columns; c++) {
                            Object value = rows.getObject(c);
                            if (value != null
                                    && pattern.matcher(value.toString()).find()) {
                                found.add(table + "." + rows.getMetaData().getColumnName(c));
                            }
                        }
                    }
                }
            }
        }
        return found;
    }
}
