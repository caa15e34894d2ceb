package sn.xaalis.portal;

import java.time.ZoneId;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.pages.ErrorTexts;
import sn.xaalis.pages.Formats;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.webhook.NotificationView;

/**
 * A webhook notification's state and errors in the page's language. They are stored in English, as the
 * API shows them ({@code RETRY unknown host}); a shop owner reads "Injoignable : nom de domaine
 * introuvable." An error this does not know is shown as it is, inside a sentence that says it is one.
 */
@Component("deliveryTexts")
public class DeliveryTexts {

    private static final Pattern HTTP = Pattern.compile("HTTP (\\d{3})");
    private static final String BLOCKED = "blocked: ";

    private final MessageSource messages;
    private final ErrorTexts errors;
    private final Formats formats;

    DeliveryTexts(MessageSource messages, ErrorTexts errors, Formats formats) {
        this.messages = messages;
        this.errors = errors;
        this.formats = formats;
    }

    /** PENDING, DELIVERED, FAILED, UNDELIVERABLE in words. */
    public String state(String state) {
        return message("delivery.state." + state, state);
    }

    /** Why an attempt failed: {@code unknown host}, {@code HTTP 500}, {@code blocked: …}. */
    public String reason(@Nullable String error) {
        if (error == null || error.isBlank()) {
            return "";
        }
        Matcher http = HTTP.matcher(error);
        if (http.matches()) {
            return message("delivery.error.http", error, http.group(1));
        }
        if (error.startsWith(BLOCKED)) {
            String why = error.substring(BLOCKED.length());
            return message("delivery.error.blocked", error, why.contains("(") ? errors.text(why) : errors.detail(why));
        }
        return message("delivery.error." + ErrorTexts.slug(error), message("delivery.error.other", error, error));
    }

    /**
     * What became of a notification, in one sentence: sending, received (status), refused (status),
     * unreachable (why), not sent (why), and when the next attempt is due if one is.
     */
    public String outcome(NotificationView notification, ZoneId zone) {
        var attempts = notification.attemptLog();
        var last = attempts.isEmpty() ? null : attempts.getLast();
        String sentence;
        if (last == null) {
            sentence = "PENDING".equals(notification.state())
                    ? message("delivery.outcome.sending", "")
                    : message("delivery.outcome.notSent", "", reason(notification.lastError()));
        } else if (last.statusCode() != null && last.statusCode() / 100 == 2) {
            sentence = message("delivery.outcome.received", "", last.statusCode());
        } else if (last.statusCode() != null) {
            sentence = message("delivery.outcome.refused", "", last.statusCode());
        } else {
            sentence = message("delivery.outcome.unreachable", "", reason(last.error()));
        }
        if (last != null && "PENDING".equals(notification.state()) && notification.nextAttemptAt() != null) {
            sentence +=
                    " " + message("delivery.outcome.retry", "", formats.dateTime(notification.nextAttemptAt(), zone));
        }
        return sentence;
    }

    /** Whether {@link #outcome} will still change on its own before the next attempt: nothing tried yet. */
    private static boolean awaited(NotificationView notification) {
        return notification.attemptLog().isEmpty() && "PENDING".equals(notification.state());
    }

    /** Where the page's script asks again while the test event's first attempt is awaited, else null. */
    static @Nullable String follow(ApplicationId applicationId, @Nullable NotificationView lastTest) {
        return lastTest != null && awaited(lastTest)
                ? "/portal/applications/" + applicationId + "/webhooks/last-test"
                : null;
    }

    private String message(String key, String fallback, Object... args) {
        return Objects.requireNonNullElse(
                messages.getMessage(key, args, fallback, LocaleContextHolder.getLocale()), fallback);
    }
}
