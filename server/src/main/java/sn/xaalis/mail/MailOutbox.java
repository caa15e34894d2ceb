package sn.xaalis.mail;

import java.time.Clock;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/** Where e-mails are written, in the caller's transaction: sent after it commits, never if it does not. */
@Component
public class MailOutbox {

    private final JdbcClient jdbc;
    private final Clock clock;

    MailOutbox(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public void enqueue(Mail mail) {
        var now = Timestamps.toDatabase(Timestamps.truncate(clock.instant()));
        jdbc.sql("INSERT INTO mail_outbox (id, recipient, subject, body, kind, attempts, created_at, next_attempt_at)"
                        + " VALUES (:id, :to, :subject, :body, :kind, 0, :now, :now)")
                .param("id", RandomTokens.uuidV7(clock))
                .param("to", mail.recipient())
                .param("subject", mail.subject())
                .param("body", mail.body())
                .param("kind", mail.kind())
                .param("now", now)
                .update();
    }
}
