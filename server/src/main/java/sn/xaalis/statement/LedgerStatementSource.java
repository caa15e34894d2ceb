package sn.xaalis.statement;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.ledger.LedgerHistory;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.ledger.LedgerHistory.Sum;
import sn.xaalis.ledger.LedgerHistory.TypeTotal;
import sn.xaalis.payment.PaymentFilter;

/** The statements' source on the database: the ledger's history and the statement_closings table. */
@Repository
class LedgerStatementSource implements StatementSource {

    private final LedgerHistory history;
    private final JdbcClient jdbc;

    LedgerStatementSource(LedgerHistory history, JdbcClient jdbc) {
        this.history = history;
        this.jdbc = jdbc;
    }

    @Override
    public List<MerchantAccount> accounts() {
        return history.accounts();
    }

    @Override
    public Optional<Closing> lastClosing(MerchantAccount account, LocalDate day) {
        return jdbc.sql(
                        "SELECT closed_on, balance, movements FROM statement_closings WHERE application_id = :app"
                                + " AND environment = :env AND currency = :currency AND closed_on <= :day ORDER BY closed_on DESC LIMIT 1")
                .param("app", account.applicationId().value())
                .param("env", account.environment().value())
                .param("currency", account.currency())
                .param("day", Date.valueOf(day))
                .query((rs, n) -> new Closing(
                        rs.getObject("closed_on", LocalDate.class),
                        rs.getBigDecimal("balance"),
                        rs.getLong("movements")))
                .optional();
    }

    @Override
    public void saveClosing(MerchantAccount account, Closing closing) {
        jdbc.sql("INSERT INTO statement_closings (application_id, environment, currency, closed_on, balance, movements)"
                        + " VALUES (:app, :env, :currency, :day, :balance, :movements) ON CONFLICT DO NOTHING")
                .param("app", account.applicationId().value())
                .param("env", account.environment().value())
                .param("currency", account.currency())
                .param("day", Date.valueOf(closing.day()))
                .param("balance", closing.balance())
                .param("movements", closing.movements())
                .update();
    }

    @Override
    public Sum sum(MerchantAccount account, @Nullable Instant from, Instant to) {
        return history.sum(account, from, to);
    }

    @Override
    public Sum sumBefore(MerchantAccount account, Instant from, PaymentFilter.Position before) {
        return history.sumBefore(account, from, before);
    }

    @Override
    public List<TypeTotal> totals(MerchantAccount account, Instant from, Instant to) {
        return history.totals(account, from, to);
    }

    @Override
    public List<Movement> movements(
            MerchantAccount account, Instant from, Instant to, PaymentFilter.@Nullable Position after, int limit) {
        return history.movements(account, from, to, after, limit);
    }
}
