package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * What to collect (SPEC §4.1). Start with {@link #of(String, BigDecimal)} and add optional fields with
 * the {@code with…} methods; every instance is immutable.
 *
 * @param provider {@code WALLET_SN} or {@code MOBILEMONEY_SN}
 * @param amount at least 0.01, at most two decimals; whole numbers only for {@code MOBILEMONEY_SN}
 * @param currency null for the default ({@code XOF})
 * @param metadata your own data, returned as sent in the status and in notifications; null for none
 */
public record PaymentRequest(
        String provider,
        BigDecimal amount,
        String currency,
        String description,
        String customerPhone,
        String customerName,
        Map<String, ?> metadata,
        String successUrl,
        String errorUrl) {

    /**
     * Checks the required fields.
     *
     * @throws NullPointerException without a provider or an amount
     */
    public PaymentRequest {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(amount, "amount");
    }

    /** A request for {@code amount} through {@code provider}, every optional field unset. */
    public static PaymentRequest of(String provider, BigDecimal amount) {
        return new PaymentRequest(provider, amount, null, null, null, null, null, null, null);
    }

    /** The same, with the amount as exact decimal text such as {@code "1500"}. */
    public static PaymentRequest of(String provider, String amount) {
        return of(provider, new BigDecimal(amount));
    }

    /** A currency code; unset means {@code XOF}. */
    public PaymentRequest withCurrency(String value) {
        return new PaymentRequest(
                provider, amount, value, description, customerPhone, customerName, metadata, successUrl, errorUrl);
    }

    /** A label for you (at most 500 characters), shown in the portal. */
    public PaymentRequest withDescription(String value) {
        return new PaymentRequest(
                provider, amount, currency, value, customerPhone, customerName, metadata, successUrl, errorUrl);
    }

    /** In international format: {@code +} then digits. */
    public PaymentRequest withCustomerPhone(String value) {
        return new PaymentRequest(
                provider, amount, currency, description, value, customerName, metadata, successUrl, errorUrl);
    }

    /** The customer's name (at most 100 characters). */
    public PaymentRequest withCustomerName(String value) {
        return new PaymentRequest(
                provider, amount, currency, description, customerPhone, value, metadata, successUrl, errorUrl);
    }

    /** Any JSON-serializable map; use it to link the payment to your order. */
    public PaymentRequest withMetadata(Map<String, ?> value) {
        return new PaymentRequest(
                provider, amount, currency, description, customerPhone, customerName, value, successUrl, errorUrl);
    }

    /** Where the customer goes after paying; unset means the application's {@code callback_url_success}. */
    public PaymentRequest withSuccessUrl(String value) {
        return new PaymentRequest(
                provider, amount, currency, description, customerPhone, customerName, metadata, value, errorUrl);
    }

    /** Where the customer goes after a failure; unset means the application's {@code callback_url_failure}. */
    public PaymentRequest withErrorUrl(String value) {
        return new PaymentRequest(
                provider, amount, currency, description, customerPhone, customerName, metadata, successUrl, value);
    }
}
