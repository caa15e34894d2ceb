package sn.xaalis.payment;

/**
 * A payment with what the customer is shown to pay it: the provider's own QR image when it drew one.
 *
 * @param providerQrCode base64 PNG without a {@code data:} prefix, exactly the initiation's {@code
 *     qr_code}; null when the provider gave none (sandbox, WALLET_SN), whose QR encodes the first deep link
 */
public record PaymentPresentation(Payment payment, String providerQrCode) {}
