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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * A real SMTP server in the test's process (GreenMail) on a fixed port, so that a server stopped and
 * started again is where the service sends. One serves the whole run ({@link #shared}): every test
 * context sends to it ({@link Initializer}, in {@link IntegrationTest}), so that the tests reading
 * e-mails share the one context the others use instead of each booting its own; they tell their
 * e-mails apart by their own recipients' addresses.
 */
public final class MailCatcher {

    private static final MailCatcher SHARED = new MailCatcher();

    private final GreenMail smtp = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    private MailCatcher() {
        smtp.start();
    }

    /** The run's SMTP server, where every test context sends. */
    public static MailCatcher shared() {
        return SHARED;
    }

    public GreenMail smtp() {
        return smtp;
    }

    /** Points every test context's mail at the run's server. */
    public static final class Initializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            // A context that is the default run (no SMTP server: e-mails kept for the console) says so.
            if ("none".equals(context.getEnvironment().getProperty("xaalis.test.mail"))) {
                return;
            }
            context.getEnvironment()
                    .getPropertySources()
                    .addFirst(new MapPropertySource(
                            "test-mail",
                            Map.of(
                                    "spring.mail.host",
                                    "127.0.0.1",
                                    "spring.mail.port",
                                    SHARED.smtp.getSmtp().getPort(),
                                    "xaalis.mail.from",
                                    "Xaalis <no-reply@xaalis.test>")));
        }
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
        return awaitMail(to, "");
    }

    /** The first e-mail to {@code to} whose subject holds {@code subject}, waiting up to 15 s. */
    public MimeMessage awaitMail(String to, String subject) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            List<MimeMessage> mails = about(to, subject);
            if (!mails.isEmpty()) {
                return mails.getFirst();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no e-mail to " + to + (subject.isEmpty() ? "" : " about " + subject));
    }

    /** The number of e-mails to {@code to} whose subject holds {@code subject}. */
    public long count(String to, String subject) {
        return about(to, subject).size();
    }

    private List<MimeMessage> about(String to, String subject) {
        return mailsTo(to).stream()
                .filter(mail -> {
                    try {
                        return String.valueOf(mail.getSubject()).contains(subject);
                    } catch (MessagingException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .toList();
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
