package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Amounts;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;

/**
 * The rules of a new link. Amounts follow the payment's own rules (D2) for every provider offered,
 * so that whatever the customer picks, the payment's initiation accepts the link's amount.
 */
@Component
class LinkRules {

    /** The highest hourly cap a merchant may set on a link (what it guards against: a flood at the provider). */
    static final int MAX_PAYMENTS_PER_HOUR = 100_000;

    static final int MAX_DESCRIPTION = 500;
    static final Duration MAX_LIFETIME = Duration.ofDays(3653);

    private final PaymentProperties properties;
    private final PaymentProviders providers;
    private final Clock clock;

    LinkRules(PaymentProperties properties, PaymentProviders providers, Clock clock) {
        this.properties = properties;
        this.providers = providers;
        this.clock = clock;
    }

    /** A link that passed every rule, with the defaults applied. */
    record Terms(
            @Nullable BigDecimal amount,
            @Nullable BigDecimal minAmount,
            @Nullable BigDecimal maxAmount,
            String currency,
            @Nullable String description,
            Set<Provider> providers,
            boolean singleUse,
            @Nullable Instant expiresAt,
            @Nullable Integer maxPaymentsPerHour) {}

    /** A link refused, field by field. */
    static final class Refused extends RuntimeException {
        private final transient Map<String, List<Problem>> problems;

        Refused(Map<String, List<Problem>> problems) {
            super("Invalid link: " + String.join(", ", problems.keySet()), null, false, false);
            this.problems = problems;
        }

        Map<String, List<Problem>> problems() {
            return problems;
        }
    }

    /** The terms of the link, or {@link Refused} with every problem found. */
    Terms check(Caller owner, LinkDraft draft) {
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        draft.shapeProblems().forEach((field, list) -> list.forEach(problem -> add(problems, field, problem)));
        Set<Provider> offered = offered(owner, draft.providers(), problems);
        Priced priced = priced(draft, offered, problems);
        String currency = currency(draft.currency(), problems);
        checkDescription(draft.description(), problems);
        Instant expiresAt = expiresAt(draft.expiresAt(), problems);
        Integer cap = draft.maxPaymentsPerHour();
        if (cap != null && (cap < 1 || cap > MAX_PAYMENTS_PER_HOUR)) {
            add(
                    problems,
                    "max_payments_per_hour",
                    Problem.of("cap.range", "must be 1 to " + MAX_PAYMENTS_PER_HOUR, MAX_PAYMENTS_PER_HOUR));
        }
        if (!problems.isEmpty()) {
            throw new Refused(problems);
        }
        return new Terms(
                priced.amount(),
                priced.min(),
                priced.max(),
                currency,
                draft.description(),
                offered,
                Boolean.TRUE.equals(draft.singleUse()),
                expiresAt,
                cap);
    }

    /** A fixed amount, or else a range the customer chooses in; the others are null. */
    private record Priced(@Nullable BigDecimal amount, @Nullable BigDecimal min, @Nullable BigDecimal max) {}

    private Priced priced(LinkDraft draft, Set<Provider> offered, Map<String, List<Problem>> problems) {
        boolean anyAmount = present(draft.amount(), "amount", problems);
        boolean anyMin = present(draft.minAmount(), "min_amount", problems);
        boolean anyMax = present(draft.maxAmount(), "max_amount", problems);
        if (anyAmount) {
            if (anyMin || anyMax) {
                add(problems, "amount", Problem.of("amount.both", "must not be sent with min_amount or max_amount"));
                return new Priced(null, null, null);
            }
            return new Priced(amount("amount", draft.amount(), offered, problems), null, null);
        }
        if (!anyMin && !anyMax) {
            add(problems, "amount", Problem.of("amount.missing", "is required, or else min_amount and max_amount"));
            return new Priced(null, null, null);
        }
        if (!anyMin) {
            add(problems, "min_amount", Problem.of("min.missing", "is required with max_amount"));
        }
        if (!anyMax) {
            add(problems, "max_amount", Problem.of("max.missing", "is required with min_amount"));
        }
        BigDecimal min = amount("min_amount", draft.minAmount(), offered, problems);
        BigDecimal max = amount("max_amount", draft.maxAmount(), offered, problems);
        if (min != null && max != null && max.compareTo(min) < 0) {
            add(problems, "max_amount", Problem.of("max.belowMin", "must not be less than min_amount"));
        }
        return new Priced(null, min, max);
    }

    private String currency(@Nullable String named, Map<String, List<Problem>> problems) {
        String currency = named == null ? "XOF" : named;
        if (!problems.containsKey("currency") && !properties.currencies().contains(currency)) {
            String allowed = String.join(", ", properties.currencies());
            add(problems, "currency", Problem.of("currency", "must be one of " + allowed, allowed));
        }
        return currency;
    }

