package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;

/**
 * A reference that turns out to be taken never leaves a live provider session behind: a live payment's
 * reference is checked before the provider is called, and one taken between that check and the store
 * closes the session it got before drawing another. Another conflict (the payment's own id) is no
 * reason to draw at all.
 */
@IntegrationTest
@Import(ReferenceCollisionIT.LinedUp.class)
class ReferenceCollisionIT extends ApiIntegrationTest {

    static final FakeProviders fake = new FakeProviders();
    static final Deque<String> NEXT = new ArrayDeque<>();

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        fake.installationAccounts(registry);
    }

    /** References drawn from the test's line, then at random as always. */
    @TestConfiguration
    static class LinedUp {
        @Bean
        @Primary
        ReferenceDraws linedUpDraws() {
            return new ReferenceDraws() {
                @Override
                Reference next() {
                    synchronized (NEXT) {
                        String lined = NEXT.poll();
                        return lined != null ? new Reference(lined) : super.next();
                    }
                }
            };
        }
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @AfterEach
    void clear() {
        synchronized (NEXT) {
            NEXT.clear();
        }
        fake.wallet().onCreate(reference -> {});
    }

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PaymentInitiation initiation;

    @Autowired
    ApplicationDirectory directory;

    @Test
    void aLiveReferenceAlreadyTakenIsSeenBeforeTheProviderIsCalled() {
        Api.Merchant m = api.goLive(api.onboard("WALLET_SN"));
        String taken = initiate(m);
        line(taken, "SVC-FRESH001");
        fake.forget();
        assertThat(initiate(m)).isEqualTo("SVC-FRESH001");
        assertThat(fake.received("POST", "/v1/checkout/sessions"))
                .as("one session, under the free reference")
                .singleElement()
                .satisfies(r -> assertThat(r.json().get("client_reference").stringValue())
                        .isEqualTo("SVC-FRESH001"));
    }

    @Test
    void aReferenceTakenWhileTheProviderWasAskedClosesThatSessionBeforeDrawingAgain() {
        Api.Merchant m = api.goLive(api.onboard("WALLET_SN"));
        String existing = initiate(m);
        line("SVC-RACE0001", "SVC-AFTER001");
        // Another payment takes the reference while the wallet opens the session.
        fake.wallet().onCreate(reference -> {
            if (reference.equals("SVC-RACE0001")) {
                jdbc.sql("INSERT INTO payments (id, reference, application_id, environment, provider, amount, currency,"
                                + " status, metadata, provider_reference, deep_links, expires_at, created_at, updated_at)"
                                + " SELECT :id, :reference, application_id, environment, provider, amount, currency,"
                                + " status, metadata, provider_reference, deep_links, expires_at, created_at, updated_at"
                                + " FROM payments WHERE reference = :existing")
                        .param("id", UUID.randomUUID())
                        .param("reference", reference)
                        .param("existing", existing)
                        .update();
            }
        });
        fake.forget();
        assertThat(initiate(m)).isEqualTo("SVC-AFTER001");
        List<FakeProviders.Received> creations = fake.received("POST", "/v1/checkout/sessions");
        assertThat(creations)
                .extracting(r -> r.json().get("client_reference").stringValue())
                .containsExactly("SVC-RACE0001", "SVC-AFTER001");
        String lost = fake.wallet().sessionFor("SVC-RACE0001").get("id").stringValue();
        assertThat(fake.wallet()
                        .sessionFor("SVC-RACE0001")
                        .get("checkout_status")
                        .stringValue())
                .as("the session opened under the lost reference is closed")
                .isEqualTo("expired");
        assertThat(fake.received("POST", "/v1/checkout/sessions/" + lost + "/expire"))
                .hasSize(1);
    }

    @Test
    void aPaymentWhoseIdIsTakenIsAnErrorNotANewDraw() {
        Api.Merchant m = api.onboard("WALLET_SN");
        String existing = api.newPayment(m);
        PaymentId takenId = jdbc.sql("SELECT id FROM payments WHERE reference = :reference")
                .param("reference", existing)
                .query((rs, n) -> PaymentId.from(rs, "id"))
                .single();
        var caller = directory
                .caller(ApplicationId.valueOf(m.applicationId()), Environment.SANDBOX)
                .orElseThrow();
        var request =
                new InitiationRequest("WALLET_SN", "1500", true, "XOF", null, null, null, "{}", null, null, Map.of());
        assertThatThrownBy(() -> initiation.initiate(caller, request, null, takenId, i -> "{}"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("its id is taken");
    }

    private static void line(String... references) {
        synchronized (NEXT) {
            NEXT.addAll(List.of(references));
        }
    }

    private String initiate(Api.Merchant m) {
        Api.Response created = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("reference").stringValue();
    }
}
