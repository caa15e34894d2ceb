package sn.xaalis.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Numeric host parsing without DNS. IPv4 follows what C's {@code inet_aton} (and so curl, browsers and
 * many HTTP stacks) accept: {@code 127.1}, {@code 2130706433}, {@code 0x7f.1}, {@code 017700000001}.
 * Anything a resolver would treat as an address must be classified as one here.
 */
final class IpLiterals {

    // A host whose last label is numeric is an IPv4 address or nothing (as in the WHATWG URL standard).
    private static final Pattern NUMERIC_LABEL = Pattern.compile("(0x[0-9a-f]*|[0-9]+)");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]+");

    private IpLiterals() {}

    /** Whether the host must be read as an IPv4 or IPv6 literal rather than a name. */
    static boolean looksNumeric(String host) {
        String h = normalise(host);
        if (h.contains(":")) {
            return true;
        }
        String[] labels = h.split("\\.", -1);
        return NUMERIC_LABEL.matcher(labels[labels.length - 1]).matches();
    }

    /** The address a numeric host denotes, or empty when it is a name or malformed. */
    static Optional<InetAddress> parse(String host) {
        String h = normalise(host);
        try {
            if (h.contains(":")) {
                if (!IPV6.matcher(h).matches()) {
                    return Optional.empty(); // zone ids and anything else odd are refused
                }
                return Optional.of(InetAddress.ofLiteral(h)); // a literal parser: never a DNS lookup
            }
            return parseIpv4(h).map(bytes -> {
                try {
                    return InetAddress.getByAddress(bytes);
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            });
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String normalise(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.endsWith(".") && !h.contains(":")) {
            h = h.substring(0, h.length() - 1);
        }
        return h;
    }

    private static Optional<byte[]> parseIpv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length == 0 || parts.length > 4) {
            return Optional.empty();
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Long value = number(parts[i]);
            if (value == null) {
                return Optional.empty();
            }
            values[i] = value;
        }
        // All parts but the last are single bytes; the last fills the remaining bytes.
        for (int i = 0; i < parts.length - 1; i++) {
            if (values[i] > 0xff) {
                return Optional.empty();
            }
        }
        int lastBytes = 5 - parts.length;
        if (values[parts.length - 1] >= (1L << (8 * lastBytes))) {
            return Optional.empty();
        }
        long address = values[parts.length - 1];
        for (int i = 0; i < parts.length - 1; i++) {
            address |= values[i] << (8 * (3 - i));
        }
        return Optional.of(
                new byte[] {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address});
    }

    private static @Nullable Long number(String part) {
        try {
            if (part.startsWith("0x")) {
                // Long.valueOf, not 0L: a primitive branch would unbox the other one's null.
                return part.length() == 2 ? Long.valueOf(0) : parseBounded(part.substring(2), 16);
            }
            if (part.length() > 1 && part.startsWith("0")) {
                return parseBounded(part.substring(1), 8);
            }
            return part.isEmpty() ? null : parseBounded(part, 10);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static @Nullable Long parseBounded(String digits, int radix) {
        if (digits.length() > 12) {
            return null; // larger than any 32-bit value in any radix, without overflowing a long
        }
        return Long.parseLong(digits, radix);
    }
}
