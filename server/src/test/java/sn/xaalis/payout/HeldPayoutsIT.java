package sn.xaalis.payout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * Issue 47, item 10: a live file still going out when the operator suspends the merchant, or when the
 * merchant turns payouts off, stops going out. The payouts still queued are held (neither sent nor
 * failed, no attempt spent), the Payouts page and the file's page say so and why, and they all go out,
 * each exactly once, when the merchant is reinstated or payouts are turned back on.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class HeldPayoutsIT extends BrowserIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    private static final int LINES = 80;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PayoutSettings settings;

    @Autowired
    PayoutBatches batches;

    @Autowired
    ApplicationDirectory directory;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.installationCallbacks("http://127.0.0.1:" + port);
        fake.wallet().payouts().answerAfter(0);
    }

    @Test
    void aSuspendedMerchantsQueuedFileIsHeldThenSentOnceWhenReinstated() {
        String email = "held" + System.nanoTime() + "@example.com";
        Api.Merchant shop = liveShop(email);
        PayoutBatch file = confirmFile(shop, 1);
        assertThat(api.admin("DELETE", "/merchants/" + shop.merchantId() + "/approval", null)
                        .status())
                .isEqualTo(200);

        int held = assertHeld(shop);

        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);
        page.navigate(url("/portal/applications/" + shop.applicationId() + "/payouts?env=live"));
        assertThat(page.locator("#held")).containsText("l’opérateur a retiré l’approbation de votre compte");
        assertThat(page.locator("#held")).containsText(held + " paiements en attente sont retenus");
        assertThat(page.locator("#held")).containsText("ni envoyés ni annulés");
        PageChecks.check(page, "payouts-held-suspended-fr-390", "fr");
        page.navigate(fileUrl(shop, file));
        assertThat(page.locator("#progress h2")).hasText("Envoi en pause");
        assertThat(page.locator("#progress")).containsText("l’opérateur a retiré l’approbation de votre compte");
        PageChecks.check(page, "payouts-file-held-suspended-fr-390", "fr");
        Page english = browser.newPage(1280, 800, "en");
        signIn(english, email);
        english.navigate(fileUrl(shop, file));
        assertThat(english.locator("#progress h2")).hasText("Sending paused");
        assertThat(english.locator("#progress")).containsText("neither sent nor cancelled");
        PageChecks.check(english, "payouts-file-held-suspended-en-1280", "en");

        assertThat(api.admin("POST", "/merchants/" + shop.merchantId() + "/approval", null)
                        .status())
                .isEqualTo(200);
        assertAllSentOnce(shop);
        page.navigate(url("/portal/applications/" + shop.applicationId() + "/payouts?env=live"));
        assertThat(page.locator("#held")).hasCount(0);
    }

    @Test
    void aFileQueuedWhenPayoutsAreTurnedOffIsHeldThenSentOnceWhenTurnedOn() {
        String email = "heldoff" + System.nanoTime() + "@example.com";
        Api.Merchant shop = liveShop(email);
        PayoutBatch file = confirmFile(shop, 2);
        switchPayouts(shop, false);

        int held = assertHeld(shop);

        Page page = browser.newPage(1280, 800, "en");
        signIn(page, email);
        page.navigate(url("/portal/applications/" + shop.applicationId() + "/payouts?env=live"));
        assertThat(page.locator("#held")).containsText("Payouts are turned off");
        assertThat(page.locator("#held")).containsText(held + " waiting payouts are held");
        assertThat(page.locator("#held")).containsText("as soon as you turn payouts back on");
        PageChecks.check(page, "payouts-held-off-en-1280", "en");
        Page french = browser.newPage(390, 844, "fr");
        signIn(french, email);
        french.navigate(fileUrl(shop, file));
        assertThat(french.locator("#progress h2")).hasText("Envoi en pause");
        assertThat(french.locator("#progress")).containsText("dès que vous réactiverez les paiements sortants");
        PageChecks.check(french, "payouts-file-held-off-fr-390", "fr");

        switchPayouts(shop, true);
        assertAllSentOnce(shop);
    }

    /** A live merchant signing in with {@code email}: its own wallet account, live, payouts on. */
    private Api.Merchant liveShop(String email) {
        String n = Long.toString(System.nanoTime(), 36);
        String walletKey = "wave_sn_prod_" + n + "held";
        fake.wallet().account(walletKey);
        Api.Merchant m = api.onboardAs(email, "WALLET_SN");
        Api.Response saved = api.admin(
                "PUT",
                "/applications/" + m.applicationId() + "/connections/WALLET_SN",
                "{\"api_key\":\"" + walletKey + "\",\"webhook_secret\":\"wave_sn_WHS_" + n
                        + "secret\",\"webhook_strategy\":\"signing\"}");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        Api.Merchant live = api.goLive(m);
        switchPayouts(live, true);
        return live;
    }

    private void switchPayouts(Api.Merchant shop, boolean on) {
        settings.save(
                ApplicationId.valueOf(shop.applicationId()),
                new PayoutSettings.Settings(on, new BigDecimal("50000000"), 1000, List.of()));
    }

    /** A live file of {@link #LINES} payouts, confirmed: they start going out at the wallet's pace. */
    private PayoutBatch confirmFile(Api.Merchant shop, int series) {
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            csv.append("77").append(series).append(String.format("%06d", i)).append(";1000\n");
        }
        var caller = directory
                .caller(ApplicationId.valueOf(shop.applicationId()), Environment.LIVE)
                .orElseThrow();
        PayoutBatch batch = batches.upload(
                caller, Provider.WALLET_SN, "paie.csv", csv.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(batch.goodLines()).isEqualTo(LINES);
        return batches.accept(caller, batch, "127.0.0.1", "test");
    }

    /**
     * Once the payouts already handed to the wallet are answered, those still queued stay queued however
     * long one waits: none sent, none failed, no attempt counted. Returns how many are held.
     */
    private int assertHeld(Api.Merchant shop) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        // A pass whose claim began before the switch (its snapshot still says "on") may yet take payouts
        // out of the queue: count once the queue has held still for a few passes with nothing in flight.
        int queued = -1;
        while (System.nanoTime() < deadline) {
            int now = count(shop, "stage = 'QUEUED'");
            if (now == queued && count(shop, "stage = 'SENDING'") == 0) {
                break;
            }
            queued = now;
            PayoutTests.sleep(500);
        }
        queued = count(shop, "stage = 'QUEUED'");
        int posted = posts(shop);
        assertThat(queued)
                .as("part of the file still queued when it was stopped")
                .isPositive();
        for (int pass = 0; pass < 3; pass++) {
            clock.advance(Duration.ofMinutes(31));
            PayoutTests.sleep(700);
        }
        assertThat(count(shop, "stage = 'QUEUED'")).as("held, not sent").isEqualTo(queued);
        assertThat(count(shop, "stage = 'QUEUED' AND checks = 0 AND status = 'PROCESSING'"))
                .as("no attempt counted")
                .isEqualTo(queued);
        assertThat(count(shop, "status = 'FAILED'")).as("held, not failed").isZero();
        assertThat(posts(shop)).as("nothing more reached the wallet").isEqualTo(posted);
        return queued;
    }

    private void assertAllSentOnce(Api.Merchant shop) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (count(shop, "status = 'SUCCESS'") < LINES && System.nanoTime() < deadline) {
            PayoutTests.sleep(100);
        }
        assertThat(count(shop, "status = 'SUCCESS'")).isEqualTo(LINES);
        List<String> references = jdbc.sql("SELECT reference FROM payouts WHERE application_id = CAST(:app AS UUID)")
                .param("app", shop.applicationId())
                .query(String.class)
                .list();
        assertThat(references).hasSize(LINES);
        for (String reference : references) {
            assertThat(fake.received().stream()
                            .filter(r -> r.method().equals("POST")
                                    && r.path().equals("/v1/payout")
                                    && r.body().contains(reference))
                            .count())
                    .as(reference + " sent once")
                    .isEqualTo(1);
        }
    }

    private int posts(Api.Merchant shop) {
        List<String> references = jdbc.sql("SELECT reference FROM payouts WHERE application_id = CAST(:app AS UUID)")
                .param("app", shop.applicationId())
                .query(String.class)
                .list();
        return (int) fake.received().stream()
                .filter(r -> r.method().equals("POST")
                        && r.path().equals("/v1/payout")
                        && references.stream().anyMatch(r.body()::contains))
                .count();
    }

    private int count(Api.Merchant shop, String condition) {
        return jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = CAST(:app AS UUID) AND " + condition)
                .param("app", shop.applicationId())
                .query(Integer.class)
                .single();
    }

    private String fileUrl(Api.Merchant shop, PayoutBatch file) {
        return url("/portal/applications/" + shop.applicationId() + "/payouts/files/" + file.id() + "?env=live");
    }
}
