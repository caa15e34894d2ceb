package sn.xaalis.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SecretBoxTest {

    private final byte[] master = new byte[32];
    private final SecretBox box = new SecretBox(master);

    @Test
    void fingerprintsAreStableAndMatchOnlyTheirSecret() {
        String fp = box.fingerprint("sk_test_abc");
        assertThat(fp).hasSize(64).isEqualTo(box.fingerprint("sk_test_abc"));
        assertThat(box.matches("sk_test_abc", fp)).isTrue();
        assertThat(box.matches("sk_test_abd", fp)).isFalse();
        assertThat(box.matches("sk_test_abc", "not-hex")).isFalse();
    }

    @Test
    void fingerprintsDependOnTheMasterKey() {
        byte[] other = new byte[32];
        Arrays.fill(other, (byte) 1);
        assertThat(new SecretBox(other).fingerprint("sk_test_abc")).isNotEqualTo(box.fingerprint("sk_test_abc"));
    }

    @Test
    void encryptsWithAFreshNonceAndDecrypts() {
        String a = box.encrypt("sk_live_secret");
        String b = box.encrypt("sk_live_secret");
        assertThat(a).isNotEqualTo(b).doesNotContain("sk_live_secret").startsWith("v1:");
        assertThat(box.decrypt(a)).isEqualTo("sk_live_secret");
    }

    @Test
    void refusesTamperedOrForeignCiphertext() {
        String sealed = box.encrypt("sk_live_secret");
        char last = sealed.charAt(sealed.length() - 2);
        String tampered = sealed.substring(0, sealed.length() - 2)
                + (last == 'A' ? 'B' : 'A')
                + sealed.charAt(sealed.length() - 1);
        assertThatThrownBy(() -> box.decrypt(tampered)).isInstanceOf(IllegalStateException.class);
        byte[] other = new byte[32];
        other[0] = 9;
        assertThatThrownBy(() -> new SecretBox(other).decrypt(sealed))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageNotContaining("sk_live");
    }
}
