package sn.xaalis.payment;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;

/** Reading payments on behalf of an authenticated caller; other tenants' payments do not exist for it. */
@Service
public class PaymentQueries {

    private final Payments payments;
    private final PaymentListing listing;
    private final StatusHistory history;
    private final CustomerNumberSearch numbers;
    private final PaymentStarts starts;

    PaymentQueries(
            Payments payments,
            PaymentListing listing,
            StatusHistory history,
            CustomerNumberSearch numbers,
            PaymentStarts starts) {
        this.payments = payments;
        this.listing = listing;
        this.history = history;
        this.numbers = numbers;
        this.starts = starts;
    }

    /** Who started the payment: a cashier at the counter, a payment link, else the API. */
    public PaymentStarts.Starter starter(Payment payment) {
        return starts.of(payment);
    }

    /** Whether a search text reads as a customer's phone number. */
    public static boolean isCustomerNumber(String text) {
        return CustomerNumberSearch.isNumber(text.strip());
    }

    /**
     * A merchant's payments of a customer's number (typed at the counter or on the code form, or sent by
     * the merchant's server), newest first, at most {@code limit}; none for a text that is no number.
     */
    public List<Payment> byCustomerNumber(Set<ApplicationId> applicationIds, String typed, int limit) {
        return numbers.among(applicationIds, typed.strip(), limit);
    }

    /** Newest first, across a merchant's applications; null environment means both. */
    public List<Payment> search(
            Set<ApplicationId> applicationIds, @Nullable Environment environment, PaymentFilter filter, int limit) {
        return listing.list(applicationIds, environment, filter, limit);
    }

    public Optional<Payment> findAmong(Set<ApplicationId> applicationIds, String referenceOrUuid) {
        return listing.findAmong(applicationIds, referenceOrUuid);
    }

    public List<StatusChange> history(Payment payment) {
        return history.of(payment.transactionUuid());
    }

    /**
     * A payment of any application and environment, by its reference alone: the customer's pages
     * (D21), which anyone holding the reference may open. They show only what the customer holds.
     */
    public Optional<Payment> byReference(String reference) {
        return Reference.isWellFormed(reference)
                ? payments.findByReference(new Reference(reference))
                : Optional.empty();
    }

    /** The same, with the provider's own QR image: the hosted payment page (D21). */
    public Optional<PaymentPresentation> presentationByReference(String reference) {
        return Reference.isWellFormed(reference)
                ? payments.presentationByReference(new Reference(reference))
                : Optional.empty();
    }

    /** Only the status, by the reference alone: one read of the unique index, for a page that polls. */
    public Optional<PaymentStatus> statusByReference(String reference) {
        return Reference.isWellFormed(reference)
                ? payments.statusByReference(new Reference(reference))
                : Optional.empty();
    }

    /**
     * Live payments still open in a merchant's connection (D26), and the latest deadline among them.
     *
     * @param lastDeadline null when there are none
     */
    public record OpenPayments(int count, Instant lastDeadline) {}

    public OpenPayments openInConnection(ConnectionId connectionId) {
        return payments.openInConnection(connectionId, null);
    }

    /** The same, of the payments opened in one version of the connection's account. */
    public OpenPayments openInConnection(ConnectionId connectionId, int version) {
        return payments.openInConnection(connectionId, version);
    }

    public Optional<Payment> find(Caller caller, String reference) {
        if (!Reference.isWellFormed(reference)) {
            return Optional.empty();
        }
        return payments.find(caller.applicationId(), caller.environment(), new Reference(reference));
    }
}
