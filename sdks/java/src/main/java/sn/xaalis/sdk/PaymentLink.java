package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A payment link as the API returns it (API §9.1).
 *
 * @param code 16 characters from {@code a}–{@code z} and {@code 2}–{@code 7}; what
 *     {@link XaalisClient#deactivatePaymentLink(String)} takes
 * @param url {@code {public_base_url}/l/{code}}: the address to share
 * @param qrCode the url as a base64 PNG, without a {@code data:} prefix
 * @param environment {@code sandbox} or {@code live}
 * @param amount the fixed amount, exact with two decimals; null for a range
 * @param minAmount the lowest amount the customer may choose; null for a fixed amount
 * @param maxAmount the highest amount the customer may choose; null for a fixed amount
 * @param description null when the link has none
 * @param providers the payment methods offered
 * @param expiresAt null for never
 * @param active false once deactivated
 * @param state {@code OPEN}, {@code IN_PROGRESS}, {@code PAID}, {@code EXPIRED} or {@code DEACTIVATED}
 */
public record PaymentLink(
        String code,
        String url,
        String qrCode,
        String environment,
        BigDecimal amount,
        BigDecimal minAmount,
        BigDecimal maxAmount,
        String currency,
        String description,
        List<String> providers,
        boolean singleUse,
        Instant expiresAt,
        boolean active,
        String state,
        Instant createdAt) {

    /** Copies {@code providers}; null becomes empty. */
    public PaymentLink {
        providers = providers == null ? List.of() : List.copyOf(providers);
    }
}
