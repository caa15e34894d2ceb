package sn.xaalis.paymentlink;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A link as asked for, before its rules are checked: from the API's JSON or the portal's form.
 *
 * @param providers provider names, or null for every provider active for the application
 * @param singleUse null for the default (false)
 * @param expiresAt an ISO 8601 instant, or null for a link that never expires
 * @param maxPaymentsPerHour the merchant's cap on payments started from the link in an hour, or null
 * @param shapeProblems fields whose JSON type was wrong, already refused
 */
record LinkDraft(
        @Nullable AmountText amount,
        @Nullable AmountText minAmount,
        @Nullable AmountText maxAmount,
        @Nullable String currency,
        @Nullable String description,
        @Nullable List<String> providers,
        @Nullable Boolean singleUse,
        @Nullable String expiresAt,
        @Nullable Integer maxPaymentsPerHour,
        Map<String, List<Problem>> shapeProblems) {

    /** An amount as written: string content, or a JSON number's text; null when absent. */
    record AmountText(String text, boolean quoted) {}
}
