package sn.xaalis.payout;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.payment.Amounts;
import sn.xaalis.provider.PayableNumbers;
import sn.xaalis.provider.Provider;

/**
 * A payout request that passed its rules: a provider, a whole amount in francs, a Senegalese mobile
 * number, and the optional name, reason (shown on the recipient's receipt, 40 characters at most: the
 * wallet's limit) and metadata.
 */
public record PayoutOrder(
        Provider provider,
        BigDecimal amount,
        String recipientPhone,
        @Nullable String recipientName,
        @Nullable String reason,
        String metadata) {

    static final int MAX_NAME = 100;
    static final int MAX_REASON = 40;

    /** The order, or every broken rule by field. */
    public static PayoutOrder check(PayoutRequest request, BigDecimal maximum) {
        Map<String, List<String>> errors = new LinkedHashMap<>(request.shapeErrors());
        Provider provider = null;
        if (request.provider() == null) {
            errors.putIfAbsent("provider", List.of("is required"));
        } else {
            provider = Provider.fromName(request.provider()).orElse(null);
            if (provider == null) {
                errors.putIfAbsent("provider", List.of("must be one of WALLET_SN, MOBILEMONEY_SN"));
            }
        }
        BigDecimal amount = null;
        if (request.amountText() == null) {
            errors.putIfAbsent("amount", List.of("is required"));
        } else {
            switch (Amounts.parse(request.amountText(), request.amountQuoted(), maximum, false)) {
                case Amounts.Parsed.Valid valid -> {
                    if (valid.value().stripTrailingZeros().scale() > 0) {
                        errors.putIfAbsent("amount", List.of("must be a whole number of francs"));
                    } else {
                        amount = valid.value();
                    }
                }
                case Amounts.Parsed.Invalid invalid -> errors.putIfAbsent("amount", List.of(invalid.reason()));
            }
        }
        String phone = request.recipientPhone();
        if (phone == null) {
            errors.putIfAbsent("recipient_phone", List.of("is required"));
        } else if (!payable(phone)) {
            errors.putIfAbsent("recipient_phone", List.of("must be a Senegalese mobile number such as +221771234567"));
        }
        String name = blankToNull(request.recipientName());
        if (name != null && (name.length() > MAX_NAME || hasControl(name))) {
            errors.putIfAbsent("recipient_name", List.of("must be at most " + MAX_NAME + " printable characters"));
        }
        String reason = blankToNull(request.reason());
        if (reason != null && (reason.length() > MAX_REASON || hasControl(reason))) {
            errors.putIfAbsent("reason", List.of("must be at most " + MAX_REASON + " printable characters"));
        }
        if (!errors.isEmpty() || provider == null || amount == null || phone == null) {
            throw new PayoutRefusal.FieldsInvalid(errors);
        }
        String metadata = request.metadataJson() == null ? "{}" : request.metadataJson();
        return new PayoutOrder(provider, amount, phone, name, reason, metadata);
    }

    /** A Senegal mobile number in E.164 exactly ({@code +221771234567}) that the providers pay to. */
    static boolean payable(String phone) {
        return PayableNumbers.isE164(phone);
    }

    private static @Nullable String blankToNull(@Nullable String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    private static boolean hasControl(String text) {
        return text.chars().anyMatch(Character::isISOControl);
    }
}
