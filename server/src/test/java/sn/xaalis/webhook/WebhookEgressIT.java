package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.egress.HostResolver;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.databind.JsonNode;

/**
 * D12 at delivery time, without the test allowance for loopback: names that resolve to private,
 * local or mixed addresses (DNS rebinding) are refused before a single byte leaves, and the attempt
 * is recorded as blocked.
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.webhooks.allowed-private-cidrs=")
@Import(WebhookEgressIT.HostileDns.class)
class WebhookEgressIT extends ApiIntegrationTest {

    static final Map<String, List<String>> ANSWERS = new LinkedHashMap<>();

    static {
        ANSWERS.put("loopback", List.of("127.0.0.1"));
        ANSWERS.put("loopback-other", List.of("127.0.0.2"));
        ANSWERS.put("ipv6-loopback", List.of("::1"));
        ANSWERS.put("unspecified", List.of("0.0.0.0"));
        ANSWERS.put("ipv6-unspecified", List.of("::"));
        ANSWERS.put("mapped", List.of("::ffff:7f00:1"));
        ANSWERS.put("compatible", List.of("::127.0.0.1"));
        ANSWERS.put("nat64", List.of("64:ff9b::7f00:1"));
        ANSWERS.put("sixtofour", List.of("2002:7f00:1::1"));
        ANSWERS.put("private-10", List.of("10.0.0.1"));
        ANSWERS.put("private-172", List.of("172.16.0.1"));
        ANSWERS.put("private-192", List.of("192.168.1.1"));
        ANSWERS.put("metadata", List.of("169.254.169.254"));
        ANSWERS.put("cgnat", List.of("100.64.0.1"));
        ANSWERS.put("benchmark", List.of("198.18.0.1"));
        ANSWERS.put("ula", List.of("fc00::1"));
        ANSWERS.put("link-local-v6", List.of("fe80::1"));
        ANSWERS.put("multicast", List.of("224.0.0.1"));
        ANSWERS.put("broadcast", List.of("255.255.255.255"));
        ANSWERS.put("rebinding", List.of("93.184.216.34", "127.0.0.1"));
    }

    static ServerSocket listener;
    static final AtomicInteger connections = new AtomicInteger();

    @TestConfiguration(proxyBeanMethods = false)
    static class HostileDns {
        @Bean
        @Primary
        HostResolver hostileResolver() {
            return host -> {
                String label = host.substring(0, host.indexOf('.'));
                List<String> answer = ANSWERS.get(label);
                if (answer == null) {
                    throw new UnknownHostException(host);
                }
                return answer.stream().map(InetAddress::ofLiteral).toList();
            };
        }
    }

    @BeforeAll
    static void listen() throws IOException {
        listener = new ServerSocket(0); // every local address, IPv4 and IPv6
        Thread.ofVirtual().start(() -> {
            while (!listener.isClosed()) {
                try (Socket ignored = listener.accept()) {
                    connections.incrementAndGet();
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    @AfterAll
    static void close() throws IOException {
        listener.close();
    }

    @Test
    void noPrivateOrRebindingAddressGetsASingleByte() {
        Map<String, String> events = new LinkedHashMap<>();
        Map<String, Api.Merchant> merchants = new LinkedHashMap<>();
        for (String label : ANSWERS.keySet()) {
            Api.Merchant merchant = api.onboardBoth();
            api.setWebhook(merchant, "http://" + label + ".ssrf.test:" + listener.getLocalPort() + "/hook");
            String reference = api.newPayment(merchant);
            api.simulate(merchant, reference, "SUCCESS");
            events.put(label, reference + ":SUCCESS");
            merchants.put(label, merchant);
        }
        for (String label : ANSWERS.keySet()) {
            JsonNode log = api.awaitNotification(
                    merchants.get(label), events.get(label), Set.of("FAILED", "DELIVERED"), Duration.ofSeconds(20));
            assertThat(log.get("state").stringValue()).as(label).isEqualTo("FAILED");
            assertThat(log.get("attempts")).as(label).hasSize(1);
            JsonNode attempt = log.get("attempts").get(0);
            assertThat(attempt.get("outcome").stringValue()).as(label).isEqualTo("BLOCKED");
            assertThat(attempt.get("error").stringValue()).as(label).startsWith("blocked: ");
        }
        assertThat(connections.get())
                .as("connections that reached the listener")
                .isZero();
    }

    @org.springframework.beans.factory.annotation.Autowired
    sn.xaalis.egress.WebhookUrls urls;

    @Test
    void theHostileResolverIsTheOneInUse() {
        assertThat(urls.resolve("loopback.ssrf.test"))
                .isEqualTo(new sn.xaalis.egress.WebhookUrls.Resolution.Refused("127.0.0.1 is loopback"));
    }

    @Test
    void literalPrivateAddressesCannotEvenBeSaved() {
        Api.Merchant merchant = api.onboardBoth();
        for (String host : List.of("127.0.0.1", "127.1", "2130706433", "0", "[::1]", "[::ffff:127.0.0.1]")) {
            var response = api.admin(
                    "PATCH",
                    "/applications/" + merchant.applicationId(),
                    "{\"webhook_url\":\"http://" + host + ":" + listener.getLocalPort() + "/hook\"}");
            assertThat(response.status()).as(host).isEqualTo(400);
        }
    }
}
