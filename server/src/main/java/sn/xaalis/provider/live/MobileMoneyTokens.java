package sn.xaalis.provider.live;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderProperties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * OAuth2 client-credentials tokens for MOBILEMONEY_SN, one per account (the operator's last about five
 * minutes), cached until shortly before they expire so a payment costs one API call, not two. Each
 * account has its own lock: one merchant's slow token request holds up no other merchant.
 */
final class MobileMoneyTokens {

    private static final long EARLY_REFRESH_SECONDS = 60;
    private static final int MAX_ACCOUNTS = 10_000;

    private final ProviderProperties.MobileMoney settings;
    private final ProviderHttp http;
    private final JsonMapper json;
    private final Clock clock;
    private final Map<String, Slot> slots = new ConcurrentHashMap<>();

    MobileMoneyTokens(ProviderProperties.MobileMoney settings, ProviderHttp http, JsonMapper json, Clock clock) {
        this.settings = settings;
        this.http = http;
        this.json = json;
        this.clock = clock;
    }

    /** What the operator said to a token request: a token, or why not in its words. */
    sealed interface Outcome {
        record Issued(String token) implements Outcome {}

        record Refused(String reason) implements Outcome {}
    }

    /** A valid token for the account, fetched when none is cached. */
    Outcome current(ProviderAccount account) {
        Slot slot = slot(account);
        synchronized (slot) {
            if (slot.token != null && clock.instant().isBefore(slot.refreshAt)) {
                return new Outcome.Issued(slot.token);
            }
            ProviderHttp.Reply reply = http.send(tokenRequest(account));
            if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
                JsonNode body = Replies.parse(json, answered.body());
                String fresh = Replies.text(body, "access_token");
                long lifetime = body.path("expires_in").asLong(0);
                if (fresh != null && lifetime > 0) {
                    slot.token = fresh;
                    long early = Math.min(EARLY_REFRESH_SECONDS, lifetime / 2);
                    slot.refreshAt = clock.instant().plusSeconds(lifetime - early);
                    return new Outcome.Issued(fresh);
                }
                return new Outcome.Refused("MOBILEMONEY_SN answered the token request without a token");
            }
            if (reply instanceof ProviderHttp.Reply.Answered answered
                    && answered.status() >= 400
                    && answered.status() < 500) {
                return new Outcome.Refused(
                        "MOBILEMONEY_SN refused the client id or secret: " + Replies.reason(json, answered));
            }
            return new Outcome.Refused(http.unavailable(reply));
        }
    }

    private ProviderHttp.Call tokenRequest(ProviderAccount account) {
        Credentials.Operator operator = (Credentials.Operator) account.credentials();
        String form = "grant_type=client_credentials&client_id=" + encode(operator.clientId()) + "&client_secret="
                + encode(operator.clientSecret());
        return new ProviderHttp.Call(
                account.connectionId(),
                "token",
                null,
                "POST",
                URI.create(Replies.base(settings.baseUrl()) + settings.tokenPath()),
                Map.of(),
                "application/x-www-form-urlencoded",
                form,
                // What the exchange log keeps: no credential, the client id's end to tell accounts apart.
                "grant_type=client_credentials&client_id=…" + last4(operator.clientId()) + "&client_secret=[redacted]",
                true);
    }

    /** Forgets {@code rejected} after the API answered 401 to it, so the next call fetches a new one. */
    void reject(ProviderAccount account, @Nullable String rejected) {
        Slot slot = slot(account);
        synchronized (slot) {
            if (rejected != null && rejected.equals(slot.token)) {
                slot.token = null;
            }
        }
    }

    /** Keyed by the credentials themselves (hashed): replacing a connection's secret starts a new slot. */
    private Slot slot(ProviderAccount account) {
        Credentials.Operator operator = (Credentials.Operator) account.credentials();
        String key = account.connectionId() + ":" + sha256(operator.clientId() + '\n' + operator.clientSecret());
        if (slots.size() >= MAX_ACCOUNTS && !slots.containsKey(key)) {
            slots.clear();
        }
        return slots.computeIfAbsent(key, k -> new Slot());
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String last4(String value) {
        return value.length() <= 4 ? "" : value.substring(value.length() - 4);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static final class Slot {
        private @Nullable String token; // none yet, or forgotten after a 401
        private Instant refreshAt = Instant.MIN;
    }
}
