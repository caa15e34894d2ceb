package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Every reason a page can show has words in French and in English: each stable reason, and every code the
 * adapters, the sandbox and the payouts pass on resolves to one of them (never to a provider's English).
 */
class FailureReasonTest {

    private static final Properties FR = bundle("i18n/common_fr.properties");
    private static final Properties EN = bundle("i18n/common_en.properties");

    @Test
    void everyReasonHasAFrenchAndAnEnglishText() {
        List<String> missing = new ArrayList<>();
        for (FailureReason reason : FailureReason.values()) {
            String fr = FR.getProperty(reason.messageKey());
            String en = EN.getProperty(reason.messageKey());
            if (fr == null || fr.isBlank() || en == null || en.isBlank() || fr.equals(en)) {
                missing.add(reason.name());
            }
        }
        assertThat(missing)
                .as("reasons without their own French and English texts")
                .isEmpty();
    }

    @Test
    void everyProviderCodeIsAKnownReason() {
        assertKnown(Provider.MOBILEMONEY_SN, FailureReason.MOBILEMONEY_SN_CODES);
        assertKnown(Provider.WALLET_SN, FailureReason.WALLET_SN_CODES);
        for (Provider provider : Provider.values()) {
            assertKnown(provider, FailureReason.XAALIS_PAYOUT_CODES);
        }
    }

    @Test
    void theOperatorsWordsAreReadByTheirCode() {
        assertThat(FailureReason.ofPayment(Provider.MOBILEMONEY_SN, "MOBILEMONEY_SN: Balance insufficient (2020)"))
                .contains(FailureReason.INSUFFICIENT_FUNDS);
        assertThat(FailureReason.ofPayment(
                        Provider.MOBILEMONEY_SN,
                        "The one-time code was refused 3 times; last: MOBILEMONEY_SN: OTP is expired (2052)"))
                .contains(FailureReason.CODE_REFUSED_TOO_OFTEN);
        assertThat(FailureReason.ofPayment(Provider.MOBILEMONEY_SN, "MOBILEMONEY_SN: Transaction not allowed (2041)"))
                .contains(FailureReason.NOT_ALLOWED);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, "insufficient-funds"))
                .contains(FailureReason.INSUFFICIENT_FUNDS);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, "Solde insuffisant"))
                .contains(FailureReason.DECLINED);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, null)).isEmpty();
    }

    @Test
    void theSandboxsReasonsAreItsOwn() {
        assertThat(FailureReason.ofPayment(Provider.MOBILEMONEY_SN, FailureReason.SANDBOX_WRONG_CODE))
                .contains(FailureReason.WRONG_CODE);
        assertThat(FailureReason.ofPayment(Provider.MOBILEMONEY_SN, FailureReason.SANDBOX_INSUFFICIENT_FUNDS))
                .contains(FailureReason.INSUFFICIENT_FUNDS);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, FailureReason.SANDBOX_MAGIC_PHONE))
                .contains(FailureReason.INSUFFICIENT_FUNDS);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, FailureReason.SANDBOX_DECLINE))
                .contains(FailureReason.SANDBOX_DECLINED);
        // the sandbox payouts' magic failure (payout/SandboxPayoutRail)
        assertThat(FailureReason.ofPayout(Provider.WALLET_SN, "recipient-limit-exceeded"))
                .contains(FailureReason.RECIPIENT_LIMIT);
    }

    @Test
    void anyOtherCodeIsTheProvidersDeclineWhichHasWordsToo() {
        assertThat(FailureReason.ofPayout(Provider.MOBILEMONEY_SN, "http-418")).contains(FailureReason.DECLINED);
        assertThat(FailureReason.ofPayout(Provider.WALLET_SN, "something-new")).contains(FailureReason.DECLINED);
        assertThat(FailureReason.ofPayment(Provider.WALLET_SN, "Something new (brand-new)"))
                .contains(FailureReason.DECLINED);
    }

    private static void assertKnown(Provider provider, Map<String, FailureReason> table) {
        table.forEach((code, reason) -> {
            assertThat(FailureReason.ofPayout(provider, code)).as(code).contains(reason);
            assertThat(FR.getProperty(reason.messageKey())).as(code).isNotBlank();
            assertThat(EN.getProperty(reason.messageKey())).as(code).isNotBlank();
        });
    }

    private static Properties bundle(String path) {
        Properties properties = new Properties();
        try (InputStream in = FailureReasonTest.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return properties;
    }
}
