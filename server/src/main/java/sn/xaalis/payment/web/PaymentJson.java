package sn.xaalis.payment.web;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.math.RoundingMode;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentInitiation;
import sn.xaalis.platform.Timestamps;

/** The JSON shapes of the payment API; field order follows SPEC §2.1 and §2.2. */
final class PaymentJson {

    private PaymentJson() {}

    /** SPEC §2.1: never echoes description, customer data or redirect URLs. */
    record Initiated(
            String transactionUuid,
            String reference,
            String provider,
            String environment,
            String amount,
            String currency,
            String status,
            Map<String, String> deepLinks,
            String qrCode,
            String providerReference,
            String expiresAt,
            @JsonRawValue String metadata,
            String createdAt) {

        static Initiated of(PaymentInitiation.Initiated initiated) {
            Payment p = initiated.payment();
            return new Initiated(
                    p.transactionUuid().toString(),
                    p.reference().value(),
                    p.provider().name(),
                    p.environment().value(),
                    formatAmount(p),
                    p.currency(),
                    p.status().name(),
                    p.deepLinks(),
                    initiated.qrCode(),
                    p.providerReference(),
                    Timestamps.micros(p.expiresAt()),
                    p.metadataJson(),
                    Timestamps.micros(p.createdAt()));
        }
    }

    /**
     * A JSON answer rendered before it is sent: with its Content-Length it leaves in one write, where
     * the message converter streams it chunked and needs a second write for the closing chunk.
     */
    static ResponseEntity<byte[]> sized(byte[] json) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json);
    }

    private static String formatAmount(Payment p) {
        return p.amount().setScale(2, RoundingMode.UNNECESSARY).toPlainString();
    }
}
