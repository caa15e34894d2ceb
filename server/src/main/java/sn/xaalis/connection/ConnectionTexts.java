package sn.xaalis.connection;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;

/**
 * What a connection's last check said, for a shop owner: the API keeps it in English
 * ({@code MOBILEMONEY_SN refused the client id or secret: invalid_client …}); the page says it in its
 * language, and shows apart, as a quotation, what the provider itself answered.
 */
@Component("connectionTexts")
public class ConnectionTexts {

    private static final String PROVIDER_MESSAGE_KEY_PREFIX = "provider.";
    private static final String SAYS_MESSAGE_KEY_PREFIX = "connections.says.";

    /** A sentence in the page's language, and the provider's own words or null. */
    public record Said(String sentence, @Nullable String providerWords) {}

    private record Shape(Pattern pattern, String key, boolean quotesProvider) {}

    private static final List<Shape> SHAPES = List.of(
            shape("(\\w+) refused the client id or secret: (.+)", "refusedSecret", true),
            shape("(\\w+) refused this account's credentials", "refusedCredentials", false),
            shape("(\\w+) refused the retailer PIN: (.+)", "pinRefused", true),
            shape("(\\w+) refused: (.+)", "refused", true),
            shape("(\\w+) accepted the API key", "keyAccepted", false),
            shape("(\\w+) sends merchant code (\\S+)'s notifications to this connection", "callbackFound", false),
            shape(
                    "(\\w+) has no callback to this connection's address for merchant code (\\S+);"
                            + " save the connection again to register it",
                    "callbackMissing",
                    false),
            shape("(\\w+) is not available \\(HTTP (\\d+)\\); try again", "unavailable", false),
            shape("(\\w+) is not reachable \\((.+)\\); try again", "unreachable", true),
            shape("(\\w+) cannot be reached: the operator has not configured its address", "notConfigured", false),
            shape("(\\w+) answered the token request without a token", "noToken", false));

    private static final Pattern PIN_REFUSED =
            Pattern.compile("was refused by the operator \\((.+)\\); nothing was saved");

    private final MessageSource messages;

    ConnectionTexts(MessageSource messages) {
        this.messages = messages;
    }

    public Said said(@Nullable String statusMessage) {
        if (statusMessage == null || statusMessage.isBlank()) {
            return new Said("", null);
        }
        Locale locale = LocaleContextHolder.getLocale();
        for (Shape shape : SHAPES) {
            Matcher m = shape.pattern().matcher(statusMessage);
            if (m.matches()) {
                String provider =
                        messages.getMessage(PROVIDER_MESSAGE_KEY_PREFIX + m.group(1), null, m.group(1), locale);
                String second = m.groupCount() > 1 ? m.group(2) : null;
                // with a default message given, getMessage never answers null
                String sentence = Objects.requireNonNull(messages.getMessage(
                        SAYS_MESSAGE_KEY_PREFIX + shape.key(), new Object[] {provider, second}, statusMessage, locale));
                return new Said(sentence, shape.quotesProvider() ? second : null);
            }
        }
        return new Said(
                Objects.requireNonNull(messages.getMessage("connections.says.other", null, "", locale)), statusMessage);
    }

    /**
     * A field's error that quotes the provider (the retailer PIN refused when tried: see {@link
     * ConnectionRequest#pinRefused}), its sentence in the page's language and the provider's words apart;
     * null for any other error, which the pages' own error texts say.
     */
    public @Nullable Said fieldError(String message) {
        Matcher m = PIN_REFUSED.matcher(message);
        if (!m.matches()) {
            return null;
        }
        String sentence = Objects.requireNonNull(
                messages.getMessage("connections.pinWrong", null, message, LocaleContextHolder.getLocale()));
        return new Said(sentence, m.group(1));
    }

    private static Shape shape(String regex, String key, boolean quotesProvider) {
        return new Shape(Pattern.compile(regex), key, quotesProvider);
    }
}
