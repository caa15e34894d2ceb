package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * One journal transaction about to be written: its cause (at most one transaction per cause), what the
 * merchant sees of it in its balance transactions, and its entries, which sum to zero.
 */
record Posting(
        UUID id,
        Cause cause,
        Type type,
        ApplicationId applicationId,
        Environment environment,
        String currency,
        BigDecimal amount,
        BigDecimal fee,
        BigDecimal net,
        @Nullable String reference,
        Instant createdAt,
        @Nullable LocalDate availableOn,
        List<Entry> entries,
        @Nullable String description) {

    /** What caused a transaction: the unique key that makes every cause post once. */
    record Cause(String kind, String id) {}

    /**
     * The transaction types the merchant sees: a payment, a refund (when it is set aside, before the
     * provider is asked), a refund's reversal (the provider refused it: the money is back). Unlisted:
     * {@code release} moves pending to available, {@code refund_sent} moves a refund's money from the
     * merchant's refunding account out of the clearing account once the provider has refunded. An
     * {@code adjustment} is an operator's credit or debit of the merchant's available money, with its
     * reason as the description.
     */
    enum Type {
        PAYMENT,
        REFUND,
        REFUND_REVERSAL,
        REFUND_SENT,
        RELEASE,
        ADJUSTMENT;

        String value() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A positive amount credits the account (see V51). */
    record Entry(Account account, BigDecimal amount) {}

    /** A posting without a description: every type but an adjustment. */
    Posting(
            UUID id,
            Cause cause,
            Type type,
            ApplicationId applicationId,
            Environment environment,
            String currency,
            BigDecimal amount,
            BigDecimal fee,
            BigDecimal net,
            @Nullable String reference,
            Instant createdAt,
            @Nullable LocalDate availableOn,
            List<Entry> entries) {
        this(
                id,
                cause,
                type,
                applicationId,
                environment,
                currency,
                amount,
                fee,
                net,
                reference,
                createdAt,
                availableOn,
                entries,
                null);
    }

    Posting {
        entries = entries.stream().filter(e -> e.amount().signum() != 0).toList();
        BigDecimal sum = entries.stream().map(Entry::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        if (sum.signum() != 0 || entries.isEmpty()) {
            // A bug, never data: nothing unbalanced is ever written.
            throw new IllegalStateException("Unbalanced journal transaction " + cause + ": " + entries);
        }
    }
}
