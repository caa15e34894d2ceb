package sn.xaalis.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.Timestamps;

/**
 * Sends what waits in the outbox, on every node (rows are claimed with {@code FOR UPDATE SKIP LOCKED}
 * and pushed out of the others' way before the SMTP server is called, so no request thread waits on
 * it and no two nodes send one e-mail). A failure is tried again later, waits doubling from a minute.
 */
@Component
class MailSending {

    private static final Logger log = LoggerFactory.getLogger(MailSending.class);
    private static final int BATCH = 20;
    /** How long a claimed e-mail is out of other nodes' way: a node dying mid-send leaves it for later. */
    private static final Duration CLAIM = Duration.ofMinutes(5);

    private static final Duration LONGEST_WAIT = Duration.ofHours(1);

    private record Waiting(UUID id, String recipient, String subject, String body, int attempts) {}

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final ObjectProvider<JavaMailSender> senders;
    private final MailProperties properties;
    private final Clock clock;
    private final AtomicBoolean warned = new AtomicBoolean();

    MailSending(
            JdbcClient jdbc,
            TransactionTemplate transactions,
            ObjectProvider<JavaMailSender> senders,
            MailProperties properties,
            Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.senders = senders;
        this.properties = properties;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob mailSendingJob(MailSending sending, MailProperties properties) {
        return PeriodicJob.every(properties.interval(), "mail-sending", sending::send);
    }

    /** One pass: up to a batch of due e-mails; returns how many were handed to the SMTP server. */
    int send() {
        JavaMailSender sender = senders.getIfAvailable();
        if (sender == null) {
            if (warned.compareAndSet(false, true)) {
                log.warn(
                        "No SMTP server configured (spring.mail.host): e-mails are kept in the operator console's"
                                + " mailbox ({}) and leave once a server is configured",
                        Mailbox.CONSOLE_PATH);
            }
            return 0;
        }
        Instant now = clock.instant();
        List<Waiting> due = transactions.execute(tx -> {
            List<Waiting> locked = jdbc.sql(
                            "SELECT id, recipient, subject, body, attempts FROM mail_outbox"
                                    + " WHERE next_attempt_at <= :now ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED")
                    .param("now", Timestamps.toDatabase(now))
                    .param("limit", BATCH)
                    .query((rs, n) -> new Waiting(
                            rs.getObject("id", UUID.class),
                            rs.getString("recipient"),
                            rs.getString("subject"),
                            String.valueOf(rs.getString("body")),
                            rs.getInt("attempts")))
                    .list();
            for (Waiting mail : locked) {
                schedule(mail.id(), now.plus(CLAIM));
            }
            return locked;
        });
        int sent = 0;
        for (Waiting mail : due == null ? List.<Waiting>of() : due) {
            try {
                sender.send(message(sender, mail));
                jdbc.sql("UPDATE mail_outbox SET sent_at = :now, next_attempt_at = NULL, body = NULL,"
                                + " attempts = attempts + 1, last_error = NULL WHERE id = :id")
                        .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                        .param("id", mail.id())
                        .update();
                sent++;
            } catch (MailException | MessagingException e) {
                failed(mail, e);
            }
        }
        return sent;
    }

    private MimeMessage message(JavaMailSender sender, Waiting mail) throws MessagingException {
        MimeMessage message = sender.createMimeMessage();
        MimeMessageHelper helper = new MimeMessageHelper(message, false, "UTF-8");
        helper.setFrom(properties.from());
        helper.setTo(mail.recipient());
        helper.setSubject(mail.subject());
        helper.setText(mail.body(), false);
        return message;
    }

    private void failed(Waiting mail, Exception e) {
        int attempts = mail.attempts() + 1;
        // The SMTP server's words, without the recipient: enough for the operator to fix its settings.
        String why = e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage());
        boolean givenUp = attempts >= properties.maxAttempts();
        Duration wait = Duration.ofMinutes(1).multipliedBy(1L << Math.min(attempts - 1, 10));
        jdbc.sql("UPDATE mail_outbox SET attempts = :attempts, last_error = :why, next_attempt_at = :next,"
                        + " body = CASE WHEN :givenUp THEN NULL ELSE body END WHERE id = :id")
                .param("attempts", attempts)
                .param("why", why.length() > 500 ? why.substring(0, 500) : why)
                .param(
                        "next",
                        givenUp ? null : Timestamps.toDatabase(clock.instant().plus(min(wait, LONGEST_WAIT))))
                .param("givenUp", givenUp)
                .param("id", mail.id())
                .update();
        log.warn(
                "E-mail {} ({}) not sent, attempt {}{}: {}",
                mail.id(),
                mail.subject().length() > 40 ? mail.subject().substring(0, 40) : mail.subject(),
                attempts,
                givenUp ? ", given up" : "",
                why);
    }

    private void schedule(UUID id, Instant at) {
        jdbc.sql("UPDATE mail_outbox SET next_attempt_at = :at WHERE id = :id")
                .param("at", Timestamps.toDatabase(at))
                .param("id", id)
                .update();
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
