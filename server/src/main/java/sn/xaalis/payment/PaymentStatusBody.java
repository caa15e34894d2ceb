package sn.xaalis.payment;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;
import sn.xaalis.platform.Timestamps;

/**
 * A payment as every API answer about an existing one shows it: SPEC §2.2 plus deep_links, created_at
 * and expires_at (D7).
 */
public record PaymentStatusBody(
        @JsonUnwrapped PaymentData payment, Map<String, String> deepLinks, String createdAt, String expiresAt) {

    public static PaymentStatusBody of(Payment p) {
        return new PaymentStatusBody(
                PaymentData.of(p), p.deepLinks(), Timestamps.micros(p.createdAt()), Timestamps.micros(p.expiresAt()));
    }
}
