package sn.xaalis.provider.live;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The wallet's event signature, {@code Wave-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]}, where each
 * {@code v1} is {@code hex(HMAC-SHA256(secret, t + raw_body))}: the timestamp and the body concatenated
 * with no separator, as the wallet's own samples compute it (docs/providers.md). Several {@code v1}
 * appear while the wallet rotates a secret; one matching is enough.
 */
public final class WalletSignatures {

    /** How far {@code t} may be from our clock, either way. */
    public static final long TOLERANCE_SECONDS = 300;

    private WalletSignatures() {}

    /** Why a signature was refused; the words go to the exchange log, never to the caller. */
    public enum Refusal {
        MISSING,
        MALFORMED,
        STALE,
        NO_MATCH
    }

    /** {@code hex(HMAC-SHA256(secret, t + body))}, the value of one {@code v1=}. */
    public static String sign(String secret, long timestamp, byte[] body) {
        return signText(secret, Long.toString(timestamp), body);
    }

    /**
     * Checks a header against the raw body under any of {@code secrets}.
     *
     * @return null when it holds, else why not
     */
    public static @Nullable Refusal check(@Nullable String header, byte[] body, List<String> secrets, Instant now) {
        if (header == null || header.isBlank()) {
            return Refusal.MISSING;
        }
        String timestamp = null;
        List<String> candidates = new ArrayList<>();
        for (String part : header.split(",")) {
            String item = part.strip();
            if (item.startsWith("t=") && timestamp == null) {
                timestamp = item.substring(2);
            } else if (item.startsWith("v1=")) {
                candidates.add(item.substring(3));
            }
        }
        if (timestamp == null) {
            return Refusal.MALFORMED;
        }
        long t;
        try {
            t = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            return Refusal.MALFORMED;
        }
        if (t < 0 || candidates.isEmpty()) {
            return Refusal.MALFORMED;
        }
        if (Math.abs(now.getEpochSecond() - t) > TOLERANCE_SECONDS) {
            return Refusal.STALE;
        }
        boolean matched = false;
        for (String secret : secrets) {
            // The signed text is the timestamp as sent, digits and all.
            byte[] expected = signText(secret, timestamp, body).getBytes(StandardCharsets.US_ASCII);
            for (String candidate : candidates) {
                // Every pair is compared in full: no early exit that would time the match.
                matched |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
            }
        }
        return matched ? null : Refusal.NO_MATCH;
    }

    private static String signText(String secret, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(timestamp.getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code Authorization: Bearer <secret>} against any of {@code secrets}, in constant time. */
    public static boolean bearerMatches(String authorization, List<String> secrets) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return false;
        }
        byte[] presented = authorization.substring("Bearer ".length()).getBytes(StandardCharsets.UTF_8);
        boolean matched = false;
        for (String secret : secrets) {
            matched |= MessageDigest.isEqual(presented, secret.getBytes(StandardCharsets.UTF_8));
        }
        return matched;
    }
}
