package sn.xaalis.provider.live;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import sn.xaalis.provider.ProviderProperties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * OAuth2 client-credentials tokens for MOBILEMONEY_SN, cached until shortly before they expire so a
 * payment costs one API call, not two.
 */
final class MobileMoneyTokens {

    private static final long EARLY_REFRESH_SECONDS = 60;

    private final ProviderProperties.MobileMoney settings;
    private final ProviderHttp http;
    private final JsonMapper json;
    private final Clock clock;
    private String token;
    private Instant refreshAt = Instant.MIN;

    MobileMoneyTokens(ProviderProperties.MobileMoney settings, ProviderHttp http, JsonMapper json, Clock clock) {
        this.settings = settings;
        this.http = http;
        this.json = json;
        this.clock = clock;
    }

    /** A valid token, or null with the provider unreachable or refusing the credentials. */
    synchronized String current() {
        if (token != null && clock.instant().isBefore(refreshAt)) {
            return token;
        }
        String form = "grant_type=client_credentials&client_id=" + encode(settings.clientId()) + "&client_secret="
                + encode(settings.clientSecret());
        ProviderHttp.Reply reply = http.send(new ProviderHttp.Call(
                "token",
                null,
                "POST",
                URI.create(MobileMoneyProvider.base(settings) + "/oauth/v1/token"),
                Map.of(),
                "application/x-www-form-urlencoded",
                form,
                "grant_type=client_credentials&client_id=" + settings.clientId() + "&client_secret=[redacted]",
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode body = Replies.parse(json, answered.body());
            String fresh = Replies.text(body, "access_token");
            long lifetime = body.path("expires_in").asLong(0);
            if (fresh != null && lifetime > 0) {
                token = fresh;
                long early = Math.min(EARLY_REFRESH_SECONDS, lifetime / 2);
                refreshAt = clock.instant().plusSeconds(lifetime - early);
                return token;
            }
        }
        return null;
    }

    /** Forgets {@code rejected} after the API answered 401 to it, so the next call fetches a new one. */
    synchronized void reject(String rejected) {
        if (rejected != null && rejected.equals(token)) {
            token = null;
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
