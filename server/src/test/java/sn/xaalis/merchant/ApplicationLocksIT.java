package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.TestDatabase;

/**
 * Every change to an application takes its row lock, so that a go-live, which checks providers and keys
 * under it, never passes its checks against rows another change is replacing; and a double submit of
 * the providers form is two changes one after the other, not a duplicate key.
 */
@IntegrationTest
class ApplicationLocksIT extends ApiIntegrationTest {

    @Autowired
    DataSource dataSource;

    @Test
    void changingProvidersAndRevokingAKeyWaitForTheApplicationsRowLock() throws Exception {
        assumeTrue(TestDatabase.postgres(), "row locks as PostgreSQL takes them across nodes");
        String email = "locks" + System.nanoTime() + "@example.com";
        Api.Merchant m = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        String liveKey = api.admin("POST", "/applications/" + m.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json()
                .get("api_key")
                .stringValue();
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String page = "/portal/applications/" + m.applicationId();
        String csrf = portal.csrfFrom(page);

        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock =
                    holder.prepareStatement("SELECT id FROM applications WHERE id = ? FOR UPDATE")) {
                lock.setObject(1, UUID.fromString(m.applicationId()));
                lock.executeQuery().close();
            }
            var executor = Executors.newVirtualThreadPerTaskExecutor();
            CompletableFuture<Integer> providers = CompletableFuture.supplyAsync(
                    () -> portal.post(page + "/providers", Map.of("environment", "live"), csrf)
                            .statusCode(),
                    executor);
            CompletableFuture<Integer> revoke = CompletableFuture.supplyAsync(
                    () -> api.admin("DELETE", "/applications/" + m.applicationId() + "/keys/" + liveKey, null)
                            .status(),
                    executor);
            for (CompletableFuture<Integer> change : List.of(providers, revoke)) {
                try {
                    change.get(700, TimeUnit.MILLISECONDS);
                    throw new AssertionError("a change went through while another held the application's row");
                } catch (TimeoutException expected) {
                    // waiting for the lock, as it should
                }
            }
            holder.commit();
            assertThat(providers.get(10, TimeUnit.SECONDS)).isEqualTo(200);
            assertThat(revoke.get(10, TimeUnit.SECONDS)).isEqualTo(204);
        }
    }

    @Test
    void aDoubleSubmitOfTheProvidersFormSavesTwiceWithoutAnError() throws Exception {
        String email = "double" + System.nanoTime() + "@example.com";
        Api.Merchant m = api.onboardAs(email, "WALLET_SN");
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String page = "/portal/applications/" + m.applicationId();
        String csrf = portal.csrfFrom(page);
        List<CompletableFuture<HttpResponse<String>>> submits = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 16; i++) {
                submits.add(CompletableFuture.supplyAsync(
                        () -> portal.post(
                                page + "/providers",
                                Map.of("environment", "sandbox", "provider", "MOBILEMONEY_SN"),
                                csrf),
                        executor));
            }
        }
        for (var submit : submits) {
            assertThat(submit.get(Duration.ofSeconds(20).toSeconds(), TimeUnit.SECONDS)
                            .statusCode())
                    .isEqualTo(200);
        }
        assertThat(api.admin("GET", "/applications/" + m.applicationId(), null)
                        .json()
                        .get("providers")
                        .toString())
                .isEqualTo("[\"MOBILEMONEY_SN\"]");
    }
}
