package sn.xaalis.payment;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;

/**
 * The rules an initiation request must pass (SPEC §4.1, D2–D4, D16), all of them checked so that the
 * merchant learns every broken one at once; what passes becomes a {@link PaymentOrder}.
 */
@Component
record InitiationRules(
        PaymentProviders providers, PaymentProperties properties, Database database, PlatformProperties platform) {

    private static final String DEFAULT_CURRENCY = "XOF";

    PaymentOrder check(Caller caller, InitiationRequest request) {
        refuseClosedLive(caller);
        Map<String, List<String>> errors = new LinkedHashMap<>(request.shapeErrors());
        Provider provider = provider(caller, request, errors);
        BigDecimal amount = amount(request, provider, errors);
        String currency = request.currency() == null ? DEFAULT_CURRENCY : request.currency();
        if (!errors.containsKey("currency") && !properties.currencies().contains(currency)) {
            errors.put("currency", List.of("must be one of " + String.join(", ", properties.currencies())));
        }
        PaymentOrder.checkTexts(request, errors);
        if (provider == null || amount == null || !errors.isEmpty()) { // a null one is always among the errors
            throw new PaymentRefusal.FieldsInvalid(errors);
        }
        return new PaymentOrder(
                provider,
                amount,
                currency,
                request.description(),
                request.customerPhone(),
                request.customerName(),
                request.metadataJson() == null ? "{}" : request.metadataJson(),
                request.successUrl(),
                request.errorUrl());
    }

    /** Live payments stop, whatever the request, when the merchant's approval is withdrawn or (D16) on H2. */
    private void refuseClosedLive(Caller caller) {
        if (caller.environment() == Environment.LIVE && !caller.liveApproved()) {
            throw new PaymentRefusal.LiveSuspended();
        }
        if (caller.environment() == Environment.LIVE
                && database.embedded()
                && !platform.live().allowEmbeddedDatabase()) {
            // D16: an application may have gone live before the operator moved back to the embedded database.
            throw new PaymentRefusal.LiveOnEmbeddedDatabase();
        }
    }

    /** The provider named, or null when none is; whether it is activated and (live) available goes into errors. */
    private @Nullable Provider provider(Caller caller, InitiationRequest request, Map<String, List<String>> errors) {
        if (errors.containsKey("provider")) {
            return null;
        }
        if (request.provider() == null) {
            errors.put("provider", List.of("is required"));
            return null;
        }
        Provider provider = Provider.fromName(request.provider()).orElse(null);
        if (provider == null) {
            errors.put("provider", List.of("must be one of WALLET_SN, MOBILEMONEY_SN"));
        } else if (!caller.providers().contains(provider)) {
            errors.put(
                    "provider",
                    List.of(provider + " is not activated for this application in " + caller.environment()));
        } else if (caller.environment() == Environment.LIVE) {
            var availability = providers.availability(caller.applicationId(), provider);
            if (availability != PaymentProviders.LiveAvailability.AVAILABLE) {
                errors.put("provider", List.of(availability.explain(provider)));
            }
        }
        return provider;
    }

    /** The amount under D2 and the provider's own limits (maximum, floor, whole values); null when it breaks one. */
    private @Nullable BigDecimal amount(
            InitiationRequest request, @Nullable Provider provider, Map<String, List<String>> errors) {
        if (errors.containsKey("amount")) {
            return null;
        }
        if (request.amountText() == null) {
            errors.put("amount", List.of("is required"));
            return null;
        }
        boolean wholeOnly = provider != null && provider.wholeAmountsOnly();
        return switch (Amounts.parse(
                request.amountText(), request.amountQuoted(), properties.maxAmount(provider), wholeOnly)) {
            case Amounts.Parsed.Valid valid -> {
                BigDecimal minimum = properties.minAmount(provider);
                if (valid.value().compareTo(minimum) < 0) {
                    // Said as D2's own floor is: the provider would refuse it after the payment was stored.
                    errors.put("amount", List.of("must be at least " + Amounts.format(minimum)));
                    yield null;
                }
                yield valid.value();
            }
            case Amounts.Parsed.Invalid invalid -> {
                errors.put("amount", List.of(invalid.reason()));
                yield null;
            }
        };
    }
}
