package sn.xaalis.merchant;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.OptionalLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/** RFC 6238 time-based one-time passwords (HMAC-SHA1, 6 digits, 30 s), as authenticator apps expect. */
public final class Totp {

    private static final int DIGITS = 6;
    private static final long STEP_SECONDS = 30;
    private static final char[] BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".toCharArray();

    private Totp() {}

    public static byte[] newSecret() {
        byte[] secret = new byte[20];
        new SecureRandom().nextBytes(secret);
        return secret;
    }

    /** The time step a code for {@code now} belongs to. */
    public static long step(Instant now) {
        return now.getEpochSecond() / STEP_SECONDS;
    }

    public static String code(byte[] secret, long step) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(secret, "HmacSHA1"));
            byte[] hash = mac.doFinal(ByteBuffer.allocate(8).putLong(step).array());
            int offset = hash[hash.length - 1] & 0x0f;
            int binary = ((hash[offset] & 0x7f) << 24)
                    | ((hash[offset + 1] & 0xff) << 16)
                    | ((hash[offset + 2] & 0xff) << 8)
                    | (hash[offset + 3] & 0xff);
            return String.format("%06d", binary % 1_000_000);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA1 is unavailable", e);
        }
    }

    /**
     * The step a valid code was made for, allowing one step of clock drift either way; empty when the
     * code is wrong. Compared in constant time.
     */
    public static OptionalLong matchingStep(byte[] secret, @Nullable String code, Instant now) {
        if (code == null || !code.matches("[0-9]{" + DIGITS + "}")) {
            return OptionalLong.empty();
        }
        long current = step(now);
        long found = -1;
        for (long step = current - 1; step <= current + 1; step++) {
            if (MessageDigest.isEqual(code(secret, step).getBytes(), code.getBytes())) {
                found = step;
            }
        }
        return found < 0 ? OptionalLong.empty() : OptionalLong.of(found);
    }

    public static String base32(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(BASE32[(buffer >> (bits - 5)) & 31]);
                bits -= 5;
            }
        }
        if (bits > 0) {
            out.append(BASE32[(buffer << (5 - bits)) & 31]);
        }
        return out.toString();
    }

    public static byte[] fromBase32(String text) {
        ByteBuffer out = ByteBuffer.allocate(text.length() * 5 / 8);
        int buffer = 0;
        int bits = 0;
        for (char c : text.toCharArray()) {
            int value = new String(BASE32).indexOf(c);
            if (value < 0) {
                throw new IllegalArgumentException("Not base32");
            }
            buffer = (buffer << 5) | value;
            bits += 5;
            if (bits >= 8) {
                out.put((byte) (buffer >> (bits - 8)));
                bits -= 8;
            }
        }
        return Arrays.copyOf(out.array(), out.position());
    }
}
