package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * Where the operator's integrations disagree, a setting decides (docs/providers.md §3): the older token
 * path, and a contract without transaction look-ups, where the notification's apiKey is the only proof.
 */
@IntegrationTest
class OperatorSettingsIT extends ApiIntegrationTest {

    static final FakeProviders fake = new FakeProviders();

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        fake.installationAccounts(registry);
        registry.add("xaalis.providers.mobilemoney.token-path", () -> "/oauth/token");
        registry.add("xaalis.providers.mobilemoney.transaction-lookup", () -> "false");
        registry.add("xaalis.payments.reconcile-after", () -> "PT1M");
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @Autowired
    MutableClock clock;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.operator().tokenPath("/oauth/token");
        fake.operator().lookups(false);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    @Test
    void tokensComeFromTheConfiguredPath() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        assertThat(api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2500\"}")
                        .status())
                .isEqualTo(201);
        assertThat(fake.received("POST", "/oauth/token")).hasSize(1);
        assertThat(fake.received("POST", "/oauth/v1/token")).isEmpty();
    }

    @Test
    void withoutLookUpsTheApiKeyIsTheProofAndALostNotificationWaitsForTheOperatorsRetry() {
        Api.Merchant m = api.goLive(api.onboard("MOBILEMONEY_SN"));
        String notified = reference(m);
        assertThat(fake.operator().pay(notified).status()).isEqualTo(202);
        api.awaitStatus(m, notified, "SUCCESS", Duration.ofSeconds(10));
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions")).isEmpty();

        // Lost: nothing can be asked, so the payment expires at its deadline...
        String lost = reference(m);
        String transaction = fake.operator().payQuietly(lost);
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, lost, "EXPIRED", Duration.ofSeconds(10));
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions")).isEmpty();
        // ...and the operator's retry of the notification still counts: money received is never lost.
        String retried = sn.xaalis.support.FakeOperator.notification(
                lost, transaction, "SUCCESS", FakeProviders.MM_MERCHANT_CODE, 2500);
        Api.Response accepted = api.send(
                "POST",
                "/providers/mobilemoney/notifications",
                java.util.Map.of(
                        "Content-Type",
                        "application/json",
                        "Authorization",
                        "Basic " + FakeProviders.MM_NOTIFICATION_SECRET),
                retried);
        assertThat(accepted.status()).isEqualTo(202);
        api.awaitStatus(m, lost, "SUCCESS", Duration.ofSeconds(10));
        assertThat(api.notifications(m).toString()).contains(lost + ":EXPIRED", lost + ":SUCCESS");
    }

    private String reference(Api.Merchant m) {
        Api.Response created = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2500\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("reference").stringValue();
    }
}
