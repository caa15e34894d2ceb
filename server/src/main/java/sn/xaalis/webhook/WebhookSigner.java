package sn.xaalis.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SPEC §6.3: {@code v1} = lowercase hex HMAC-SHA256 of {@code "<t>." + raw body}, keyed with the
 * application's secret for the payment's environment. During a key rotation every active secret
 * signs, so receivers holding either secret accept the notification (D9).
 */
public final class WebhookSigner {

    private WebhookSigner() {}

    /** The {@code X-SVC-Signature} value: {@code t=<unix>,v1=<hex>[,v1=<hex>…]}. */
    public static String header(long unixSeconds, byte[] body, List<String> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("At least one secret is needed to sign");
        }
        StringBuilder header = new StringBuilder("t=").append(unixSeconds);
        for (String secret : secrets) {
            header.append(",v1=").append(signature(unixSeconds, body, secret));
        }
        return header.toString();
    }

    public static String signature(long unixSeconds, byte[] body, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
