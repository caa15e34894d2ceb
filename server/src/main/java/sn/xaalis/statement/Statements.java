package sn.xaalis.statement;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.payment.PaymentFilter;

/**
 * A merchant account's statement for a period. The opening balance is the last daily closing before
 * the period plus the movements since (at most a day and the period's first hours on an account whose
 * closings are written daily), never a sum of the account's whole history; the running balance of a
 * page is the opening plus the period's movements before it.
 */
@Service
class Statements {

    /** Movements read at a time by a download. */
    static final int BATCH = 2000;

    private final StatementSource source;

    Statements(StatementSource source) {
        this.source = source;
    }

    /** One line of a statement: a movement and the balance after it. */
    record Line(Movement movement, BigDecimal balance) {}

    /** A page of lines, and where the next one starts when there is one. */
    record Page(List<Line> lines, PaymentFilter.@Nullable Position next) {}

    /** The account's balance at {@code at}: every movement created before it. */
    BigDecimal balanceAt(MerchantAccount account, Instant at) {
        var closing = source.lastClosing(account, Closing.lastBefore(at));
        BigDecimal closed = closing.map(Closing::balance).orElse(BigDecimal.ZERO);
        Instant since = closing.map(Closing::end).orElse(null);
        return closed.add(source.sum(account, since, at).net());
    }

    Statement statement(MerchantAccount account, Period period) {
        return new Statement(
                account,
                period,
                balanceAt(account, period.start()),
                source.totals(account, period.start(), period.end()));
    }

    /** Up to {@code size} lines after {@code after} (the first ones when null). */
    Page page(MerchantAccount account, Period period, PaymentFilter.@Nullable Position after, int size) {
        List<Movement> movements = source.movements(account, period.start(), period.end(), after, size + 1);
        boolean more = movements.size() > size;
        List<Movement> shown = more ? movements.subList(0, size) : movements;
        if (shown.isEmpty()) {
            return new Page(List.of(), null);
        }
        BigDecimal balance = balanceAt(account, period.start())
                .add(source.sumBefore(account, period.start(), shown.getFirst().position())
                        .net());
        List<Line> lines = new ArrayList<>(shown.size());
        for (Movement movement : shown) {
            balance = balance.add(movement.net());
            lines.add(new Line(movement, balance));
        }
        return new Page(lines, more ? shown.getLast().position() : null);
    }

    /** Every line of the period, oldest first, read {@value #BATCH} at a time: for a download. */
    void each(MerchantAccount account, Statement statement, Consumer<Line> action) {
        Period period = statement.period();
        BigDecimal balance = statement.opening();
        PaymentFilter.@Nullable Position after = null;
        while (true) {
            List<Movement> batch = source.movements(account, period.start(), period.end(), after, BATCH);
            for (Movement movement : batch) {
                balance = balance.add(movement.net());
                action.accept(new Line(movement, balance));
            }
            if (batch.size() < BATCH) {
                return;
            }
            after = batch.getLast().position();
        }
    }
}
