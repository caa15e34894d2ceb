package sn.xaalis.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookUrlsTest {

    private static final HostResolver NO_DNS = host -> {
        throw new AssertionError("no DNS lookup expected for " + host);
    };
    private final WebhookUrls strict = new WebhookUrls(new AddressPolicy(List.of()), NO_DNS);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.1",
                "2130706433",
                "0",
                "0.0.0.0",
                "0x7f.1",
                "017700000001",
                "0x7f000001",
                "127.0.0.1.",
                "[::1]",
                "[::]",
                "[::ffff:127.0.0.1]",
                "[::ffff:7f00:1]",
                "[::127.0.0.1]",
                "[64:ff9b::7f00:1]",
                "[2002:7f00:1::]",
                "10.0.0.1",
                "172.16.0.1",
                "192.168.1.1",
                "169.254.169.254",
                "100.64.0.1",
                "198.18.0.1",
                "[fc00::1]",
                "[fe80::1]",
                "224.0.0.1",
                "255.255.255.255",
                "240.0.0.1",
                "192.0.2.1",
                "[2001:db8::1]",
                "[ff02::1]",
                "localhost",
                "LOCALHOST",
                "foo.localhost",
                "printer.local",
                "metadata.google.internal",
                "localhost.",
                "999.1.1.1",
                "1.2.3.4.5",
                // Hex parts too long for 32 bits (found by WebhookAddressFuzzTest: once a NullPointerException).
                "0x6b00006b0000001",
                "0x7f.0x0000000000001",
            })
    void privateLocalOrInvalidHostsAreRefusedWithoutDns(String host) {
        List<String> problems = strict.check("http://" + host + "/hook", false);
        assertThat(problems).as(host).isNotEmpty();
        assertThat(strict.resolve(host)).as(host).isInstanceOf(WebhookUrls.Resolution.Refused.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://example.com@127.0.0.1/hook",
                "http://user:pw@example.com/hook",
                "http://127.0.0.1#@example.com/",
                "http://example.com\\@127.0.0.1/",
                "http://exa mple.com/",
                "ftp://example.com/hook",
                "file:///etc/passwd",
                "//example.com/hook",
                "/relative",
                "http:///nohost",
                "http://[::1%25eth0]/",
                "javascript:alert(1)",
            })
    void malformedOrTrickyUrlsAreRefused(String url) {
        assertThat(strict.check(url, false)).as(url).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://8.8.8.8/hook", "https://[2606:4700::1111]/hook", "https://example.com/hook?x=1"})
    void publicAddressesAndNamesAreAccepted(String url) {
        assertThat(strict.check(url, true)).isEmpty();
    }

    @Test
    void liveApplicationsNeedHttps() {
        assertThat(strict.check("http://example.com/hook", true))
                .containsExactly("must use https once the application is live");
        assertThat(strict.check("http://example.com/hook", false)).isEmpty();
    }

    @Test
    void lengthIsLimited() {
        String base = "https://example.com/";
        assertThat(strict.check(base + "a".repeat(2048 - base.length()), false)).isEmpty();
        assertThat(strict.check(base + "a".repeat(2049 - base.length()), false))
                .containsExactly("must be at most 2048 characters");
    }

    @Test
    void anAllowedRangeOpensOnlyThatRange() {
        var lab = new WebhookUrls(AddressPolicy.parse(List.of("127.0.0.0/8")), NO_DNS);
        assertThat(lab.check("http://127.0.0.1:9000/hook", false)).isEmpty();
        assertThat(lab.check("http://[::ffff:127.0.0.1]/hook", false)).isEmpty();
        assertThat(lab.check("http://10.0.0.1/hook", false)).isNotEmpty();
        assertThat(lab.resolve("127.0.0.1")).isInstanceOf(WebhookUrls.Resolution.Permitted.class);
    }

    @Test
    void everyResolvedAddressMustBePublicSoRebindingFails() throws Exception {
        InetAddress publicAddress = InetAddress.ofLiteral("93.184.216.34");
        InetAddress loopback = InetAddress.ofLiteral("127.0.0.1");
        var rebinding = new WebhookUrls(new AddressPolicy(List.of()), host -> List.of(publicAddress, loopback));
        assertThat(rebinding.resolve("evil.example"))
                .isEqualTo(new WebhookUrls.Resolution.Refused("127.0.0.1 is loopback"));

        var honest = new WebhookUrls(new AddressPolicy(List.of()), host -> List.of(publicAddress));
        assertThat(honest.resolve("good.example"))
                .isEqualTo(new WebhookUrls.Resolution.Permitted(List.of(publicAddress)));
    }

    @Test
    void unresolvableNamesAreRefusedAsValues() {
        var failing = new WebhookUrls(new AddressPolicy(List.of()), host -> {
            throw new UnknownHostException(host);
        });
        assertThat(failing.resolve("nowhere.example")).isInstanceOf(WebhookUrls.Resolution.Unresolved.class);
        var empty = new WebhookUrls(new AddressPolicy(List.of()), host -> List.of());
        assertThat(empty.resolve("nothing.example")).isInstanceOf(WebhookUrls.Resolution.Unresolved.class);
    }
}
