package sn.xaalis.mail;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The SMTP server itself is Spring Boot's {@code spring.mail.*} (host, port, username, password,
 * properties); without {@code spring.mail.host} e-mails wait in the outbox, which the operator console
 * shows as its mailbox ({@link Mailbox}).
 *
 * @param from the sender of every e-mail ({@code Xaalis <no-reply@example.com>})
 * @param interval how often each node sends what waits
 * @param maxAttempts attempts before an e-mail is given up (the waits double from a minute, up to an hour)
 */
@ConfigurationProperties("xaalis.mail")
public record MailProperties(
        @DefaultValue("Xaalis <no-reply@xaalis.invalid>") String from,
        @DefaultValue("PT1S") Duration interval,
        @DefaultValue("12") int maxAttempts) {

    public MailProperties {
        if (interval == null || !interval.isPositive()) {
            throw new IllegalArgumentException("xaalis.mail.interval must be positive, not " + interval);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("xaalis.mail.max-attempts must be at least 1, not " + maxAttempts);
        }
    }
}
