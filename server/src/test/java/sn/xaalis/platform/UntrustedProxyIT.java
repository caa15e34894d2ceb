package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

/**
 * X-Forwarded-For from a connection that is not a trusted proxy is ignored: here only 10.255.255.1 is
 * one, so the tests' loopback connections are the client, whatever address they claim.
 */
@IntegrationTest
@TestPropertySource(
        properties = {
            "server.tomcat.remoteip.internal-proxies=10.255.255.1/32",
            "xaalis.public-limits.sign-in-per-address=2/1m"
        })
class UntrustedProxyIT extends ApiIntegrationTest {

    @Test
    void aClaimedAddressFromAnUntrustedConnectionDodgesNoBudget() {
        String email = "untrusted" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        for (String claimed : new String[] {"203.0.113.1", "203.0.113.2"}) {
            assertThat(new PortalSession(port)
                            .forwardedFor(claimed)
                            .signIn(email, "wrong password")
                            .headers()
                            .firstValue("Location")
                            .orElseThrow())
                    .endsWith("/portal/login?error");
        }
        assertThat(new PortalSession(port)
                        .forwardedFor("203.0.113.3")
                        .signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .as("one client, 127.0.0.1, out of attempts")
                .endsWith("/portal/login?throttled");
    }
}
