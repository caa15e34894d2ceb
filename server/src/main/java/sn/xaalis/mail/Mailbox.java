package sn.xaalis.mail;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.StartBanner;
import sn.xaalis.platform.Timestamps;

/**
 * Whether e-mails can leave this installation, and, when they cannot (no SMTP server configured, as in the
 * embedded demo), the mailbox that keeps them: the outbox's waiting e-mails, whole, for the operator
 * console to show. Pages say "not configured yet" rather than "sent" from {@link #mailLeaves()}.
 */
@Component
@Order(20)
public class Mailbox implements StartBanner {

    /** Where the console shows the mailbox. */
    public static final String CONSOLE_PATH = "/operator/mail";

    private static final Pattern LINK = Pattern.compile("https?://\\S+");

    private final JdbcClient jdbc;
    private final ObjectProvider<JavaMailSender> senders;
    private final PublicBaseUrl baseUrl;

    Mailbox(JdbcClient jdbc, ObjectProvider<JavaMailSender> senders, PublicBaseUrl baseUrl) {
        this.jdbc = jdbc;
        this.senders = senders;
        this.baseUrl = baseUrl;
    }

    /** An e-mail kept here, as written: its links are this node's absolute addresses. */
    public record KeptMail(UUID id, String recipient, String subject, String body, String kind, Instant createdAt) {

        /** The body cut into text and links, for a page to make the links clickable. */
        public List<Piece> pieces() {
            List<Piece> pieces = new ArrayList<>();
            Matcher link = LINK.matcher(body);
            int at = 0;
            while (link.find()) {
                if (link.start() > at) {
                    pieces.add(new Piece(body.substring(at, link.start()), false));
                }
                pieces.add(new Piece(link.group(), true));
                at = link.end();
            }
            if (at < body.length()) {
                pieces.add(new Piece(body.substring(at), false));
            }
            return pieces;
        }

        @Override
        public String toString() {
            // The body may hold a single-use link: never in a log.
            return "KeptMail[" + kind + "]";
        }
    }

    public record Piece(String text, boolean link) {}

    /** True when an SMTP server is configured ({@code spring.mail.host}): e-mails leave through the outbox. */
    public boolean mailLeaves() {
        return senders.getIfAvailable() != null;
    }

    /** The latest kept e-mails, newest first; none when e-mails leave (the outbox then sends and forgets). */
    public List<KeptMail> kept(int limit) {
        if (mailLeaves()) {
            return List.of();
        }
        return jdbc.sql("SELECT id, recipient, subject, body, kind, created_at FROM mail_outbox"
                        + " WHERE sent_at IS NULL AND body IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT :limit")
                .param("limit", limit)
                .query((rs, n) -> new KeptMail(
                        rs.getObject("id", UUID.class),
                        rs.getString("recipient"),
                        rs.getString("subject"),
                        rs.getString("body"),
                        rs.getString("kind"),
                        Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class))))
                .list();
    }

    @Override
    public List<Line> bannerLines() {
        return List.of(new Line(
                "E-mail",
                mailLeaves()
                        ? "sent through the SMTP server (spring.mail.host)"
                        : "no SMTP server configured: nothing leaves; read e-mails in the console, " + baseUrl.value()
                                + CONSOLE_PATH));
    }
}
