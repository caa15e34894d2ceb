package sn.xaalis.payout;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A payout request as read from JSON, before its rules ({@link PayoutOrder}) are applied.
 *
 * @param amountText the amount as written: string content, or the JSON number's literal text
 * @param metadataJson the metadata object's exact source text, or null when absent
 * @param shapeErrors fields whose JSON type was wrong
 */
public record PayoutRequest(
        @Nullable String provider,
        @Nullable String amountText,
        boolean amountQuoted,
        @Nullable String recipientPhone,
        @Nullable String recipientName,
        @Nullable String reason,
        @Nullable String metadataJson,
        Map<String, List<String>> shapeErrors) {

    @Override
    public String toString() {
        return "PayoutRequest[provider=" + provider + "]";
    }
}
