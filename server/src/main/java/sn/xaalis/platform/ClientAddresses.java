package sn.xaalis.platform;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A client address as limits count it. The address is the request's remote address, which Tomcat
 * takes from {@code X-Forwarded-For} only when the connection comes from a trusted proxy
 * ({@code server.tomcat.remoteip.internal-proxies}). An IPv6 client counts by its /64, the smallest
 * block a subscriber is given, so that it cannot step through the addresses of its own network.
 */
public final class ClientAddresses {

    private ClientAddresses() {}

    public static String key(String remoteAddress) {
        if (remoteAddress == null || remoteAddress.indexOf(':') < 0) {
            return String.valueOf(remoteAddress);
        }
        try {
            InetAddress address = InetAddress.ofLiteral(remoteAddress);
            if (address instanceof Inet6Address) {
                return HexFormat.of().formatHex(Arrays.copyOf(address.getAddress(), 8)) + "::/64";
            }
            return address.getHostAddress();
        } catch (IllegalArgumentException notALiteral) {
            return remoteAddress;
        }
    }
}
