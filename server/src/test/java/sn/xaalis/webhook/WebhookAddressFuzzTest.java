package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import sn.xaalis.egress.AddressPolicy;
import sn.xaalis.egress.HostResolver;
import sn.xaalis.egress.WebhookUrls;

/**
 * The webhook URL and address policy checked differentially against a real listener (issue 8). A
 * listener on the wildcard address (so reachable as 127.0.0.0/8, ::1, ::ffff:127.0.0.1, 0.0.0.0, [::] and
 * every address of this machine) stands for the private network. Each fuzzed URL goes through the
 * policy ({@link WebhookUrls#check} then {@link WebhookUrls#resolve}, with the system resolver and no
 * private range allowed) and then through the dispatcher's own {@link WebhookHttp#post}, which pins the
 * checked addresses. Failures: any connection reaching the listener, whatever the decision; an address
 * the policy permits that the JDK or the network interfaces know as local; a POST to a URL the policy
 * refused that is not reported as blocked.
 *
 * <p>An input containing {@code {p}} is a whole URL with {@code {p}} replaced by the listener's port;
 * any other input is a host, used as {@code http://<host>:<port>/hook}. Fuzz mode: docs/fuzzing.md.
 */
class WebhookAddressFuzzTest {

    private static ServerSocket listener;
    private static WebhookHttp http;
    private static WebhookUrls urls;

    @BeforeAll
    static void listen() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.ofLiteral("::"), 0));
        listener.setSoTimeout(1);
        urls = new WebhookUrls(AddressPolicy.parse(List.of()), HostResolver.SYSTEM);
        http = new WebhookHttp(urls, Duration.ofMillis(300), 4);
    }

    @AfterAll
    static void close() throws IOException {
        http.close();
        listener.close();
    }

    @FuzzTest
    @DictionaryEntries({
        "{p}",
        "http://",
        "https://",
        "@",
        "[",
        "]",
        "::ffff:",
        "::",
        "0x",
        "0",
        ".",
        "%2e",
        "%",
        "localhost",
        "127.",
        "0.0.0.0",
        "\u3002",
        "\uff0e",
        "#",
        "?",
        "/",
        "\\",
        ":"
    })
    void noByteReachesAPrivateListener(byte[] input) throws IOException {
        // Connecting is the point here: Jazzer's own SSRF detector would flag every public address; the
        // listener below is this test's detector.
        try (SilentCloseable connections = BugDetectors.allowNetworkConnections()) {
            check(input);
        }
    }

    private void check(byte[] input) throws IOException {
        String text = new String(input, StandardCharsets.UTF_8);
        int port = listener.getLocalPort();
        String url = text.contains("{p}")
                ? text.replace("{p}", Integer.toString(port))
                : "http://" + text + ":" + port + "/hook";

        List<String> problems = urls.check(url, false);
        WebhookUrls.Resolution resolution = null;
        if (problems.isEmpty()) {
            String host = java.net.URI.create(url).getHost();
            resolution = urls.resolve(host);
            if (resolution instanceof WebhookUrls.Resolution.Permitted permitted) {
                for (InetAddress address : permitted.addresses()) {
                    assertThat(isLocal(address))
                            .as("%s permitted %s, an address of this machine", url, address)
                            .isFalse();
                }
            }
        }

        WebhookHttp.Result result = http.post(url, "{}".getBytes(StandardCharsets.UTF_8), Map.of());
        boolean refused = !problems.isEmpty() || resolution instanceof WebhookUrls.Resolution.Refused;
        if (refused) {
            assertThat(result).as("POST to refused %s", url).isInstanceOf(WebhookHttp.Result.Blocked.class);
        }
        String received = received();
        assertThat(received)
                .as(
                        "the private listener was reached for %s (policy: %s %s, result %s)",
                        url, problems, resolution, result)
                .isNull();
    }

    /** What a connection that reached the listener sent, or null when none did. */
    private static String received() throws IOException {
        Socket socket;
        try {
            socket = listener.accept();
        } catch (SocketTimeoutException none) {
            return null;
        }
        try (socket) {
            socket.setSoTimeout(100);
            InputStream in = socket.getInputStream();
            byte[] bytes = in.readNBytes(Math.max(0, in.available()));
            return bytes.length + " bytes: " + new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** The JDK's and the network interfaces' view, independent of {@link AddressPolicy}. */
    private static boolean isLocal(InetAddress address) {
        if (address.isAnyLocalAddress()
                || address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            throw new UncheckedIOException(e);
        }
    }
}
