package sn.xaalis.sdk;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies the {@code X-SVC-Signature} of a Xaalis notification exactly as SPEC §6.3 asks, over the
 * <em>raw</em> request body: read the body as bytes (or the exact text) before any JSON parsing, and
 * never verify a re-serialized object. Thread-safe; create one per application and reuse it.
 *
 * <pre>{@code
 * WebhookVerifier verifier = new WebhookVerifier(System.getenv("XAALIS_API_SECRET"));
 * try {
 *     WebhookEvent event = verifier.verify(rawBody, request.getHeader("X-SVC-Signature"));
 *     // deduplicate on event.id(), compare event.dataString("amount") with the order, then answer 200
 * } catch (WebhookVerificationException e) {
 *     // answer 401; e.reason() says what failed
 * }
 * }</pre>
 *
 * <p>During a key rotation Xaalis signs with every active secret ({@code t=…,v1=<new>,v1=<old>}); a
 * verifier holding either secret accepts the notification.
 */
public final class WebhookVerifier {

    /** The replay window of SPEC §6.3: 300 seconds either way. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    /** The header Xaalis signs notifications with. */
    public static final String SIGNATURE_HEADER = "X-SVC-Signature";

    private static final int MAX_HEADER_LENGTH = 8192;

    private final List<byte[]> secrets;
    private final Clock clock;
    private final Duration tolerance;

    /**
     * A verifier for one or more secrets (your application's {@code sk_test_…} or {@code sk_live_…}
     * secret; pass both old and new during your own rotation), with the system clock and a 300 s tolerance.
     */
    public WebhookVerifier(String... secrets) {
        this(Clock.systemUTC(), DEFAULT_TOLERANCE, secrets);
    }

