package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TotpTest {

    // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (8-digit vectors, last 6 digits here).
    private static final byte[] SECRET = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    @Test
    void matchesTheRfcTestVectors() {
        assertThat(Totp.code(SECRET, Totp.step(Instant.ofEpochSecond(59)))).isEqualTo("287082");
        assertThat(Totp.code(SECRET, Totp.step(Instant.ofEpochSecond(1111111109))))
                .isEqualTo("081804");
        assertThat(Totp.code(SECRET, Totp.step(Instant.ofEpochSecond(1234567890))))
                .isEqualTo("005924");
        assertThat(Totp.code(SECRET, Totp.step(Instant.ofEpochSecond(2000000000))))
                .isEqualTo("279037");
    }

    @Test
    void acceptsOneStepOfDriftAndNothingElse() {
        Instant now = Instant.ofEpochSecond(1_700_000_000L);
        long step = Totp.step(now);
        assertThat(Totp.matchingStep(SECRET, Totp.code(SECRET, step - 1), now)).hasValue(step - 1);
        assertThat(Totp.matchingStep(SECRET, Totp.code(SECRET, step + 1), now)).hasValue(step + 1);
        assertThat(Totp.matchingStep(SECRET, Totp.code(SECRET, step - 2), now)).isEmpty();
        assertThat(Totp.matchingStep(SECRET, "12345", now)).isEmpty();
        assertThat(Totp.matchingStep(SECRET, null, now)).isEmpty();
    }

    @Test
    void base32RoundTrips() {
        byte[] secret = Totp.newSecret();
        assertThat(Totp.fromBase32(Totp.base32(secret))).isEqualTo(secret);
        assertThat(Totp.base32("12345678901234567890".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    }
}
