package sn.xaalis.paymentlink;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.InitiationRequest;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.payment.PaymentInitiation;
import sn.xaalis.payment.PaymentRefusal;
import sn.xaalis.payment.PaymentStarts;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Refusal;
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

    private final PaymentLinks links;
    private final ApplicationDirectory directory;
    private final PublicBudgets budgets;
    private final PublicLimits limits;
    private final PaymentInitiation initiation;
    private final LinkPaymentForm paymentForm;
    private final PaymentProviders providers;
    private final PaymentStarts starts;
    private final Clock clock;

    LinkCheckout(
            PaymentLinks links,
            ApplicationDirectory directory,
            PublicBudgets budgets,
            PublicLimits limits,
            PaymentInitiation initiation,
            LinkPaymentForm paymentForm,
            PaymentProviders providers,
            PaymentStarts starts,
            Clock clock) {
        this.links = links;
        this.directory = directory;
        this.budgets = budgets;
        this.limits = limits;
        this.initiation = initiation;
        this.paymentForm = paymentForm;
        this.providers = providers;
        this.starts = starts;
        this.clock = clock;
    }

    /** What the customer filled in; blank fields are null. */
    record Form(
            @Nullable String provider,
            @Nullable String amount,
            @Nullable String customerPhone,
            @Nullable String customerName) {}

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
        return switch (paymentForm.check(link, form, offered(link, caller), locale)) {
            case LinkPaymentForm.Checked.Invalid invalid -> new Result.Refused(invalid.problems());
            case LinkPaymentForm.Checked.Valid valid -> start(link, caller, valid, now);
        };
    }

    /** A valid form: the link's budgets, its claim if it is single-use, then the payment's initiation. */
    private Result start(PaymentLink link, Caller caller, LinkPaymentForm.Checked.Valid form, Instant now) {
        RateLimiter.Decision byLink = linkBudget(link);
        if (!byLink.allowed()) {
            return new Result.Throttled(byLink.retryAfterSeconds());
        }
        // The payment's id is drawn here, so that the link's claim and its list of payments name it
        // before it exists.
        PaymentId paymentId = PaymentId.newId(clock);
        if (link.singleUse()) {
            if (!links.claim(link.id(), paymentId, now)) {
                PaymentLink.State current = links.find(link.code())
                        .map(l -> l.state(clock.instant()))
                        .orElse(PaymentLink.State.DEACTIVATED);
                return new Result.Closed(current == PaymentLink.State.OPEN ? PaymentLink.State.IN_PROGRESS : current);
            }
        }
        links.recordPayment(link.id(), paymentId);
        String reference;
        try {
            reference = initiation
                    .initiate(caller, request(link, form), null, paymentId, initiated -> initiated
                            .payment()
                            .reference()
                            .value())
                    .body();
        } catch (PaymentRefusal.FieldsInvalid | PaymentRefusal.ProviderRefused e) {
            release(link, paymentId);
            return new Result.Refused(CustomerInput.problems(e.errors()));
        } catch (Refusal e) {
            release(link, paymentId);
            return new Result.Unavailable();
        } catch (RuntimeException e) {
            release(link, paymentId);
            throw e;
        }
        // The payment's history names the link it came from (the initiation committed on its own; the
        // link's claim, if any, now belongs to the payment: nothing here may release it).
        starts.startedBy(
                reference, PaymentStarts.Starter.link(link.description() == null ? link.code() : link.description()));
        return new Result.Started(reference);
    }

    /** The API's own initiation request, naming the link in its metadata (D22). */
    private static InitiationRequest request(PaymentLink link, LinkPaymentForm.Checked.Valid form) {
        return new InitiationRequest(
                form.provider().name(),
                form.amount(),
                true,
                link.currency(),
                link.description(),
                form.phone(),
                form.name(),
                "{\"" + METADATA_KEY + "\":\"" + link.code() + "\"}",
                null,
                null,
                Map.of());
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

    /** The payment was never stored: the link's claim (if single-use) and its row of payments go. */
    private void release(PaymentLink link, PaymentId paymentId) {
        if (link.singleUse()) {
            links.release(link.id(), paymentId);
        }
        links.forget(link.id(), paymentId);
    }
}
