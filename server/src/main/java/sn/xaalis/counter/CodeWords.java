package sn.xaalis.counter;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.codepayment.CodeOutcome;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.provider.Provider;

/** A one-time code's outcome in the words of a shop assistant, who reads them to the customer. */
@Component
class CodeWords {

    static final String PROVIDER_MESSAGE_KEY_PREFIX = "provider.";
    static final String FIELD_MESSAGE_KEY_PREFIX = "counter.code.error.";
    private static final String REFUSED_MESSAGE_KEY = "counter.code.refused";
    private static final String AWAITING_MESSAGE_KEY = "counter.code.awaiting";
    private static final String BUSY_MESSAGE_KEY = "counter.code.busy";
    private static final String THROTTLED_MESSAGE_KEY = "counter.code.throttled";
    private static final String UNAVAILABLE_MESSAGE_KEY = "counter.code.unavailable";
    private static final String EXPIRED_MESSAGE_KEY = "counter.code.expired";
    private static final String NOT_BY_CODE_MESSAGE_KEY = "counter.code.notByCode";

    private final MessageSource messages;

    CodeWords(MessageSource messages) {
        this.messages = messages;
    }

    /** What the page says after a try: a message for the whole form and the fields' own, with the page's status. */
    record Said(@Nullable String message, boolean waiting, Map<String, String> fields, HttpStatus status) {}

    /** The words for an outcome that keeps the cashier on the code form; null when the page moves on. */
    @Nullable
    Said say(CodeOutcome outcome, Provider provider, Locale locale) {
        String name = messages.getMessage(PROVIDER_MESSAGE_KEY_PREFIX + provider.name(), null, locale);
        return switch (outcome) {
            case CodeOutcome.Finished finished -> null;
            case CodeOutcome.NotFound notFound -> null;
            case CodeOutcome.NotPayable notPayable ->
                notPayable.status() == PaymentStatus.EXPIRED
                        ? message(EXPIRED_MESSAGE_KEY, locale, HttpStatus.CONFLICT)
                        : null;
            case CodeOutcome.Awaiting awaiting ->
                new Said(
                        messages.getMessage(AWAITING_MESSAGE_KEY, new Object[] {name}, locale),
                        true,
                        Map.of(),
                        HttpStatus.ACCEPTED);
            case CodeOutcome.CodeRefused refused ->
                new Said(
                        messages.getMessage(REFUSED_MESSAGE_KEY, new Object[] {name, refused.triesLeft()}, locale),
                        false,
                        Map.of(),
                        HttpStatus.OK);
            case CodeOutcome.Invalid invalid -> {
                Map<String, String> fields = new LinkedHashMap<>();
                invalid.fields()
                        .forEach(field ->
                                fields.put(field, messages.getMessage(FIELD_MESSAGE_KEY_PREFIX + field, null, locale)));
                yield new Said(null, false, fields, HttpStatus.BAD_REQUEST);
            }
            case CodeOutcome.Busy busy ->
                new Said(
                        messages.getMessage(BUSY_MESSAGE_KEY, new Object[] {name}, locale),
                        true,
                        Map.of(),
                        HttpStatus.CONFLICT);
            case CodeOutcome.Throttled throttled ->
                new Said(
                        messages.getMessage(
                                THROTTLED_MESSAGE_KEY, new Object[] {throttled.retryAfterSeconds()}, locale),
                        false,
                        Map.of(),
                        HttpStatus.TOO_MANY_REQUESTS);
            case CodeOutcome.Unavailable unavailable ->
                new Said(
                        messages.getMessage(UNAVAILABLE_MESSAGE_KEY, new Object[] {name}, locale),
                        false,
                        Map.of(),
                        HttpStatus.SERVICE_UNAVAILABLE);
            case CodeOutcome.WrongProvider wrong -> message(NOT_BY_CODE_MESSAGE_KEY, locale, HttpStatus.CONFLICT);
        };
    }

    private Said message(String key, Locale locale, HttpStatus status) {
        return new Said(messages.getMessage(key, null, locale), false, Map.of(), status);
    }
}
