package sn.xaalis.counter;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.InitiationRequest;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentInitiation;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentRefusal;
import sn.xaalis.payment.PaymentStarts;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Refusal;
import sn.xaalis.provider.Provider;

/**
 * The counter's payments: started through the API's own initiation (its rules, limits and webhooks),
 * and found again only among the signed-in merchant's applications (another merchant's reference does
 * not exist here).
 */
@Service
class CounterDesk {

    /** What the counter's payments carry, so that the merchant's server can tell them apart. */
    static final String METADATA = "{\"counter\":true}";

    static final int MAX_NOTE = 500;

    // Whole FCFA, as a cashier types them: "4500", "4 500".
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,12}");
    private static final Pattern SPACES = Pattern.compile("[\\s\\u00a0\\u202f]");

    private final MerchantApplications merchants;
    private final ApplicationDirectory directory;
    private final PaymentInitiation initiation;
    private final PaymentQueries queries;
    private final PaymentProperties properties;
    private final AuditTrail audit;
    private final PaymentStarts starts;

    CounterDesk(
            MerchantApplications merchants,
            ApplicationDirectory directory,
            PaymentInitiation initiation,
            PaymentQueries queries,
            PaymentProperties properties,
            AuditTrail audit,
            PaymentStarts starts) {
        this.audit = audit;
        this.starts = starts;
        this.merchants = merchants;
        this.directory = directory;
        this.initiation = initiation;
        this.queries = queries;
        this.properties = properties;
    }

    /**
     * The sale as the cashier typed it; {@code token} is the form's own, which makes a double tap one payment;
     * {@code cashier} the signed-in person's name, which the payment's history shows as its starter.
     */
    record Sale(String amount, String note, String provider, String token, String cashier) {}

    /** What became of a sale. */
    sealed interface Started {
        record Payment(String reference) implements Started {}

        /** Fix the form: a problem's key per field. */
        record Refused(Map<String, Problem> problems) implements Started {}

        /** The payment could not start (live not allowed, provider down, the same sale still starting). */
        record Unavailable() implements Started {}
    }

    /** A field's problem, said with {@code counter.error.<code>}. */
    record Problem(String code, List<Object> args) {
        static Problem of(String code, Object... args) {
            return new Problem(code, List.of(args));
        }
    }

    List<ApplicationSummary> applications(MerchantId merchantId) {
        return merchants.applicationsOf(merchantId);
    }

    /** The till asked for, else the merchant's first application in test; empty for a merchant without any. */
    Optional<Till> till(MerchantId merchantId, String application, String environment) {
        List<ApplicationSummary> apps = applications(merchantId);
        Environment env = Environment.fromValue(environment).orElse(Environment.SANDBOX);
        return apps.stream()
                .filter(app -> app.id().toString().equals(application))
                .findFirst()
                .or(() -> apps.stream().findFirst())
                .map(app -> new Till(app, env));
    }

    /** Exactly the till a form names, or none: a payment never goes anywhere its form did not say. */
    Optional<Till> chosen(MerchantId merchantId, String application, String environment) {
        return Environment.fromValue(environment).flatMap(env -> applications(merchantId).stream()
                .filter(app -> app.id().toString().equals(application))
                .findFirst()
                .map(app -> new Till(app, env)));
    }

    /** The application as its keys would act; empty in live while the application is not live. */
    Optional<Caller> caller(Till till) {
        return directory.caller(till.application().id(), till.environment());
    }

    /** The providers the form offers: those active for the till, in the order the API lists them. */
    static List<Provider> offered(Caller caller) {
        return Arrays.stream(Provider.values())
                .filter(caller.providers()::contains)
                .toList();
    }

    Started start(Caller caller, Sale sale) {
        Map<String, Problem> problems = new LinkedHashMap<>();
        Provider provider = Provider.fromName(sale.provider())
                .filter(caller.providers()::contains)
                .orElse(null);
        if (provider == null) {
            problems.put("provider", Problem.of("provider"));
        }
        String amount =
                SPACES.matcher(sale.amount() == null ? "" : sale.amount()).replaceAll("");
        Problem amountProblem = amountProblem(amount, provider);
        if (amountProblem != null) {
            problems.put("amount", amountProblem);
        }
        String note = sale.note() == null || sale.note().isBlank()
                ? null
                : sale.note().strip();
        if (note != null && note.codePointCount(0, note.length()) > MAX_NOTE) {
            problems.put("note", Problem.of("note.long", MAX_NOTE));
        }
        if (provider == null || !problems.isEmpty()) { // a missing provider is always among the problems
            return new Started.Refused(problems);
        }
        try {
            return new Started.Payment(initiate(caller, provider, amount, note, sale.token(), sale.cashier()));
        } catch (PaymentRefusal.FieldsInvalid | PaymentRefusal.ProviderRefused | IdempotencyRefusal.KeyReused e) {
            // Rules the form does not check itself (the provider's minimum, the currency): said whole.
            return new Started.Refused(Map.of("form", Problem.of("refused")));
        } catch (Refusal e) {
            return new Started.Unavailable();
        }
    }

    /** Whole FCFA above zero, within the provider's maximum when there is one. */
    private @Nullable Problem amountProblem(String amount, @Nullable Provider provider) {
        if (amount.isEmpty()) {
            return Problem.of("amount.missing");
        }
        if (!WHOLE.matcher(amount).matches() || new BigDecimal(amount).signum() <= 0) {
            return Problem.of("amount.whole");
        }
        if (provider != null && new BigDecimal(amount).compareTo(properties.maxAmount(provider)) > 0) {
            return Problem.of("amount.maximum", properties.maxAmount(provider));
        }
        return null;
    }

    /** The new payment's reference, through the API's own initiation. */
    private String initiate(
            Caller caller, Provider provider, String amount, @Nullable String note, String token, String cashier) {
        var request = new InitiationRequest(
                provider.name(), amount, true, "XOF", note, null, null, METADATA, null, null, Map.of());
        // The form's token as the idempotency key: a second tap, or the page sent again, finds the first payment.
        String key = token == null || token.isBlank() || token.length() > 64 ? null : "counter-" + token;
        var keyed = Idempotency.Keyed.of(
                caller.applicationId(),
                caller.environment(),
                key,
                () -> Idempotency.fingerprint(
                        "POST",
                        "/portal/counter",
                        String.join("\n", provider.name(), amount, String.valueOf(note))
                                .getBytes(StandardCharsets.UTF_8)));
        var outcome = initiation.initiate(caller, request, keyed, initiated -> initiated
                .payment()
                .reference()
                .value());
        String reference = outcome.body();
        if (!outcome.replayed()) {
            // Who took it at the counter; the payment keeps its own history from here. Written once the
            // payment is stored (the API's initiation commits on its own): a crash in between loses this
            // line, never the payment.
            audit.record(
                    "counter.payment.started",
                    null,
                    reference,
                    null,
                    Map.of(
                            "amount",
                            amount,
                            "provider",
                            provider.name(),
                            "environment",
                            caller.environment().value(),
                            "application",
                            caller.applicationId().toString()));
            starts.startedBy(reference, PaymentStarts.Starter.cashier(cashier));
        }
        return reference;
    }

    /** A payment of the merchant, with its application. */
    record Found(Payment payment, ApplicationSummary application) {

        /** The payment's application acting on it, as the portal's own actions on a payment do. */
        Caller caller(MerchantId merchantId) {
            return new Caller(
                    application.id(), merchantId, application.endpointKey(), payment.environment(), Set.of(), true);
        }
    }

    /** The shop's name as its customers know it: the merchant's business name, whoever is signed in. */
    String shopName(Found found) {
        return directory
                .storefront(found.application().id())
                .map(ApplicationDirectory.Storefront::merchantName)
                .orElseThrow(() -> new IllegalStateException("a found payment's application has a merchant"));
    }

    /** One of the merchant's payments, by its reference; empty for anyone else's (the same 404 for both). */
    Optional<Found> find(MerchantId merchantId, String reference) {
        Map<ApplicationId, ApplicationSummary> apps =
                applications(merchantId).stream().collect(Collectors.toMap(ApplicationSummary::id, app -> app));
        return queries.findAmong(apps.keySet(), reference)
                .filter(payment -> payment.reference().value().equals(reference))
                .flatMap(payment ->
                        Optional.ofNullable(apps.get(payment.applicationId())).map(app -> new Found(payment, app)));
    }
}
