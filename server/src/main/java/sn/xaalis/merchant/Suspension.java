package sn.xaalis.merchant;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Why and since when the operator suspended a merchant's live payments and payouts: a common cause the
 * pages name in their language, and the operator's own words, told to the merchant as written.
 *
 * @param reason the operator's words; null when suspended through the admin API without a body
 * @param by who suspended it (an operator's address or a token's name); null when not known
 * @param mailLanguage the language of the e-mails that tell the merchant
 */
public record Suspension(
        Instant since, Cause cause, @Nullable String reason, @Nullable String by, Locale mailLanguage) {

    /** The most the operator's words may hold. */
    public static final int REASON_MAX = 500;

    /** The causes the console offers first; {@link #OTHER} when the operator's words say it all. */
    public enum Cause {
        DOCUMENTS,
        COMPLAINTS,
        FRAUD,
        UNPAID,
        REQUEST,
        OTHER;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Cause> fromValue(@Nullable String value) {
            return value == null
                    ? Optional.empty()
                    : List.of(values()).stream()
                            .filter(c -> c.value().equals(value.strip()))
                            .findFirst();
        }
    }

    /**
     * What is wrong with the operator's words, if anything: a message key ({@code blank}, {@code long}).
     * Blank counts as missing: a merchant told "suspended" deserves a reason.
     */
    public static Optional<String> reasonProblem(@Nullable String reason) {
        if (reason == null || reason.isBlank()) {
            return Optional.of("blank");
        }
        return reason.strip().length() > REASON_MAX ? Optional.of("long") : Optional.empty();
    }

    /** The e-mails' language: French unless English was asked for. */
    public static Locale mailLanguage(@Nullable String code) {
        return "en".equalsIgnoreCase(code == null ? "" : code.strip()) ? Locale.ENGLISH : Locale.FRENCH;
    }
}
