package sn.xaalis.secrets;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secret storage (D9): a peppered HMAC fingerprint to authenticate API secrets without password
 * hashing per request, and AES-GCM encryption for secrets we must read back (webhook signing).
 * Both keys are derived from the master key, so a database dump alone reveals no secret.
 */
public final class SecretBox {

    private static final String HMAC = "HmacSHA256";
    private static final int NONCE_BYTES = 12;
    private static final String VERSION = "v1:";

    private final Mac fingerprintPrototype;
    private final SecretKeySpec encryptionKey;
    private final SecureRandom random = new SecureRandom();

    SecretBox(byte[] masterKey) {
        this.fingerprintPrototype = mac(derive(masterKey, "xaalis/api-secret-fingerprint/v1"));
        this.encryptionKey = new SecretKeySpec(derive(masterKey, "xaalis/secret-encryption/v1"), "AES");
    }

    /** Lowercase hex HMAC-SHA256 of the secret under the pepper. */
    public String fingerprint(String secret) {
        return HexFormat.of().formatHex(fingerprintBytes(secret));
    }

    /** Constant-time comparison of a presented secret with a stored fingerprint. */
    public boolean matches(String presentedSecret, String storedFingerprint) {
        byte[] expected;
        try {
            expected = HexFormat.of().parseHex(storedFingerprint);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(fingerprintBytes(presentedSecret), expected);
    }

    public String encrypt(String plaintext) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, encryptionKey, new GCMParameterSpec(128, nonce));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            ByteBuffer out =
                    ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed);
            return VERSION + Base64.getEncoder().encodeToString(out.array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable", e);
        }
    }

    public String decrypt(String ciphertext) {
        if (!ciphertext.startsWith(VERSION)) {
            throw new IllegalArgumentException("Unknown ciphertext version");
        }
        try {
            byte[] raw = Base64.getDecoder().decode(ciphertext.substring(VERSION.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, encryptionKey, new GCMParameterSpec(128, raw, 0, NONCE_BYTES));
            byte[] plain = cipher.doFinal(raw, NONCE_BYTES, raw.length - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            // Wrong master key or tampered row: never echo the ciphertext.
            throw new IllegalStateException("A stored secret cannot be decrypted with the configured master key");
        }
    }

    private byte[] fingerprintBytes(String secret) {
        try {
            Mac mac = (Mac) fingerprintPrototype.clone();
            return mac.doFinal(secret.getBytes(StandardCharsets.UTF_8));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] derive(byte[] masterKey, String label) {
        try {
            return mac(masterKey).doFinal(label.getBytes(StandardCharsets.UTF_8));
        } catch (IllegalStateException e) {
            throw e;
        }
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
