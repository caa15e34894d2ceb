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
                        ? said(EXPIRED_MESSAGE_KEY, false, HttpStatus.CONFLICT, locale)
                        : null;
            case CodeOutcome.Awaiting awaiting -> said(AWAITING_MESSAGE_KEY, true, HttpStatus.ACCEPTED, locale, name);
            case CodeOutcome.CodeRefused refused ->
                said(REFUSED_MESSAGE_KEY, false, HttpStatus.OK, locale, name, refused.triesLeft());
            case CodeOutcome.Invalid invalid -> {
                Map<String, String> fields = new LinkedHashMap<>();
                invalid.fields()
                        .forEach(field ->
                                fields.put(field, messages.getMessage(FIELD_MESSAGE_KEY_PREFIX + field, null, locale)));
                yield new Said(null, false, fields, HttpStatus.BAD_REQUEST);
            }
            case CodeOutcome.Busy busy -> said(BUSY_MESSAGE_KEY, true, HttpStatus.CONFLICT, locale, name);
            case CodeOutcome.Throttled throttled ->
                said(THROTTLED_MESSAGE_KEY, false, HttpStatus.TOO_MANY_REQUESTS, locale, throttled.retryAfterSeconds());
            case CodeOutcome.Unavailable unavailable ->
                said(UNAVAILABLE_MESSAGE_KEY, false, HttpStatus.SERVICE_UNAVAILABLE, locale, name);
            case CodeOutcome.WrongProvider wrong -> said(NOT_BY_CODE_MESSAGE_KEY, false, HttpStatus.CONFLICT, locale);
        };
    }

    /** A message for the whole form; {@code waiting} while the operator has yet to answer. */
    private Said said(String key, boolean waiting, HttpStatus status, Locale locale, Object... args) {
        String message = messages.getMessage(key, args.length == 0 ? null : args, locale);
        return new Said(message, waiting, Map.of(), status);
    }
}
