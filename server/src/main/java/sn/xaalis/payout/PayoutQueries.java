package sn.xaalis.payout;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.provider.Provider;

/** Payouts as a merchant reads them: one by reference, or pages of the list, only ever its own. */
@Service
public class PayoutQueries {

    private final PayoutStore store;

    PayoutQueries(PayoutStore store) {
        this.store = store;
    }

    public Optional<Payout> find(Caller caller, String reference) {
        if (!PayoutReference.isWellFormed(reference)) {
            return Optional.empty();
        }
        return store.find(caller.applicationId(), caller.environment(), reference);
    }

    /**
     * How many of the caller's payouts wait to go out: queued, or held while payouts are turned off or
     * the merchant suspended.
     */
    public int waiting(Caller caller) {
        return store.queued(caller.applicationId(), caller.environment());
    }

    /** The filters of a list request, each optional. */
    public record Filter(
            @Nullable PayoutStatus status,
            @Nullable Provider provider,
            @Nullable Instant createdFrom,
            @Nullable Instant createdTo,
            PaymentFilter.@Nullable Position after) {}

    /** A page: up to {@code limit} payouts, and where the next page starts when there is one. */
    public record Page(List<Payout> payouts, PaymentFilter.@Nullable Position next) {}

    public Page list(Caller caller, Filter filter, int limit) {
        List<Payout> found = store.list(
                caller.applicationId(),
                caller.environment(),
                filter.status(),
                filter.provider(),
                filter.createdFrom(),
                filter.createdTo(),
                filter.after(),
                limit + 1);
        if (found.size() <= limit) {
            return new Page(found, null);
        }
        List<Payout> page = found.subList(0, limit);
        Payout last = page.getLast();
        return new Page(List.copyOf(page), new PaymentFilter.Position(last.createdAt(), last.id()));
    }
}
