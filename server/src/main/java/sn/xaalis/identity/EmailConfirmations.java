package sn.xaalis.identity;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.MessageSource;
import org.springframework.context.event.EventListener;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.merchant.MerchantSignedUp;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;

/**
 * A self-service merchant proves it holds its address: a link sent at sign-up (valid two days, used once,
 * kept only as its SHA-256), and again on request at most every two minutes. Until then the merchant
 * works in the sandbox as usual but cannot send its verification, so live payments wait for it.
 */
@Service
public class EmailConfirmations {

    static final Duration VALIDITY = Duration.ofDays(2);
    static final Duration RESEND_PAUSE = Duration.ofMinutes(2);

    private final JdbcClient jdbc;
    private final MerchantCredentials credentials;
    private final MerchantRegister merchants;
    private final MailOutbox outbox;
    private final MessageSource messages;
    private final PublicBaseUrl baseUrl;
    private final Clock clock;

    EmailConfirmations(
            JdbcClient jdbc,
            MerchantCredentials credentials,
            MerchantRegister merchants,
            MailOutbox outbox,
            MessageSource messages,
            PublicBaseUrl baseUrl,
            Clock clock) {
        this.jdbc = jdbc;
        this.credentials = credentials;
        this.merchants = merchants;
        this.outbox = outbox;
        this.messages = messages;
        this.baseUrl = baseUrl;
        this.clock = clock;
    }

    /** At sign-up, in its transaction. */
    @EventListener
    void signedUp(MerchantSignedUp signedUp) {
        send(signedUp.merchantId(), signedUp.name(), signedUp.email(), LocaleContextHolder.getLocale());
    }

    /** Another link, unless the address is confirmed or one went less than two minutes ago; false then. */
    @Transactional
    public boolean resend(MerchantId merchantId, Locale locale) {
        if (credentials.emailConfirmed(merchantId)) {
            return false;
        }
        Instant now = Timestamps.truncate(clock.instant());
        boolean recent =
                jdbc.sql("SELECT COUNT(*) FROM email_confirmations WHERE merchant_id = :m" + " AND created_at > :since")
                                .param("m", merchantId.value())
                                .param("since", Timestamps.toDatabase(now.minus(RESEND_PAUSE)))
                                .query(Long.class)
                                .single()
                        > 0;
        if (recent) {
            return false;
        }
        var merchant = merchants.find(merchantId).orElseThrow();
        send(merchantId, merchant.name(), merchant.email(), locale);
        return true;
    }

    /** Follows a link: true when it confirmed the address it was sent to. */
    @Transactional
    public boolean confirm(String token) {
        Instant now = Timestamps.truncate(clock.instant());
        Optional<Pending> pending = jdbc.sql("SELECT merchant_id, email FROM email_confirmations WHERE token_hash = :h"
                        + " AND used_at IS NULL AND expires_at > :now")
                .param("h", Sha256.hex(token))
                .param("now", Timestamps.toDatabase(now))
                .query((rs, n) -> new Pending(rs.getObject("merchant_id", UUID.class), rs.getString("email")))
                .optional();
        if (pending.isEmpty()) {
            return false;
        }
        int spent = jdbc.sql("UPDATE email_confirmations SET used_at = :now WHERE token_hash = :h AND used_at IS NULL")
                .param("now", Timestamps.toDatabase(now))
                .param("h", Sha256.hex(token))
                .update();
        return spent == 1
                && credentials.confirmEmail(
                        new MerchantId(pending.get().merchantId()),
                        pending.get().email());
    }

    private record Pending(UUID merchantId, String email) {}

    private void send(MerchantId merchantId, String name, String email, Locale locale) {
        String token = RandomTokens.base62(40);
        Instant now = Timestamps.truncate(clock.instant());
        jdbc.sql("INSERT INTO email_confirmations (token_hash, merchant_id, email, created_at, expires_at)"
                        + " VALUES (:h, :m, :e, :now, :until)")
                .param("h", Sha256.hex(token))
                .param("m", merchantId.value())
                .param("e", email)
                .param("now", Timestamps.toDatabase(now))
                .param("until", Timestamps.toDatabase(now.plus(VALIDITY)))
                .update();
        String link = baseUrl.value() + "/account/confirm/" + token;
        outbox.enqueue(new Mail(
                email,
                messages.getMessage("identity.confirm.subject", null, locale),
                messages.getMessage("identity.confirm.body", new Object[] {name, link}, locale),
                "email-confirmation"));
    }
}
