package sn.xaalis.identity;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.event.EventListener;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.pages.Formats;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;

/**
 * Tells a person by e-mail when their account is opened from a device not seen before. A device is a
 * browser holding a random cookie given at its first sign-in (kept here only as its hash, with whose it
 * is); the very first sign-in of an account tells nobody. Every successful sign-in, of the portal or the
 * console, passes here (the sign-in managers publish their successes).
 */
@Component
class SignInDevices {

    static final String COOKIE = "xaalis_device";
    private static final Duration KEPT = Duration.ofDays(400);

    private final JdbcClient jdbc;
    private final MailOutbox outbox;
    private final MessageSource messages;
    private final Formats formats;
    private final TransactionTemplate transactions;
    private final Clock clock;

    SignInDevices(
            JdbcClient jdbc,
            MailOutbox outbox,
            MessageSource messages,
            Formats formats,
            TransactionTemplate transactions,
            Clock clock) {
        this.jdbc = jdbc;
        this.outbox = outbox;
        this.messages = messages;
        this.formats = formats;
        this.transactions = transactions;
        this.clock = clock;
    }

    @EventListener
    void signedIn(AuthenticationSuccessEvent event) {
        if (!(event.getAuthentication().getPrincipal() instanceof AuditActor person)
                || !(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)
                || attributes.getResponse() == null) {
            return;
        }
        HttpServletRequest request = attributes.getRequest();
        String device = deviceOf(request);
        if (device == null) {
            device = RandomTokens.base62(32);
            Cookie cookie = new Cookie(COOKIE, device);
            cookie.setHttpOnly(true);
            cookie.setSecure(request.isSecure());
            cookie.setPath("/");
            cookie.setMaxAge((int) KEPT.toSeconds());
            cookie.setAttribute("SameSite", "Lax");
            HttpServletResponse response = attributes.getResponse();
            response.addCookie(cookie);
        }
        String principal = event.getAuthentication().getName();
        String hash = Sha256.hex(device);
        Instant now = Timestamps.truncate(clock.instant());
        String address = request.getRemoteAddr();
        String agent = request.getHeader("User-Agent");
        transactions.executeWithoutResult(tx -> {
            int seen = jdbc.sql(
                            "UPDATE sign_in_devices SET last_seen_at = :now WHERE principal = :p AND device_hash = :h")
                    .param("now", Timestamps.toDatabase(now))
                    .param("p", principal)
                    .param("h", hash)
                    .update();
            if (seen > 0) {
                return;
            }
            boolean first = jdbc.sql("SELECT COUNT(*) FROM sign_in_devices WHERE principal = :p")
                            .param("p", principal)
                            .query(Long.class)
                            .single()
                    == 0;
            jdbc.sql("INSERT INTO sign_in_devices (principal, device_hash, first_seen_at, last_seen_at)"
                            + " VALUES (:p, :h, :now, :now) ON CONFLICT DO NOTHING")
                    .param("p", principal)
                    .param("h", hash)
                    .param("now", Timestamps.toDatabase(now))
                    .update();
            if (!first) {
                var locale = LocaleContextHolder.getLocale();
                Object[] args = {
                    person.auditName(),
                    formats.dateTime(now),
                    address,
                    agent == null ? "?" : agent.length() > 160 ? agent.substring(0, 160) : agent
                };
                outbox.enqueue(new Mail(
                        person.auditName(),
                        messages.getMessage("identity.device.subject", null, locale),
                        messages.getMessage("identity.device.body", args, locale),
                        "new-device"));
            }
        });
    }

    private static @Nullable String deviceOf(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        return Arrays.stream(cookies)
                .filter(c -> COOKIE.equals(c.getName())
                        && c.getValue() != null
                        && c.getValue().matches("[A-Za-z0-9]{32}"))
                .map(Cookie::getValue)
                .findFirst()
                .orElse(null);
    }
}
