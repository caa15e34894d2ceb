package sn.xaalis.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressPolicyTest {

    private final AddressPolicy policy = new AddressPolicy(List.of());

    @ParameterizedTest
    @CsvSource({
        "127.0.0.1, loopback",
        "::ffff:127.0.0.1, loopback",
        "::127.0.0.1, loopback",
        "64:ff9b::a00:1, private",
        "2002:c0a8:101::1, private",
        "::1, loopback",
        "::, unspecified",
        "100.64.0.1, shared (CGNAT)",
        "198.19.255.255, benchmarking",
        "fd12::1, unique local",
        "2001:0:4136:e378::1, Teredo",
        "4000::1, reserved",
    })
    void classifiesNonPublicAddresses(String address, String kind) {
        InetAddress parsed = InetAddress.ofLiteral(address);
        assertThat(policy.permits(parsed)).isFalse();
        assertThat(AddressPolicy.nonPublicKind(parsed)).contains(kind);
    }

    @ParameterizedTest
    @CsvSource({"8.8.8.8", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8", "2002:808:808::1"})
    void permitsPublicAddresses(String address) {
        assertThat(policy.permits(InetAddress.ofLiteral(address))).isTrue();
    }

    @Test
    void cidrParsingIsStrict() {
        assertThat(Cidr.parse("10.0.0.0/8").contains(InetAddress.ofLiteral("10.255.0.1")))
                .isTrue();
        assertThat(Cidr.parse("10.0.0.0/8").contains(InetAddress.ofLiteral("11.0.0.1")))
                .isFalse();
        assertThat(Cidr.parse("fe80::/10").contains(InetAddress.ofLiteral("febf::1")))
                .isTrue();
        assertThat(Cidr.parse("192.168.1.7").prefixLength()).isEqualTo(32);
        assertThatThrownBy(() -> Cidr.parse("example.com/8")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/33")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/x")).isInstanceOf(IllegalArgumentException.class);
    }
}
