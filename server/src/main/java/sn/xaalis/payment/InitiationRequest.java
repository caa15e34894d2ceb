package sn.xaalis.payment;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An initiation request as read from JSON, before the rules of SPEC §4.1 and D2–D4 are applied.
 *
 * @param amountText the amount as written: string content, or the JSON number's literal text
 * @param amountQuoted whether the amount came as a JSON string
 * @param metadataJson the metadata object's exact source text, or null when absent
 * @param shapeErrors fields whose JSON type was wrong (e.g. a number where a string belongs)
 */
public record InitiationRequest(
        @Nullable String provider,
        @Nullable String amountText,
        boolean amountQuoted,
        @Nullable String currency,
        @Nullable String description,
        @Nullable String customerPhone,
        @Nullable String customerName,
        @Nullable String metadataJson,
        @Nullable String successUrl,
        @Nullable String errorUrl,
        Map<String, List<String>> shapeErrors) {

    @Override
    public String toString() {
        return "InitiationRequest[provider=" + provider + "]";
    }
}
