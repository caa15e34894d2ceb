package sn.xaalis.provider.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderNotice;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.json.JsonMapper;

/** The wallet's {@code Wave-Signature}, as its own samples compute it: HMAC-SHA256 over {@code t + body}. */
class WalletSignaturesTest {

    // The vector of issue 28, computed the way the wallet's PHP sample does.
    static final String SECRET = "wave_sn_WHS_xz4m9q1v7c3k8p2r";
    static final long T = 1732700000;
    static final byte[] BODY = ("{\"id\":\"EV_QvEZuDSQbLdI\",\"type\":\"checkout.session.completed\",\"data\":{\"id\":"
                    + "\"cos-18qq25rgr100a\",\"amount\":\"4500\",\"checkout_status\":\"complete\",\"client_reference\":"
                    + "\"SVC-7K2M9QXA\",\"currency\":\"XOF\",\"payment_status\":\"succeeded\",\"transaction_id\":"
                    + "\"TCN4Y4ZC3FM\",\"when_completed\":\"2024-11-27T10:13:20Z\"}}")
            .getBytes(StandardCharsets.UTF_8);
    static final String V1 = "7371c53b33b3289560f4ffb1f4c8f57a113218974450913d6df62e748c08fbc5";
    static final Instant AT_T = Instant.ofEpochSecond(T);

    @Test
    void theIssuesVectorIsWhatWeComputeAndAccept() {
        assertThat(WalletSignatures.sign(SECRET, T, BODY)).isEqualTo(V1);
        assertThat(WalletSignatures.check("t=" + T + ",v1=" + V1, BODY, List.of(SECRET), AT_T))
                .isNull();
    }

