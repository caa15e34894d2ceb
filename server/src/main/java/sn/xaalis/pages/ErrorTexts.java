package sn.xaalis.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;

/**
 * The API's field errors (English, part of the contract) in the page's language. A message is looked
 * up by its shape: {@code must be 10 to 128 characters} is the key {@code error.must-be-n-to-n-characters}
 * with the numbers as arguments, and a detail in parentheses (an address) is kept as an argument. A
 * message with no translation is shown as it is.
 */
@Component("errorTexts")
public class ErrorTexts {

    private static final Pattern DETAIL = Pattern.compile("\\(([^)]*)\\)");
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    /** A detail saying what an address is: {@code 192.168.1.10 is private}, {@code localhost is a local name}. */
    private static final Pattern ADDRESS_KIND = Pattern.compile("(\\S+) is (.+)");

    private static final String FIELD_MESSAGE_KEY_PREFIX = "field.";
    private static final String DETAIL_MESSAGE_KEY_PREFIX = "error.detail.";
    private static final String ERROR_MESSAGE_KEY_PREFIX = "error.";

    private final MessageSource messages;

    ErrorTexts(MessageSource messages) {
        this.messages = messages;
    }

    /** A field's label and its error, e.g. {@code URL du webhook : doit être une URL…}. */
    public String field(String field, String message) {
        Locale locale = LocaleContextHolder.getLocale();
        String label = messages.getMessage(FIELD_MESSAGE_KEY_PREFIX + field, null, field, locale);
        String fallback = label + " " + message;
        return Objects.requireNonNullElse(
                messages.getMessage("error.field", new Object[] {label, text(message)}, fallback, locale), fallback);
    }

    /** The error alone, translated when its shape is known. */
    public String text(String message) {
        if (message == null) {
            return "";
        }
        List<Object> args = new ArrayList<>();
        StringBuilder shape = new StringBuilder();
        Matcher detail = DETAIL.matcher(message);
        int last = 0;
        while (detail.find()) {
            shape.append(numbers(message.substring(last, detail.start()), args)).append(" x ");
            args.add(detail(detail.group(1)));
            last = detail.end();
        }
        shape.append(numbers(message.substring(last), args));
        String key = ERROR_MESSAGE_KEY_PREFIX + slug(shape.toString());
        return Objects.requireNonNullElse(
                messages.getMessage(key, args.toArray(), message, LocaleContextHolder.getLocale()), message);
    }

    /** What an address is ({@code localhost is a local name}) in the page's language; else as it is. */
    public String detail(String detail) {
        Matcher kind = ADDRESS_KIND.matcher(detail);
        if (!kind.matches()) {
            return detail;
        }
        return Objects.requireNonNullElse(
                messages.getMessage(
                        DETAIL_MESSAGE_KEY_PREFIX + slug(kind.group(2)),
                        new Object[] {kind.group(1)},
                        detail,
                        LocaleContextHolder.getLocale()),
                detail);
    }

    /** A stored English text as the last part of a message key: {@code unknown host} → {@code unknown-host}. */
    public static String slug(String shape) {
        return shape.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "-").replaceAll("^-|-$", "");
    }

    private static String numbers(String part, List<Object> args) {
        Matcher number = NUMBER.matcher(part);
        StringBuilder out = new StringBuilder();
        while (number.find()) {
            args.add(number.group());
            number.appendReplacement(out, " n ");
        }
        number.appendTail(out);
        return out.toString();
    }
}
