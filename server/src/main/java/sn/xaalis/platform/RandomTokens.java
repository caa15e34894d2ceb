package sn.xaalis.platform;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.UUID;

/** Unguessable identifiers: key material, endpoint keys, references and time-ordered UUIDs. */
public final class RandomTokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final char[] BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final char[] UPPER_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

    private RandomTokens() {}

    public static String base62(int length) {
        return draw(BASE62, length);
    }

    public static String base32Lower(int length) {
        return draw(BASE32_LOWER, length);
    }

    public static String upperAlphanumeric(int length) {
        return draw(UPPER_ALPHANUMERIC, length);
    }

    public static String hex(int bytes) {
        byte[] raw = new byte[bytes];
        RANDOM.nextBytes(raw);
        return HexFormat.of().formatHex(raw);
    }

    /** UUIDv7: time-ordered, so new rows append to the primary-key index instead of splitting pages. */
    public static UUID uuidV7(Clock clock) {
        long millis = clock.millis();
        long randA = RANDOM.nextInt(1 << 12);
        long msb = (millis << 16) | (0x7L << 12) | randA;
        long lsb = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }

    private static String draw(char[] alphabet, int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            // nextInt(bound) is unbiased, unlike a modulo of a random byte.
            out[i] = alphabet[RANDOM.nextInt(alphabet.length)];
        }
        return new String(out);
    }
}