    private static void checkDescription(@Nullable String description, Map<String, List<Problem>> problems) {
        int length = description == null ? 0 : description.codePointCount(0, description.length());
        if (length > MAX_DESCRIPTION) {
            // The length written goes with the limit: a form's user sees how much to cut.
            add(
                    problems,
                    "description",
                    Problem.of(
                            "description.long",
                            "must be at most " + MAX_DESCRIPTION + " characters",
                            MAX_DESCRIPTION,
                            length));
        }
    }

    /** The providers offered: those named, else every one active for the application (and usable in live). */
    private Set<Provider> offered(Caller owner, @Nullable List<String> names, Map<String, List<Problem>> problems) {
        Set<Provider> offered = EnumSet.noneOf(Provider.class);
        Environment env = owner.environment();
        if (problems.containsKey("providers")) {
            return offered;
        }
        if (names == null) {
            owner.providers().stream().filter(p -> usable(owner, p)).forEach(offered::add);
            if (offered.isEmpty()) {
                add(
                        problems,
                        "providers",
                        Problem.of(
                                "providers.none",
                                "no provider is activated for this application in " + env,
                                env.value()));
            }
            return offered;
        }
        if (names.isEmpty()) {
            add(problems, "providers", Problem.of("providers.empty", "must name at least one provider"));
        }
        for (String name : names) {
            Provider provider = Provider.fromName(name).orElse(null);
            if (provider == null) {
                add(problems, "providers", Problem.of("providers.unknown", "must be one of WALLET_SN, MOBILEMONEY_SN"));
                continue;
            }
            Problem problem = unavailable(owner, provider);
            if (problem == null) {
                offered.add(provider);
            } else {
                add(problems, "providers", problem);
            }
        }
        return offered;
    }

    /** Why the application may not offer this provider, or null when it may. */
    private @Nullable Problem unavailable(Caller owner, Provider provider) {
        Environment env = owner.environment();
        if (!owner.providers().contains(provider)) {
            return Problem.of(
                    "providers.inactive",
                    provider + " is not activated for this application in " + env,
                    provider.name(),
                    env.value());
        }
        if (!usable(owner, provider)) {
            return Problem.of(
                    "providers.notLive",
                    providers.availability(owner.applicationId(), provider).explain(provider),
                    provider.name());
        }
        return null;
    }

    private boolean usable(Caller owner, Provider provider) {
        return owner.environment() != Environment.LIVE || providers.liveAvailable(owner.applicationId(), provider);
    }

    private static boolean present(
            LinkDraft.@Nullable AmountText text, String field, Map<String, List<Problem>> problems) {
        return text != null || problems.containsKey(field);
    }

    /** Valid for every provider offered: the lowest maximum, whole values when MOBILEMONEY_SN is one. */
    private @Nullable BigDecimal amount(
            String field,
            LinkDraft.@Nullable AmountText text,
            Set<Provider> offered,
            Map<String, List<Problem>> problems) {
        if (text == null || problems.containsKey(field)) {
            return null;
        }
        List<Provider> each = offered.isEmpty() ? Collections.singletonList(null) : new ArrayList<>(offered);
        BigDecimal value = null;
        for (Provider provider : each) {
            BigDecimal maximum = properties.maxAmount(provider);
            boolean wholeOnly = provider != null && provider.wholeAmountsOnly();
            Amounts.Parsed parsed = Amounts.parse(text.text(), text.quoted(), maximum, wholeOnly);
            if (parsed instanceof Amounts.Parsed.Invalid invalid) {
                String code = "amount." + invalid.rule().name().toLowerCase(Locale.ROOT);
                add(problems, field, Problem.of(code, invalid.reason(), maximum));
                return null;
            }
            value = ((Amounts.Parsed.Valid) parsed).value();
        }
        return value;
    }

    private @Nullable Instant expiresAt(@Nullable String text, Map<String, List<Problem>> problems) {
        if (text == null || problems.containsKey("expires_at")) {
            return null;
        }
        Instant at;
        try {
            at = Timestamps.truncate(Instant.parse(text));
        } catch (DateTimeParseException e) {
            add(
                    problems,
                    "expires_at",
                    Problem.of(
                            "expires.format",
                            "must be an ISO 8601 timestamp with a time zone, such as 2026-12-31T23:59:59Z"));
            return null;
        }
        Instant now = clock.instant();
        if (!at.isAfter(now)) {
            add(problems, "expires_at", Problem.of("expires.past", "must be in the future"));
        } else if (at.isAfter(now.plus(MAX_LIFETIME))) {
            add(problems, "expires_at", Problem.of("expires.far", "must be within 10 years"));
        }
        return at;
    }

    static void add(Map<String, List<Problem>> problems, String field, Problem problem) {
        List<Problem> list = problems.computeIfAbsent(field, f -> new ArrayList<>());
        if (!list.contains(problem)) {
            list.add(problem);
        }
    }
}
