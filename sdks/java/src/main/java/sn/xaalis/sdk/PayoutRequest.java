package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * A payout to send (API §15.1). Start with {@link #of(String, BigDecimal, String)} and add optional
 * fields with the {@code with…} methods; every instance is immutable.
 *
 * @param provider {@code WALLET_SN} or {@code MOBILEMONEY_SN}
 * @param amount what the recipient gets: a whole number of francs (the provider's fee is charged on top)
 * @param recipientPhone {@code +221} and a mobile number, such as {@code +221771234567}
 * @param recipientName null for none; at most 100 characters
 * @param reason null for none; at most 40 characters, shown on the recipient's receipt
 * @param metadata your own data, returned as sent in the payout and its notifications; null for none
 */
public record PayoutRequest(
        String provider,
        BigDecimal amount,
        String recipientPhone,
        String recipientName,
        String reason,
        Map<String, ?> metadata) {

    /**
     * Checks the required fields.
     *
     * @throws NullPointerException without a provider, an amount or a recipient's number
     */
    public PayoutRequest {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(recipientPhone, "recipientPhone");
    }

    /** A payout of {@code amount} through {@code provider} to {@code recipientPhone}, every optional field unset. */
    public static PayoutRequest of(String provider, BigDecimal amount, String recipientPhone) {
        return new PayoutRequest(provider, amount, recipientPhone, null, null, null);
    }

    /** The same, with the amount as exact decimal text such as {@code "5000"}. */
    public static PayoutRequest of(String provider, String amount, String recipientPhone) {
        return of(provider, new BigDecimal(amount), recipientPhone);
    }

    /** The recipient's name (at most 100 characters); the wallet may check it against the account. */
    public PayoutRequest withRecipientName(String value) {
        return new PayoutRequest(provider, amount, recipientPhone, value, reason, metadata);
    }

    /** Shown on the recipient's receipt (at most 40 characters). */
    public PayoutRequest withReason(String value) {
        return new PayoutRequest(provider, amount, recipientPhone, recipientName, value, metadata);
    }

    /** Any JSON-serializable map (16 KiB at most); use it to link the payout to your records. */
    public PayoutRequest withMetadata(Map<String, ?> value) {
        return new PayoutRequest(provider, amount, recipientPhone, recipientName, reason, value);
    }
}
