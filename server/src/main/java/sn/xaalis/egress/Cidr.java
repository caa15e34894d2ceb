package sn.xaalis.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/** An address range such as {@code 10.0.0.0/8} or {@code fc00::/7}; a plain address is a single-address range. */
public record Cidr(byte[] network, int prefixLength) {

    public Cidr {
        if (network.length != 4 && network.length != 16) {
            throw new IllegalArgumentException("An address has 4 or 16 bytes");
        }
        if (prefixLength < 0 || prefixLength > network.length * 8) {
            throw new IllegalArgumentException("Prefix length out of range");
        }
        network = network.clone();
    }

    /** Parses a numeric range; never consults DNS. */
    public static Cidr parse(String text) {
        String value = text.strip();
        int slash = value.indexOf('/');
        String address = slash < 0 ? value : value.substring(0, slash);
        byte[] bytes = IpLiterals.parse(address)
                .map(InetAddress::getAddress)
                .orElseThrow(() -> new IllegalArgumentException("Not a CIDR range: " + text));
        int prefix;
        try {
            prefix = slash < 0 ? bytes.length * 8 : Integer.parseInt(value.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not a CIDR range: " + text);
        }
        return new Cidr(bytes, prefix);
    }

    public boolean contains(InetAddress address) {
        return contains(address.getAddress());
    }

    boolean contains(byte[] candidate) {
        if (candidate.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (candidate[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (candidate[fullBytes] & mask) == (network[fullBytes] & mask);
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefixLength;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Cidr cidr && prefixLength == cidr.prefixLength && Arrays.equals(network, cidr.network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefixLength;
    }
}
