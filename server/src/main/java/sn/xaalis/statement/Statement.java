package sn.xaalis.statement;

import java.math.BigDecimal;
import java.util.List;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.TypeTotal;

/**
 * A statement's figures: the balance (available + pending: all the account's holder is owed, whether
 * or not it may be withdrawn yet) at the start of the period, the movements' totals by type, and the
 * balance at its end, which is the opening plus the movements' nets.
 */
record Statement(MerchantAccount account, Period period, BigDecimal opening, List<TypeTotal> totals) {

    Statement {
        totals = List.copyOf(totals);
    }

    public BigDecimal closing() {
        return opening.add(net());
    }

    /** What the movements changed in the balance. */
    public BigDecimal net() {
        return totals.stream().map(TypeTotal::net).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** The fees taken in the period, less those given back. */
    public BigDecimal fees() {
        return totals.stream().map(TypeTotal::fee).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    public long count() {
        return totals.stream().mapToLong(TypeTotal::count).sum();
    }
}
