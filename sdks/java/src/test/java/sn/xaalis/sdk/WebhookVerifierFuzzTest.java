package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Fuzz tests of the webhook verifier (issue 8). Regression mode (the normal build) replays the committed
 * inputs under {@code WebhookVerifierFuzzTestInputs/}; fuzz mode is described in docs/fuzzing.md.
 *
 * <p>Inputs are raw bytes split on the first {@code 0x0A} so seeds stay readable: the header, then the body.
 */
class WebhookVerifierFuzzTest {

    private static final String SECRET = "sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD";
    private static final long NOW = 1_795_000_000L;
    private static final WebhookVerifier VERIFIER = new WebhookVerifier(
            Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC), Duration.ofSeconds(300), SECRET);

    /**
     * Any header with any body: the verifier either refuses with a reason or accepts, and it accepts only
     * when one {@code v1} really is the HMAC of {@code t.body} under the secret (computed here independently).
     */
    @FuzzTest
    void anyHeaderAndBody(byte[] input) {
        int newline = indexOf(input, (byte) '\n');
        String header = new String(input, 0, newline < 0 ? input.length : newline, StandardCharsets.UTF_8);
        byte[] body = newline < 0 ? new byte[0] : Arrays.copyOfRange(input, newline + 1, input.length);
        try {
            WebhookEvent event = VERIFIER.verify(body, header);
            assertThat(event).isNotNull();
            assertThat(carriesTrueSignature(header, body))
                    .as("accepted a header that carries no valid signature: %s", header)
                    .isTrue();
        } catch (WebhookVerificationException e) {
            assertThat(e.reason()).isNotNull();
            assertThat(e.getMessage()).isNotBlank().doesNotContain(SECRET);
        }
    }

    /**
     * A notification signed with the secret verifies; the same with any one byte of the body or of the
     * header changed never does. The first byte picks what to change (and how), the rest is the body.
     */
    @FuzzTest
    void oneChangedByteNeverVerifies(byte[] input) throws Exception {
        if (input.length < 3) {
            return;
        }
        int position = ((input[0] & 0xff) << 8) | (input[1] & 0xff);
        byte flip = input[2] == 0 ? 1 : input[2];
        byte[] text = Arrays.copyOfRange(input, 3, input.length);
        byte[] body = notification(text);
        String header = WebhookVerifier.sign(body, NOW, SECRET);
        assertThat(VERIFIER.verify(body, header).event()).isEqualTo("transaction.success");

        boolean inBody = (position & 1) == 0;
        if (inBody) {
            byte[] changed = body.clone();
            changed[(position >>> 1) % changed.length] ^= flip;
            // The signature is checked before the body is read: refused for that, not as an unreadable body.
            assertThat(expectRefusal(changed, header)).isEqualTo(WebhookVerificationReason.NO_MATCHING_SIGNATURE);
        } else {
            byte[] changed = header.getBytes(StandardCharsets.US_ASCII);
            changed[(position >>> 1) % changed.length] ^= flip;
            assertThat(expectRefusal(body, new String(changed, StandardCharsets.ISO_8859_1)))
                    .isNotEqualTo(WebhookVerificationReason.INVALID_BODY);
        }
    }

    private static WebhookVerificationReason expectRefusal(byte[] body, String header) {
        try {
            VERIFIER.verify(body, header);
        } catch (WebhookVerificationException e) {
            assertThat(e.reason()).isNotNull();
            return e.reason();
        }
        return fail(
                "a changed notification verified: header %s, body %s",
                header, HexFormat.of().formatHex(body));
    }

    /** A well-formed notification whose metadata note carries the fuzzer's bytes (escaped as JSON). */
    private static byte[] notification(byte[] text) {
        StringBuilder note = new StringBuilder();
        for (byte b : text) {
            int c = b & 0xff;
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
                note.append(String.format("\\u%04x", c));
            } else {
                note.append((char) c);
            }
        }
        return ("{\"id\":\"SVC-AB12CD34:SUCCESS\",\"event\":\"transaction.success\",\"environment\":\"sandbox\","
                        + "\"data\":{\"reference\":\"SVC-AB12CD34\",\"amount\":\"1500.00\",\"metadata\":{\"note\":\""
                        + note + "\"}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The oracle: whether some {@code v1=} part equals HMAC-SHA256(secret, t + "." + body) in lower-case hex. */
    private static boolean carriesTrueSignature(String header, byte[] body) {
        String t = null;
        for (String part : header.split(",", -1)) {
            String item = part.strip();
            if (item.startsWith("t=")) {
                t = item.substring(2);
            }
        }
        if (t == null) {
            return false;
        }
        byte[] expected = hmacHex(t, body);
        for (String part : header.split(",", -1)) {
            String item = part.strip();
            if (item.startsWith("v1=")
                    && MessageDigest.isEqual(expected, item.substring(3).getBytes(StandardCharsets.US_ASCII))) {
                return true;
            }
        }
        return false;
    }

    private static byte[] hmacHex(String t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body)).getBytes(StandardCharsets.US_ASCII);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
