package sn.xaalis.statement;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Sum;
import sn.xaalis.platform.PeriodicJob;

/**
 * Writes each merchant account's closing balance of the last day ended (UTC, Dakar's day) once its
 * postings have committed: the last closing plus the movements since, one row for a day with
 * movements. It runs on every node without a lock: a closing is a fact of the ledger, so two nodes
 * closing the same day compute the same row and the table's key keeps one; a pass missed (every node
 * down) is caught up by the next, whose closing counts every day since the last one.
 */
@Component
class StatementClosings {

    private final StatementSource source;
    private final StatementProperties properties;
    private final Clock clock;

    StatementClosings(StatementSource source, StatementProperties properties, Clock clock) {
        this.source = source;
        this.properties = properties;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob statementClosingsJob(StatementClosings closings, StatementProperties properties) {
        return PeriodicJob.every(properties.closingInterval(), "statement-closings", closings::closeAll);
    }

    /** One pass: how many accounts it closed a day of. */
    int closeAll() {
        Instant now = clock.instant();
        int closed = 0;
        for (MerchantAccount account : source.accounts()) {
            if (close(account, now)) {
                closed++;
            }
        }
        return closed;
    }

    /** Closes the last day ended {@code closingDelay} before {@code now}, if it had movements. */
    boolean close(MerchantAccount account, Instant now) {
        LocalDate day = Closing.lastBefore(now.minus(properties.closingDelay()));
        Optional<Closing> last = source.lastClosing(account, day);
        if (last.isPresent() && last.get().day().equals(day)) {
            return false;
        }
        Sum since = source.sum(account, last.map(Closing::end).orElse(null), Closing.endOf(day));
        if (since.count() == 0) {
            return false;
        }
        BigDecimal before = last.map(Closing::balance).orElse(BigDecimal.ZERO);
        long counted = last.map(Closing::movements).orElse(0L);
        source.saveClosing(account, new Closing(day, before.add(since.net()), counted + since.count()));
        return true;
    }
}