    /**
     * A verifier with its own clock and tolerance.
     *
     * @param clock the current time (inject a fixed clock in tests)
     * @param tolerance how far {@code t} may be from now, in either direction
     */
    public WebhookVerifier(Clock clock, Duration tolerance, String... secrets) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance must not be negative");
        }
        if (secrets == null || secrets.length == 0) {
            throw new IllegalArgumentException("at least one secret is needed");
        }
        List<byte[]> keys = new ArrayList<>();
        for (String secret : secrets) {
            if (secret == null || secret.isEmpty()) {
                throw new IllegalArgumentException("a secret must not be empty");
            }
            keys.add(secret.getBytes(StandardCharsets.UTF_8));
        }
        this.secrets = List.copyOf(keys);
    }

    /**
     * Verifies a notification given its body as received, as a UTF-8 string.
     *
     * @see #verify(byte[], String)
     */
    public WebhookEvent verify(String rawBody, String signatureHeader) throws WebhookVerificationException {
        Objects.requireNonNull(rawBody, "rawBody");
        return verify(rawBody.getBytes(StandardCharsets.UTF_8), signatureHeader);
    }

    /**
     * Verifies a notification and returns it parsed.
     *
     * @param rawBody the request body bytes exactly as received
     * @param signatureHeader the value of {@code X-SVC-Signature}, or null when the request had none
     * @throws WebhookVerificationException when the notification must be refused (answer 401)
     */
    public WebhookEvent verify(byte[] rawBody, String signatureHeader) throws WebhookVerificationException {
        Objects.requireNonNull(rawBody, "rawBody");
        Signature signature = parse(signatureHeader);
        long now = clock.instant().getEpochSecond();
        if (Math.abs((double) now - (double) signature.timestamp()) > tolerance.getSeconds()) {
            throw new WebhookVerificationException(
                    WebhookVerificationReason.STALE_TIMESTAMP,
                    "The signature timestamp is more than " + tolerance.getSeconds() + " s away from now");
        }
        boolean matched = false;
        for (byte[] secret : secrets) {
            byte[] expected = hex(hmac(secret, signature.timestamp(), rawBody));
            for (byte[] candidate : signature.v1()) {
                // Every pair is compared in full; no early exit that would time which one matched.
                matched |= MessageDigest.isEqual(expected, candidate);
            }
        }
        if (!matched) {
            throw new WebhookVerificationException(
                    WebhookVerificationReason.NO_MATCHING_SIGNATURE,
                    "No v1 signature matches the body signed with the configured secret");
        }
        return event(rawBody);
    }

    /**
     * Signs {@code rawBody} as Xaalis does, for producing test notifications. The arguments come in the
     * same order in every Xaalis library: body, timestamp, then one or more secrets.
     *
     * @param rawBody the body to sign
     * @param timestamp the signature time, in Unix seconds
     * @param secrets one or more secrets; one {@code v1} is written per secret, as during a rotation
     * @return an {@code X-SVC-Signature} value: {@code t=<unixSeconds>,v1=<hex>} with one {@code v1} per secret
     */
    public static String sign(byte[] rawBody, long timestamp, String... secrets) {
        Objects.requireNonNull(rawBody, "rawBody");
        if (secrets == null || secrets.length == 0) {
            throw new IllegalArgumentException("at least one secret is needed");
        }
        StringBuilder header = new StringBuilder("t=").append(timestamp);
        for (String secret : secrets) {
            byte[] mac = hmac(secret.getBytes(StandardCharsets.UTF_8), timestamp, rawBody);
            header.append(",v1=").append(HexFormat.of().formatHex(mac));
        }
        return header.toString();
    }

    /**
     * Signs a UTF-8 body at {@code timestamp} (such as {@code Instant.now()}).
     *
     * @see #sign(byte[], long, String...)
     */
    public static String sign(String rawBody, Instant timestamp, String... secrets) {
        return sign(rawBody.getBytes(StandardCharsets.UTF_8), timestamp.getEpochSecond(), secrets);
    }

    private record Signature(long timestamp, List<byte[]> v1) {}

    private static Signature parse(String header) throws WebhookVerificationException {
        if (header == null || header.isBlank()) {
            throw new WebhookVerificationException(
                    WebhookVerificationReason.MISSING_HEADER, "The " + SIGNATURE_HEADER + " header is missing");
        }
        if (header.length() > MAX_HEADER_LENGTH) {
            throw malformed("the header is too long");
        }
        Long timestamp = null;
        List<byte[]> v1 = new ArrayList<>();
        for (String part : header.split(",", -1)) {
            String item = part.strip();
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw malformed("every part must be key=value");
            }
            String key = item.substring(0, eq);
            String value = item.substring(eq + 1);
            if (key.equals("t")) {
                if (timestamp != null) {
                    throw malformed("t appears twice");
                }
                if (value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw malformed("t must be a number of seconds");
                }
                timestamp = Long.parseLong(value);
            } else if (key.equals("v1")) {
                if (value.isEmpty()) {
                    throw malformed("v1 is empty");
                }
                v1.add(value.getBytes(StandardCharsets.US_ASCII));
            }
            // Other keys (future schemes) are ignored, as the version label in the header intends.
        }
        if (timestamp == null) {
            throw malformed("t is missing");
        }
        if (v1.isEmpty()) {
            throw malformed("v1 is missing");
        }
        return new Signature(timestamp, v1);
    }

    private static WebhookVerificationException malformed(String why) {
        return new WebhookVerificationException(
                WebhookVerificationReason.MALFORMED_HEADER, "Malformed " + SIGNATURE_HEADER + ": " + why);
    }

    @SuppressWarnings("unchecked")
    private static WebhookEvent event(byte[] rawBody) throws WebhookVerificationException {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(rawBody))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid("the body is not UTF-8");
        }
        Object parsed;
        try {
            parsed = StrictJson.parse(text);
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        if (!(parsed instanceof Map<?, ?> root)) {
            throw invalid("the body is not a JSON object");
        }
        Object id = root.get("id");
        Object event = root.get("event");
        Object environment = root.get("environment");
        Object createdAt = root.get("created_at");
        Object data = root.get("data");
        if (!(id instanceof String) || !(event instanceof String) || !(data instanceof Map)) {
            throw invalid("id, event and data are required");
        }
        return new WebhookEvent(
                (String) id,
                (String) event,
                environment instanceof String s ? s : null,
                createdAt instanceof String s ? s : null,
                (Map<String, Object>) data,
                text);
    }

    private static WebhookVerificationException invalid(String why) {
        return new WebhookVerificationException(
                WebhookVerificationReason.INVALID_BODY, "The body is not a notification: " + why);
    }

    private static byte[] hmac(byte[] secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }

    private static byte[] hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes).getBytes(StandardCharsets.US_ASCII);
    }
}
