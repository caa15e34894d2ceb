package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A payment link to create (API §9.1): a fixed amount ({@link #fixed(BigDecimal)}) or a range the
 * customer chooses in ({@link #range(BigDecimal, BigDecimal)}), then optional fields through the
 * {@code with…} methods; every instance is immutable. Null fields are left out of the request.
 *
 * @param amount the fixed amount; null for a range
 * @param minAmount the lowest amount the customer may choose; null for a fixed amount
 * @param maxAmount the highest amount the customer may choose; null for a fixed amount
 * @param currency null for the default ({@code XOF})
 * @param description shown to the customer and carried by each payment as its description; null for none
 * @param providers the payment methods offered; null for every provider active for the application
 * @param singleUse whether the link is paid at most once; null for the default ({@code false})
 * @param expiresAt when the link stops taking payments; null for never
 */
public record PaymentLinkRequest(
        BigDecimal amount,
        BigDecimal minAmount,
        BigDecimal maxAmount,
        String currency,
        String description,
        List<String> providers,
        Boolean singleUse,
        Instant expiresAt) {

    /** Copies {@code providers}. */
    public PaymentLinkRequest {
        providers = providers == null ? null : List.copyOf(providers);
    }

    /**
     * A link for one amount, every optional field unset.
     *
     * @throws NullPointerException without an amount
     */
    public static PaymentLinkRequest fixed(BigDecimal amount) {
        return new PaymentLinkRequest(
                Objects.requireNonNull(amount, "amount"), null, null, null, null, null, null, null);
    }

    /** The same, with the amount as exact decimal text such as {@code "4500"}. */
    public static PaymentLinkRequest fixed(String amount) {
        return fixed(new BigDecimal(Objects.requireNonNull(amount, "amount")));
    }

    /**
     * A link at which the customer chooses the amount between {@code min} and {@code max}.
     *
     * @throws NullPointerException without either bound
     */
    public static PaymentLinkRequest range(BigDecimal min, BigDecimal max) {
        return new PaymentLinkRequest(
                null,
                Objects.requireNonNull(min, "min"),
                Objects.requireNonNull(max, "max"),
                null,
                null,
                null,
                null,
                null);
    }

    /** The same, with the bounds as exact decimal text such as {@code "1000"}. */
    public static PaymentLinkRequest range(String min, String max) {
        return range(
                new BigDecimal(Objects.requireNonNull(min, "min")), new BigDecimal(Objects.requireNonNull(max, "max")));
    }

    /** A currency code; unset means {@code XOF}. */
    public PaymentLinkRequest withCurrency(String value) {
        return new PaymentLinkRequest(
                amount, minAmount, maxAmount, value, description, providers, singleUse, expiresAt);
    }

    /** Shown to the customer and carried by each payment as its description (at most 500 characters). */
    public PaymentLinkRequest withDescription(String value) {
        return new PaymentLinkRequest(amount, minAmount, maxAmount, currency, value, providers, singleUse, expiresAt);
    }

    /** The payment methods offered, such as {@code List.of("WALLET_SN")}; unset means every active provider. */
    public PaymentLinkRequest withProviders(List<String> value) {
        return new PaymentLinkRequest(amount, minAmount, maxAmount, currency, description, value, singleUse, expiresAt);
    }

    /** Whether the link is paid at most once; unset means {@code false}. */
    public PaymentLinkRequest withSingleUse(boolean value) {
        return new PaymentLinkRequest(amount, minAmount, maxAmount, currency, description, providers, value, expiresAt);
    }

    /** When the link stops taking payments (in the future, within 10 years); unset means never. */
    public PaymentLinkRequest withExpiresAt(Instant value) {
        return new PaymentLinkRequest(amount, minAmount, maxAmount, currency, description, providers, singleUse, value);
    }
}
