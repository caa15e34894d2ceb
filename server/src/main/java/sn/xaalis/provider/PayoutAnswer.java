package sn.xaalis.provider;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** What a provider said about a payout, read from its answer (docs/providers.md §2.4, §3.6). */
public sealed interface PayoutAnswer {

    /** How a payout ended at the provider. */
    enum Outcome {
        SUCCEEDED,
        FAILED,
        REVERSED
    }

    /** An outcome; a failure with the provider's code and words. */
    record Settled(
            Outcome outcome,
            @Nullable BigDecimal fee,
            @Nullable String providerReference,
            @Nullable String failureCode,
            @Nullable String failureReason)
            implements PayoutAnswer {}

    /** The provider has it and has not finished: ask again later. */
    record Pending(@Nullable String providerReference) implements PayoutAnswer {}

    /** The provider says it has no such payout. */
    record Absent() implements PayoutAnswer {}

    /** No call left Xaalis (the provider's circuit is open): the payout may be sent later, as if new. */
    record NotSent(String why) implements PayoutAnswer {}

    /** No answer that tells (a timeout, a 5xx, an unreadable body, no account to ask in): nothing is known. */
    record Unknown(String why) implements PayoutAnswer {}
}
