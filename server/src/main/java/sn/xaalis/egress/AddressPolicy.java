package sn.xaalis.egress;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether Xaalis may connect to an address (D12): only public unicast, after unwrapping IPv4
 * addresses embedded in IPv6 forms, unless the operator allowed a private range for tests or labs.
 */
public final class AddressPolicy {

    private record Range(Cidr cidr, String kind) {
        Range(String cidr, String kind) {
            this(Cidr.parse(cidr), kind);
        }
    }

    private static final List<Range> IPV4_DENIED = List.of(
            new Range("0.0.0.0/8", "\"this network\""),
            new Range("10.0.0.0/8", "private"),
            new Range("100.64.0.0/10", "shared (CGNAT)"),
            new Range("127.0.0.0/8", "loopback"),
            new Range("169.254.0.0/16", "link-local"),
            new Range("172.16.0.0/12", "private"),
            new Range("192.0.0.0/24", "reserved"),
            new Range("192.0.2.0/24", "documentation"),
            new Range("192.88.99.0/24", "reserved"),
            new Range("192.168.0.0/16", "private"),
            new Range("198.18.0.0/15", "benchmarking"),
            new Range("198.51.100.0/24", "documentation"),
            new Range("203.0.113.0/24", "documentation"),
            new Range("224.0.0.0/4", "multicast"),
            new Range("240.0.0.0/4", "reserved"));

    private static final List<Range> IPV6_DENIED = List.of(
            new Range("::/128", "unspecified"),
            new Range("::1/128", "loopback"),
            new Range("100::/64", "discard"),
            new Range("2001::/32", "Teredo"),
            new Range("2001:2::/48", "benchmarking"),
            new Range("2001:10::/28", "reserved"),
            new Range("2001:db8::/32", "documentation"),
            new Range("3fff::/20", "documentation"),
            new Range("64:ff9b:1::/48", "local NAT64"),
            new Range("fc00::/7", "unique local"),
            new Range("fe80::/10", "link-local"),
            new Range("fec0::/10", "site-local"),
            new Range("ff00::/8", "multicast"));

    private static final Cidr GLOBAL_UNICAST = Cidr.parse("2000::/3");
    // Built from bytes: Java's literal parser turns ::ffff:a.b.c.d into a plain IPv4 address.
    private static final Cidr IPV4_MAPPED =
            new Cidr(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 0, 0, 0, 0}, 96);
    private static final Cidr IPV4_COMPATIBLE = Cidr.parse("::/96");
    private static final Cidr NAT64 = Cidr.parse("64:ff9b::/96");
    private static final Cidr SIX_TO_FOUR = Cidr.parse("2002::/16");

    private final List<Cidr> allowedPrivate;

    public AddressPolicy(List<Cidr> allowedPrivate) {
        this.allowedPrivate = List.copyOf(allowedPrivate);
    }

    public static AddressPolicy parse(List<String> allowedPrivateCidrs) {
        return new AddressPolicy(allowedPrivateCidrs.stream()
                .filter(s -> !s.isBlank())
                .map(Cidr::parse)
                .toList());
    }

    public boolean permits(InetAddress address) {
        InetAddress effective = unwrap(address);
        boolean allowed = allowedPrivate.stream().anyMatch(c -> c.contains(address) || c.contains(effective));
        return allowed || nonPublicKind(effective).isEmpty();
    }

    /** Why an address is not public ("loopback", "private" …), or empty when it is public. */
    public static Optional<String> nonPublicKind(InetAddress address) {
        InetAddress effective = unwrap(address);
        List<Range> denied = effective instanceof Inet4Address ? IPV4_DENIED : IPV6_DENIED;
        for (Range range : denied) {
            if (range.cidr().contains(effective)) {
                return Optional.of(range.kind());
            }
        }
        if (effective instanceof Inet6Address && !GLOBAL_UNICAST.contains(effective)) {
            return Optional.of("reserved");
        }
        return Optional.empty();
    }

    /** The IPv4 address hidden in a mapped, compatible, NAT64 or 6to4 IPv6 address; otherwise the address. */
    static InetAddress unwrap(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] b = address.getAddress();
        boolean compatible = IPV4_COMPATIBLE.contains(b) && !isZeroOrOne(b);
        if (IPV4_MAPPED.contains(b) || compatible || NAT64.contains(b)) {
            return ipv4(b[12], b[13], b[14], b[15]);
        }
        if (SIX_TO_FOUR.contains(b)) {
            return ipv4(b[2], b[3], b[4], b[5]);
        }
        return address;
    }

    private static boolean isZeroOrOne(byte[] b) {
        for (int i = 0; i < 15; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return b[15] == 0 || b[15] == 1;
    }

    private static InetAddress ipv4(byte a, byte b, byte c, byte d) {
        try {
            return InetAddress.getByAddress(new byte[] {a, b, c, d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
