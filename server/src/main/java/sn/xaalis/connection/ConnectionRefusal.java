package sn.xaalis.connection;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Refusal;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * {@link ConnectionSettings} refused a change; thrown without an HTTP status, which the web edge
 * ({@link Statuses}) gives, or a page answers itself.
 */
abstract sealed class ConnectionRefusal extends Refusal {

    private ConnectionRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    /** Credentials that cannot be right, each field with what is wrong. */
    static final class FieldsInvalid extends ConnectionRefusal {
        FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** The application has no connection to this provider. */
    static final class NoConnection extends ConnectionRefusal {
        NoConnection(Provider provider) {
            super("No " + provider + " connection for this application", Map.of());
        }
    }

    /** Another change to the same connection was stored at the same moment. */
    static final class ChangedMeanwhile extends ConnectionRefusal {
        ChangedMeanwhile() {
            super("The connection was changed at the same time; try again", Map.of());
        }
    }

    /**
     * The operator merchant code is another's: another application's connection, or the installation's own
     * account. The operator sends a code's notifications to one address, so a second claim would silently
     * take them from the first. Which application holds it is not said: it may be another merchant's.
     */
    static final class MerchantCodeTaken extends ConnectionRefusal {

        private MerchantCodeTaken(String code, String why) {
            super("The merchant code " + code + " " + why, Map.of("merchant_code", List.of(why)));
        }

        static MerchantCodeTaken byAnotherApplication(String code) {
            return new MerchantCodeTaken(code, "is already connected to another application");
        }

        static MerchantCodeTaken byTheInstallation(String code) {
            return new MerchantCodeTaken(code, "is the installation's own account");
        }
    }

    /** Live payments opened with the connection are still open: they could no longer be asked about. */
    static final class PaymentsStillOpen extends ConnectionRefusal {
        PaymentsStillOpen(long count, Instant lastDeadline) {
            super(
                    count + " live payments opened with this connection are still open, until "
                            + Timestamps.micros(lastDeadline)
                            + " at the latest; remove it once they have ended",
                    Map.of());
        }
    }

    /** The web edge: the status each refusal stands for, answered with the SPEC §7 body by the platform. */
    @Component
    static class Statuses implements Refusal.Statuses {

        @Override
        public @Nullable HttpStatus status(Refusal refusal) {
            if (!(refusal instanceof ConnectionRefusal connection)) {
                return null;
            }
            return switch (connection) {
                case FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
                case NoConnection none -> HttpStatus.NOT_FOUND;
                case ChangedMeanwhile changed -> HttpStatus.CONFLICT;
                case MerchantCodeTaken taken -> HttpStatus.CONFLICT;
                case PaymentsStillOpen open -> HttpStatus.CONFLICT;
            };
        }
    }
}
