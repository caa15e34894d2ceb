package sn.xaalis.provider;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Timestamps;

/**
 * The installation's own retailer PIN (xaalis.providers.mobilemoney.retailer-pin), guarded as a
 * connection's is ({@link RetailerPins}): one call with it at a time across nodes, and once the operator
 * refused it none until another PIN is configured (installation_retailer_pins, one row per provider). The
 * row keeps an HMAC of the PIN it is about, keyed with the API client's secret, never the PIN itself.
 */
@Component
public class InstallationPins {

    /** The setting the operator changes to let the installation's payouts go again. */
    public static final String SETTING = "xaalis.providers.mobilemoney.retailer-pin";

    private static final Logger log = LoggerFactory.getLogger(InstallationPins.class);

    private final JdbcClient jdbc;
    private final ProviderProperties properties;
    private final Clock clock;

    InstallationPins(JdbcClient jdbc, ProviderProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.clock = clock;
    }

    /** Takes the installation's PIN for one call, for at most {@code longest}. */
    public RetailerPins.Turn take(Provider provider, Credentials.Operator account, Duration longest) {
        String fingerprint = fingerprint(account);
        Instant now = Timestamps.truncate(clock.instant());
        Instant until = now.plus(longest);
        jdbc.sql("INSERT INTO installation_retailer_pins (provider, pin_fingerprint) VALUES (:p, :f)"
                        + " ON CONFLICT DO NOTHING")
                .param("p", provider.name())
                .param("f", fingerprint)
                .update();
        // Another PIN configured since the refusal (or the call under way) was not refused: usable again.
        jdbc.sql("UPDATE installation_retailer_pins SET pin_fingerprint = :f, refused_at = NULL, refusal = NULL,"
                        + " busy_until = NULL WHERE provider = :p AND pin_fingerprint <> :f")
                .param("p", provider.name())
                .param("f", fingerprint)
                .update();
        boolean taken = jdbc.sql("UPDATE installation_retailer_pins SET busy_until = :until WHERE provider = :p"
                                + " AND pin_fingerprint = :f AND refused_at IS NULL"
                                + " AND (busy_until IS NULL OR busy_until <= :now)")
                        .param("until", Timestamps.toDatabase(until))
                        .param("now", Timestamps.toDatabase(now))
                        .param("p", provider.name())
                        .param("f", fingerprint)
                        .update()
                == 1;
        if (taken) {
            return new RetailerPins.Turn.Yours(until);
        }
        Optional<String> refusal = refusal(provider, fingerprint);
        return refusal.isPresent() ? new RetailerPins.Turn.Refused(refusal.get()) : new RetailerPins.Turn.Busy();
    }

    public void release(Provider provider, RetailerPins.Turn.Yours turn) {
        jdbc.sql("UPDATE installation_retailer_pins SET busy_until = NULL WHERE provider = :p AND busy_until = :until")
                .param("until", Timestamps.toDatabase(turn.until()))
                .param("p", provider.name())
                .update();
    }

    /**
     * The operator refused the PIN of {@code account}: nothing tries it again until another is configured.
     * A PIN configured since (another node, restarted) is not the one refused.
     */
    public void refuse(Provider provider, Credentials.Operator account, String why) {
        int refused = jdbc.sql("UPDATE installation_retailer_pins SET refused_at = :at, refusal = :why,"
                        + " busy_until = NULL WHERE provider = :p AND pin_fingerprint = :f AND refused_at IS NULL")
                .param("at", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                .param("why", why.length() > 500 ? why.substring(0, 500) : why)
                .param("p", provider.name())
                .param("f", fingerprint(account))
                .update();
        if (refused == 1) {
            log.warn(
                    "The installation's {} account: {}; its payouts (settlements) wait queued until {} is set to"
                            + " the PIN the operator accepts",
                    provider,
                    why,
                    SETTING);
        }
    }

    /** Why the installation's payouts with {@code provider} wait for another PIN; empty when they do not. */
    public Optional<String> refusal(Provider provider) {
        if (provider != Provider.MOBILEMONEY_SN) {
            return Optional.empty(); // only the operator's payouts carry a PIN
        }
        return properties
                .mobilemoney()
                .defaultAccount()
                .filter(Credentials.Operator::sendsPayouts)
                .flatMap(account -> refusal(provider, fingerprint(account)));
    }

    private Optional<String> refusal(Provider provider, String fingerprint) {
        return jdbc.sql("SELECT refusal FROM installation_retailer_pins WHERE provider = :p AND pin_fingerprint = :f"
                        + " AND refused_at IS NOT NULL")
                .param("p", provider.name())
                .param("f", fingerprint)
                .query(String.class)
                .optional();
    }

    /** An HMAC of the retailer number and PIN, keyed with the client secret: a 4-digit PIN's hash alone is no secret. */
    private static String fingerprint(Credentials.Operator account) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(account.clientSecret().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] digest = mac.doFinal(
                    (account.retailerNumber() + ":" + account.retailerPin()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
