package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.FakeWallet;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;

/**
 * A provider's event answered by a node that is killed (SIGKILL) before acting on it: the event was
 * stored before the answer, so a node started afterwards on the same database acts on it. The first
 * node's job is off, so it certainly did not act; reconciliation is pushed out of the way, so only the
 * stored event can move the payment. PostgreSQL only, like the other kills.
 */
@ExtendWith(DatabaseAvailable.class)
class ProviderEventsCrashIT {

    private static final Duration SETTLE = Duration.ofSeconds(60);

    private final FakeProviders fake = FakeProviders.shared();
    private FaultNodes nodes;

    @BeforeEach
    void setUp() {
        assumeTrue(TestDatabase.postgres(), "SIGKILL of server processes is tested on PostgreSQL");
        fake.forget();
        nodes = new FaultNodes(
                TestDatabase.POSTGRES_URL,
                FaultNodes.freshSchema(),
                Map.of(
                        "XAALIS_PROVIDERS_WALLET_BASE_URL",
                        fake.baseUrl(),
                        "XAALIS_PROVIDERS_MOBILEMONEY_BASE_URL",
                        fake.baseUrl(),
                        "XAALIS_PAYMENTS_RECONCILE_AFTER",
                        "PT1H",
                        "XAALIS_PROVIDERS_INBOX_INTERVAL",
                        "PT0.2S"));
    }

    @AfterEach
    void tearDown() {
        if (nodes != null) {
            nodes.close();
        }
    }

    @Test
    void anEventStoredButNotActedOnIsActedOnAfterTheNodeIsKilled() throws Exception {
        ServerProcess first = nodes.start("inbox-kill-first", Map.of("XAALIS_PROVIDERS_INBOX_INTERVAL", "PT0S"));
        Api api = first.api();
        String n = Long.toString(System.nanoTime(), 36);
        String walletKey = "wave_sn_prod_" + n + "inbox";
        String secret = "wave_sn_WHS_" + n + "inbox";
        fake.wallet().account(walletKey);
        Api.Merchant m = api.onboard("WALLET_SN");
        Api.Response saved = api.admin(
                "PUT",
                "/applications/" + m.applicationId() + "/connections/WALLET_SN",
                "{\"api_key\":\"" + walletKey + "\",\"webhook_secret\":\"" + secret + "\"}");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        String address = saved.json().get("inbound_url").stringValue();
        Api.Merchant live = api.goLive(m);
        Api.Response created = api.initiate(live, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = created.json().get("reference").stringValue();

        byte[] event = FakeWallet.event(
                "AE_sn_crash" + n, "checkout.session.completed", fake.wallet().complete(reference));
        String path = address.substring(address.indexOf("/providers/"));
        Api.Response answered = api.sendBytes(
                "POST",
                path,
                Map.of(
                        "Content-Type",
                        "application/json",
                        "Wave-Signature",
                        FakeWallet.signature(secret, Instant.now().getEpochSecond(), event)),
                event);
        assertThat(answered.status()).as(answered.body()).isEqualTo(200);
        Thread.sleep(1_000); // the payment jobs run every 0.5 s: none of them acts on the event
        assertThat(api.status(live, reference).json().get("status").stringValue())
                .isEqualTo("PROCESSING");

        first.kill();
        ServerProcess second = nodes.start("inbox-kill-second");

        second.api().awaitStatus(live, reference, "SUCCESS", SETTLE);
        assertThat(second.api().notifications(live).toString()).contains(reference + ":SUCCESS");
        String session = fake.wallet().sessionFor(reference).get("id").stringValue();
        assertThat(fake.received("GET", "/v1/checkout/sessions/" + session))
                .as("moved by the stored event, not by asking the wallet")
                .isEmpty();
    }
}
