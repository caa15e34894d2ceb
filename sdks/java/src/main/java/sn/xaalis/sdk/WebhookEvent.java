package sn.xaalis.sdk;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/**
 * A verified notification (SPEC §6.2): a payment's ({@code transaction.*}), a payout's ({@code payout.*},
 * API §15.2) or a settlement's ({@code settlement.*}, API §17.2).
 *
 * @param id {@code <reference>:<STATUS>}, identical on every delivery of the same notification: deduplicate on it
 * @param event {@code transaction.success}, {@code transaction.failed}, {@code transaction.cancelled},
 *     {@code transaction.expired} or {@code transaction.refunded} for a payment; {@code payout.success},
 *     {@code payout.failed} or {@code payout.reversed} for a payout; {@code settlement.paid} or
 *     {@code settlement.failed} for a settlement
 * @param environment {@code sandbox} or {@code live}
 * @param createdAt when the notification was created, ISO 8601 UTC
 * @param data the payment fields (SPEC §2.2) or the payout's (API §15.1): strings, {@link java.math.BigDecimal}
 *     numbers, booleans, nested {@code Map}s and {@code List}s, or null; {@code amount} is a string such as
 *     {@code "1500.00"}
 * @param rawBody the body exactly as received
 */
public record WebhookEvent(
        String id, String event, String environment, String createdAt, Map<String, Object> data, String rawBody) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A top-level field of {@code data} as text, or null when absent or not a string. */
    public String dataString(String field) {
        Object value = data.get(field);
        return value instanceof String text ? text : null;
    }

    /** The payment's or the payout's reference, from {@code data.reference}. */
    public String reference() {
        return dataString("reference");
    }

    /** The status the payment or the payout moved to, from {@code data.status}. */
    public String status() {
        return dataString("status");
    }

    /** The merchant's metadata object sent at initiation, or an empty map. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> metadata() {
        Object value = data.get("metadata");
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    /** The payout of a {@code payout.*} notification, read from {@code data}; null for a payment's notification. */
    public Payout payout() {
        return event.startsWith("payout.") ? XaalisClient.payout(JSON.valueToTree(data)) : null;
    }

    /** The settlement of a {@code settlement.*} notification, read from {@code data}; null for any other. */
    public Settlement settlement() {
        return event.startsWith("settlement.") ? XaalisClient.settlement(JSON.valueToTree(data)) : null;
    }
}
