package sn.xaalis.payment;

/** SPEC §3 states plus {@code REFUNDED} (D1). */
public enum PaymentStatus {
    PROCESSING,
    SUCCESS,
    FAILED,
    CANCELLED,
    EXPIRED,
    REFUNDED
}
