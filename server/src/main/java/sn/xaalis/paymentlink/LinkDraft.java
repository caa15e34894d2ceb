package sn.xaalis.paymentlink;

import java.util.List;
import java.util.Map;

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
        AmountText amount,
        AmountText minAmount,
        AmountText maxAmount,
        String currency,
        String description,
        List<String> providers,
        Boolean singleUse,
        String expiresAt,
        Integer maxPaymentsPerHour,
        Map<String, List<Problem>> shapeProblems) {

    /** An amount as written: string content, or a JSON number's text; null when absent. */
    record AmountText(String text, boolean quoted) {}
}