    @Test
    void theSameBodySignedOverTDotBodyIsRefused() {
        String dotted = hmac(SECRET, T + "." + new String(BODY, StandardCharsets.UTF_8));
        assertThat(dotted).isNotEqualTo(V1);
        assertThat(WalletSignatures.check("t=" + T + ",v1=" + dotted, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.NO_MATCH);
    }

    @Test
    void severalV1WithOneValidAreAccepted() {
        String header = "t=" + T + ",v1=" + "a".repeat(64) + ",v1=" + V1 + ",v1=" + "b".repeat(64);
        assertThat(WalletSignatures.check(header, BODY, List.of(SECRET), AT_T)).isNull();
        String none = "t=" + T + ",v1=" + "a".repeat(64) + ",v1=" + "b".repeat(64);
        assertThat(WalletSignatures.check(none, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.NO_MATCH);
    }

    @Test
    void missingMalformedAndStaleHeadersAreRefused() {
        assertThat(WalletSignatures.check(null, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.MISSING);
        assertThat(WalletSignatures.check("v1=" + V1, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.MALFORMED);
        assertThat(WalletSignatures.check("t=abc,v1=" + V1, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.MALFORMED);
        assertThat(WalletSignatures.check("t=" + T, BODY, List.of(SECRET), AT_T))
                .isEqualTo(WalletSignatures.Refusal.MALFORMED);
        String header = "t=" + T + ",v1=" + V1;
        assertThat(WalletSignatures.check(header, BODY, List.of(SECRET), AT_T.plusSeconds(300)))
                .isNull();
        assertThat(WalletSignatures.check(header, BODY, List.of(SECRET), AT_T.plusSeconds(301)))
                .isEqualTo(WalletSignatures.Refusal.STALE);
        assertThat(WalletSignatures.check(header, BODY, List.of(SECRET), AT_T.minusSeconds(301)))
                .isEqualTo(WalletSignatures.Refusal.STALE);
    }

    @Test
    void theSharedSecretStrategyAcceptsTheRightBearerOnly() {
        WalletEvents events = events(AT_T);
        ProviderAccount shared = account(Credentials.WebhookStrategy.SHARED, SECRET, null, null);
        ProviderNotice notice =
                events.verify(shared, "Bearer " + SECRET, null, BODY).orElseThrow();
        assertThat(notice.reference()).isEqualTo("SVC-7K2M9QXA");
        assertThat(notice.state()).isInstanceOf(SessionState.Paid.class);
        assertThat(notice.connectionId()).isEqualTo(shared.connectionId());
        assertThatThrownBy(() -> events.verify(shared, "Bearer " + SECRET + "x", null, BODY))
                .isInstanceOf(RejectedCallback.class);
        assertThatThrownBy(() -> events.verify(shared, null, "t=" + T + ",v1=" + V1, BODY))
                .as("a signature does not stand in for the shared secret")
                .isInstanceOf(RejectedCallback.class);
        assertThatThrownBy(() -> events.verify(shared, SECRET, null, BODY)).isInstanceOf(RejectedCallback.class);
    }

    @Test
    void theSigningStrategyRefusesTheBearerAndAcceptsTheSignature() {
        WalletEvents events = events(AT_T);
        ProviderAccount signing = account(Credentials.WebhookStrategy.SIGNING, SECRET, null, null);
        assertThat(events.verify(signing, null, "t=" + T + ",v1=" + V1, BODY)).isPresent();
        assertThatThrownBy(() -> events.verify(signing, "Bearer " + SECRET, null, BODY))
                .isInstanceOf(RejectedCallback.class);
    }

    @Test
    void aReplacedSecretKeepsVerifyingForItsOverlapOnly() {
        Instant until = AT_T.plus(Duration.ofHours(24));
        ProviderAccount rotated = account(Credentials.WebhookStrategy.SIGNING, "wave_sn_WHS_new", SECRET, until);
        assertThat(events(AT_T).verify(rotated, null, "t=" + T + ",v1=" + V1, BODY))
                .isPresent();
        // A day later the old secret no longer counts (the event itself is dated then too).
        Instant later = until.plusSeconds(1);
        long t = later.getEpochSecond();
        String old = WalletSignatures.sign(SECRET, t, BODY);
        assertThatThrownBy(() -> events(later).verify(rotated, null, "t=" + t + ",v1=" + old, BODY))
                .isInstanceOf(RejectedCallback.class);
        String fresh = WalletSignatures.sign("wave_sn_WHS_new", t, BODY);
        assertThat(events(later).verify(rotated, null, "t=" + t + ",v1=" + fresh, BODY))
                .isPresent();
    }

    @Test
    void sessionStatesAreReadAsTheWalletDefinesThem() {
        JsonMapper json = JsonMapper.builder().build();
        assertThat(WalletProvider.state(
                        json.readTree("{\"checkout_status\":\"complete\",\"payment_status\":\"succeeded\"}")))
                .isInstanceOf(SessionState.Paid.class);
        assertThat(WalletProvider.state(json.readTree(
                        "{\"checkout_status\":\"open\",\"payment_status\":\"processing\",\"last_payment_error\":"
                                + "{\"code\":\"insufficient-funds\",\"message\":\"Solde insuffisant\"}}")))
                .as("a failed attempt leaves the session payable")
                .isInstanceOf(SessionState.Open.class);
        assertThat(WalletProvider.state(
                        json.readTree("{\"checkout_status\":\"expired\",\"payment_status\":\"processing\"}")))
                .isInstanceOf(SessionState.Expired.class);
        assertThat(WalletProvider.state(
                        json.readTree("{\"checkout_status\":\"complete\",\"payment_status\":\"cancelled\"}")))
                .isInstanceOf(SessionState.Cancelled.class);
        assertThat(WalletProvider.state(json.readTree("{}"))).isInstanceOf(SessionState.Unknown.class);
    }

    private static WalletEvents events(Instant now) {
        return new WalletEvents(JsonMapper.builder().build(), Clock.fixed(now, ZoneOffset.UTC));
    }

    private static ProviderAccount account(
            Credentials.WebhookStrategy strategy, String secret, String previous, Instant previousUntil) {
        return new ProviderAccount(
                ConnectionId.random(),
                Provider.WALLET_SN,
                new Credentials.Wallet("wave_sn_prod_key", strategy, secret, previous, previousUntil));
    }

    private static String hmac(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
