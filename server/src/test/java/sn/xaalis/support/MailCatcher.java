package sn.xaalis.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real SMTP server in the test's process (GreenMail) on a fixed port, so that a server stopped and
 * started again is where the service sends; a test class holds one in a static field, points the
 * service at it from its {@code @DynamicPropertySource} with {@link #register}, and reads what arrived.
 */
public final class MailCatcher {

    private final GreenMail smtp = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    public MailCatcher() {
        smtp.start();
    }

    public GreenMail smtp() {
        return smtp;
    }

    /** The service's mail settings for this server (its own test context, so its own database). */
    public void register(DynamicPropertyRegistry registry) {
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", () -> smtp.getSmtp().getPort());
        registry.add("xaalis.mail.from", () -> "Xaalis <no-reply@xaalis.test>");
    }

    public void stop() {
        smtp.stop();
    }

    public List<MimeMessage> mailsTo(String to) {
        return Arrays.stream(smtp.getReceivedMessages())
                .filter(m -> {
                    try {
                        return Arrays.toString(m.getAllRecipients()).contains(to);
                    } catch (MessagingException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .toList();
    }

    /** The first e-mail to {@code to}, waiting up to 15 s for the outbox to send it. */
    public MimeMessage awaitMail(String to) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            List<MimeMessage> mails = mailsTo(to);
            if (!mails.isEmpty()) {
                return mails.getFirst();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no e-mail to " + to);
    }

    /** The first e-mail to {@code to} whose subject holds {@code subject}, waiting up to 15 s. */
    public MimeMessage awaitMail(String to, String subject) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            for (MimeMessage mail : mailsTo(to)) {
                try {
                    if (String.valueOf(mail.getSubject()).contains(subject)) {
                        return mail;
                    }
                } catch (MessagingException e) {
                    throw new IllegalStateException(e);
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no e-mail to " + to + " about " + subject);
    }

    /** The number of e-mails to {@code to} whose subject holds {@code subject}. */
    public long count(String to, String subject) {
        return mailsTo(to).stream()
                .filter(mail -> {
                    try {
                        return String.valueOf(mail.getSubject()).contains(subject);
                    } catch (MessagingException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .count();
    }

    /** The link to {@code path} (followed by a token) in an e-mail's decoded body: the raw one may fold it. */
    public static String link(MimeMessage mail, String path) throws MessagingException, IOException {
        String body = String.valueOf(mail.getContent());
        Matcher link = Pattern.compile("https?://\\S+" + Pattern.quote(path) + "[A-Za-z0-9]+")
                .matcher(body);
        assertThat(link.find()).as(body).isTrue();
        return link.group();
    }

    /** An e-mail's decoded text. */
    public static String bodyOf(MimeMessage mail) throws MessagingException, IOException {
        return String.valueOf(mail.getContent());
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
