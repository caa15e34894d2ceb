package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Amounts;
import sn.xaalis.payment.InitiationRequest;
import sn.xaalis.payment.PaymentInitiation;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.ratelimit.Allowance;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * A customer paying through a link: the payment goes through the API's own initiation (its rules and
 * limits), carrying {@code {"payment_link": "<code>"}} as metadata (D22). A single-use link is claimed
 * in the database before the payment is initiated, and given back if that initiation fails.
 *
 * <p>The page is public, so it has budgets of its own (D29), never the merchant's API budget: per
 * client address, spent by every post, and per link, spent only by a valid form about to start a
 * payment, so that whoever holds a link can neither starve the merchant's API nor open more provider
 * sessions than the link allows.
 */
@Service
class LinkCheckout {

    /** The metadata field naming the link a payment was started from (read back by {@link LinkOrigins}). */
    static final String METADATA_KEY = "payment_link";

    private static final int MAX_CUSTOMER_NAME = 100;

    private final PaymentLinks links;
    private final ApplicationDirectory directory;
    private final PublicBudgets budgets;
    private final PublicLimits limits;
    private final PaymentInitiation initiation;
    private final PaymentProperties properties;
    private final PaymentProviders providers;
    private final Clock clock;

    LinkCheckout(
            PaymentLinks links,
            ApplicationDirectory directory,
            PublicBudgets budgets,
            PublicLimits limits,
            PaymentInitiation initiation,
            PaymentProperties properties,
            PaymentProviders providers,
            Clock clock) {
        this.links = links;
        this.directory = directory;
        this.budgets = budgets;
        this.limits = limits;
        this.initiation = initiation;
        this.properties = properties;
        this.providers = providers;
        this.clock = clock;
    }

    /** What the customer filled in; blank fields are null. */
    record Form(String provider, String amount, String customerPhone, String customerName) {}

    /** What became of the customer's attempt. */
    sealed interface Result {
        /** The payment exists: on to its hosted page. */
        record Started(String reference) implements Result {}

        /** The link takes no payment now (deactivated, expired, paid, or held by another payment). */
        record Closed(PaymentLink.State state) implements Result {}

        /** Fix the form: field by field. */
        record Refused(Map<String, List<Problem>> problems) implements Result {}

        /** The application's request budget is spent for now. */
        record Throttled(long retryAfterSeconds) implements Result {}

        /** The application cannot take payments at the moment (not live, provider or database down). */
        record Unavailable() implements Result {}
    }

    /** The providers a customer can choose now: those of the link still active for its application. */
    Set<Provider> offered(PaymentLink link, Caller caller) {
        Set<Provider> offered = EnumSet.noneOf(Provider.class);
        link.providers().stream()
                .filter(caller.providers()::contains)
                .filter(p ->
                        caller.environment() != Environment.LIVE || providers.liveAvailable(caller.applicationId(), p))
                .forEach(offered::add);
        return offered;
    }

    Optional<Caller> caller(PaymentLink link) {
        return directory.caller(link.applicationId(), link.environment());
    }

