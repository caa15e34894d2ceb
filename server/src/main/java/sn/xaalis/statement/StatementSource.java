package sn.xaalis.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.ledger.LedgerHistory.Sum;
import sn.xaalis.ledger.LedgerHistory.TypeTotal;
import sn.xaalis.payment.PaymentFilter;

/**
 * What statements are made of: the ledger's movements (read through its history) and the daily
 * closings. An interface so that the arithmetic is tested on random histories in memory.
 */
interface StatementSource {

    List<MerchantAccount> accounts();

    /** The latest closing of the account on or before {@code day}. */
    Optional<Closing> lastClosing(MerchantAccount account, LocalDate day);

    /** Writes the closing unless the account has one for that day already (another node's, the same). */
    void saveClosing(MerchantAccount account, Closing closing);

    Sum sum(MerchantAccount account, @Nullable Instant from, Instant to);

    Sum sumBefore(MerchantAccount account, Instant from, PaymentFilter.Position before);

    List<TypeTotal> totals(MerchantAccount account, Instant from, Instant to);

    List<Movement> movements(
            MerchantAccount account, Instant from, Instant to, PaymentFilter.@Nullable Position after, int limit);
}