    /** @param clientAddress the customer's address, as trusted proxies gave it */
    Result pay(PaymentLink link, Form form, Locale locale, String clientAddress) {
        var byAddress = budgets.budget("link-payments-per-address", limits.linkPaymentsPerAddress())
                .spend(ClientAddresses.key(clientAddress));
        if (!byAddress.allowed()) {
            return new Result.Throttled(byAddress.retryAfterSeconds());
        }
        Instant now = clock.instant();
        PaymentLink.State state = link.state(now);
        if (state != PaymentLink.State.OPEN) {
            return new Result.Closed(state);
        }
        Caller caller = caller(link).orElse(null);
        if (caller == null || (caller.environment() == Environment.LIVE && !caller.liveApproved())) {
            return new Result.Unavailable();
        }
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        Provider provider = Provider.fromName(form.provider())
                .filter(offered(link, caller)::contains)
                .orElse(null);
        if (provider == null) {
            LinkRules.add(problems, "provider", Problem.of("pay.provider", "choose a payment method"));
        }
        String amount = amount(link, form.amount(), provider, locale, problems);
        String phone = CustomerInput.phone(form.customerPhone());
        if (phone != null && !CustomerInput.validPhone(phone)) {
            LinkRules.add(problems, "customer_phone", Problem.of("pay.phone", "is not a phone number"));
        }
        String name = form.customerName();
        if (name != null && name.codePointCount(0, name.length()) > MAX_CUSTOMER_NAME) {
            LinkRules.add(
                    problems,
                    "customer_name",
                    Problem.of("pay.name", "must be at most " + MAX_CUSTOMER_NAME + " characters", MAX_CUSTOMER_NAME));
        }
        if (!problems.isEmpty()) {
            return new Result.Refused(problems);
        }
        RateLimiter.Decision byLink = linkBudget(link);
        if (!byLink.allowed()) {
            return new Result.Throttled(byLink.retryAfterSeconds());
        }
        UUID paymentId = null;
        if (link.singleUse()) {
            paymentId = RandomTokens.uuidV7(clock);
            if (!links.claim(link.id(), paymentId, now)) {
                PaymentLink.State current = links.find(link.code())
                        .map(l -> l.state(clock.instant()))
                        .orElse(PaymentLink.State.DEACTIVATED);
                return new Result.Closed(current == PaymentLink.State.OPEN ? PaymentLink.State.IN_PROGRESS : current);
            }
        }
        var request = new InitiationRequest(
                provider.name(),
                amount,
                true,
                link.currency(),
                link.description(),
                phone,
                name,
                "{\"" + METADATA_KEY + "\":\"" + link.code() + "\"}",
                null,
                null,
                Map.of());
        try {
            var outcome = initiation.initiate(caller, request, null, null, paymentId, initiated -> initiated
                    .payment()
                    .reference()
                    .value());
            return new Result.Started(outcome.body());
        } catch (ApiException e) {
            release(link, paymentId);
            if (e.status() == HttpStatus.BAD_REQUEST) {
                return new Result.Refused(CustomerInput.problems(e.errors()));
            }
            return new Result.Unavailable();
        } catch (RuntimeException e) {
            release(link, paymentId);
            throw e;
        }
    }

    /** The installation's budget of every link, then the merchant's own cap on this one, if any. */
    private RateLimiter.Decision linkBudget(PaymentLink link) {
        var decision = budgets.budget("link-payments-per-link", limits.linkPaymentsPerLink())
                .spend(link.code());
        if (!decision.allowed() || link.maxPaymentsPerHour() == null) {
            return decision;
        }
        return budgets.budget("link-payments-cap", new Allowance(link.maxPaymentsPerHour(), Duration.ofHours(1)))
                .spend(link.code());
    }

    private void release(PaymentLink link, UUID paymentId) {
        if (paymentId != null) {
            links.release(link.id(), paymentId);
        }
    }

    /** The link's own amount, or the customer's within the link's range, as the API writes amounts. */
    private String amount(
            PaymentLink link, String typed, Provider provider, Locale locale, Map<String, List<Problem>> problems) {
        if (link.fixedAmount()) {
            return Amounts.format(link.amount());
        }
        String text = CustomerInput.amount(typed, locale);
        if (text == null) {
            LinkRules.add(problems, "amount", Problem.of("pay.amount.missing", "is required"));
            return null;
        }
        BigDecimal maximum = properties.maxAmount(provider);
        boolean wholeOnly = provider != null && provider.wholeAmountsOnly();
        Amounts.Parsed parsed = Amounts.parse(text, true, maximum, wholeOnly);
        BigDecimal value = parsed instanceof Amounts.Parsed.Valid valid ? valid.value() : null;
        if (parsed instanceof Amounts.Parsed.Invalid invalid
                && invalid.rule() != Amounts.Rule.MINIMUM
                && invalid.rule() != Amounts.Rule.MAXIMUM) {
            String code = "pay.amount." + invalid.rule().name().toLowerCase(Locale.ROOT);
            LinkRules.add(problems, "amount", Problem.of(code, invalid.reason()));
            return null;
        }
        if (value == null || value.compareTo(link.minAmount()) < 0 || value.compareTo(link.maxAmount()) > 0) {
            LinkRules.add(
                    problems,
                    "amount",
                    Problem.of(
                            "pay.amount.range",
                            "must be between the link's minimum and maximum",
                            link.minAmount(),
                            link.maxAmount()));
            return null;
        }
        return Amounts.format(value);
    }
}
