package sn.xaalis.reconciliation;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.ledger.ClearingQueries.InFlight;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.json.JsonMapper;

/** The reconciliation runs (V58): the daily run's claim of its day, and each provider account's result. */
@Repository
class ReconciliationRuns {

    /** The settlements and refunds in flight a row keeps, as JSON text. */
    record Stored(Found<InFlight> inFlight) {}

    /** The previous reconciliation of an account: when, and its unexplained difference (the last known). */
    record Previous(Instant at, @Nullable BigDecimal unexplained) {}

    private static final String COLUMNS = "run_id, reconciled_at, environment, provider, currency, provider_status,"
            + " provider_balance, ledger_balance, settlements_in_flight, settlements_queued, refunds_in_flight, difference, unexplained,"
            + " unexplained_change, previous_at, in_flight";

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final java.time.Clock clock;
    private final DailyClaim daily;

    ReconciliationRuns(JdbcClient jdbc, JsonMapper json, java.time.Clock clock) {
        this.jdbc = jdbc;
        this.json = json;
        this.clock = clock;
        this.daily = new DailyClaim(jdbc, "ledger_reconciliation_runs", "finished_at");
    }

    /** Claims the daily run of {@code day} for this node ({@link DailyClaim}). */
    boolean claim(UUID id, LocalDate day, Instant now, Instant staleBefore) {
        return daily.claim(id, day, now, staleBefore);
    }

    /** A run started on demand (no day claimed). */
    void start(UUID id, Instant now) {
        jdbc.sql("INSERT INTO ledger_reconciliation_runs (id, started_at) VALUES (:id, :now)")
                .param("id", id)
                .param("now", Timestamps.toDatabase(now))
                .update();
    }

    /** Stores the run's results and marks it finished, in the caller's transaction. */
    void complete(ReconciliationRun run) {
        for (AccountReconciliation a : run.accounts()) {
            var params = new LinkedHashMap<String, @Nullable Object>();
            params.put("id", RandomTokens.uuidV7(clock));
            params.put("run", run.id());
            params.put("at", Timestamps.toDatabase(a.reconciledAt()));
            params.put("env", a.environment().value());
            params.put("provider", a.provider().name());
            params.put("currency", a.currency());
            params.put("status", a.providerStatus().name());
            params.put("providerBalance", a.providerBalance());
            params.put("ledger", a.ledgerBalance());
            params.put("settlements", a.settlementsInFlight());
            params.put("queued", a.settlementsQueued());
            params.put("refunds", a.refundsInFlight());
            params.put("difference", a.difference());
            params.put("unexplained", a.unexplained());
            params.put("change", a.unexplainedChange());
            params.put("previous", Timestamps.toDatabase(a.previousAt()));
            params.put("inFlight", json.writeValueAsString(new Stored(a.inFlight())));
            jdbc.sql("INSERT INTO ledger_reconciliations (id, " + COLUMNS + ") VALUES (:id, :run, :at, :env,"
                            + " :provider, :currency, :status, :providerBalance, :ledger, :settlements, :queued, :refunds,"
                            + " :difference, :unexplained, :change, :previous, :inFlight)")
                    .params(params)
                    .update();
        }
        jdbc.sql("UPDATE ledger_reconciliation_runs SET finished_at = :at WHERE id = :id")
                .param("at", Timestamps.toDatabase(run.reconciledAt()))
                .param("id", run.id())
                .update();
    }

    /** The account's last reconciliation before now, with the last unexplained difference it had. */
    Optional<Previous> previous(Environment environment, Provider provider, String currency) {
        return jdbc.sql("SELECT r.reconciled_at, (SELECT u.unexplained FROM ledger_reconciliations u"
                        + " WHERE u.environment = r.environment AND u.provider = r.provider"
                        + " AND u.currency = r.currency AND u.unexplained IS NOT NULL"
                        + " ORDER BY u.reconciled_at DESC, u.id DESC LIMIT 1) AS unexplained"
                        + " FROM ledger_reconciliations r WHERE r.environment = :env AND r.provider = :provider"
                        + " AND r.currency = :currency ORDER BY r.reconciled_at DESC, r.id DESC LIMIT 1")
                .param("env", environment.value())
                .param("provider", provider.name())
                .param("currency", currency)
                .query((rs, n) -> new Previous(at(rs, "reconciled_at"), rs.getBigDecimal("unexplained")))
                .optional();
    }

    /** The last {@code limit} finished runs, newest first. */
    List<ReconciliationRun> recent(int limit) {
        record Run(UUID id, Instant at) {}
        List<Run> found = jdbc.sql(
                        "SELECT id, finished_at FROM ledger_reconciliation_runs WHERE finished_at IS NOT NULL"
                                + " ORDER BY finished_at DESC, id DESC LIMIT :limit")
                .param("limit", limit)
                .query((rs, n) -> new Run(rs.getObject("id", UUID.class), at(rs, "finished_at")))
                .list();
        if (found.isEmpty()) {
            return List.of();
        }
        Map<UUID, List<AccountReconciliation>> accounts = new HashMap<>();
        jdbc.sql("SELECT " + COLUMNS + " FROM ledger_reconciliations WHERE run_id IN (:ids)"
                        + " ORDER BY environment, provider, currency")
                .param("ids", found.stream().map(Run::id).toList())
                .query(rs -> {
                    UUID run = rs.getObject("run_id", UUID.class);
                    accounts.computeIfAbsent(run, id -> new ArrayList<>()).add(row(rs));
                });
        return found.stream()
                .map(run -> new ReconciliationRun(
                        run.id(), run.at(), List.copyOf(accounts.getOrDefault(run.id(), List.of()))))
                .toList();
    }

    /** A live account's last unexplained difference and its change (the gauges). */
    record Latest(@Nullable BigDecimal unexplained, @Nullable BigDecimal change) {}

    Optional<Latest> latestLive(Provider provider) {
        return jdbc.sql("SELECT unexplained, unexplained_change FROM ledger_reconciliations WHERE environment = 'live'"
                        + " AND provider = :provider ORDER BY reconciled_at DESC, id DESC LIMIT 1")
                .param("provider", provider.name())
                .query((rs, n) -> new Latest(rs.getBigDecimal(1), rs.getBigDecimal(2)))
                .optional();
    }

    private AccountReconciliation row(ResultSet rs) throws SQLException {
        Stored stored = json.readValue(rs.getString("in_flight"), Stored.class);
        OffsetDateTime previous = rs.getObject("previous_at", OffsetDateTime.class);
        return new AccountReconciliation(
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                Provider.valueOf(rs.getString("provider")),
                rs.getString("currency"),
                at(rs, "reconciled_at"),
                AccountReconciliation.ProviderStatus.valueOf(rs.getString("provider_status")),
                rs.getBigDecimal("provider_balance"),
                rs.getBigDecimal("ledger_balance"),
                rs.getBigDecimal("settlements_in_flight"),
                rs.getBigDecimal("settlements_queued"),
                rs.getBigDecimal("refunds_in_flight"),
                rs.getBigDecimal("difference"),
                rs.getBigDecimal("unexplained"),
                rs.getBigDecimal("unexplained_change"),
                Timestamps.fromDatabase(previous),
                stored.inFlight());
    }

    private static Instant at(ResultSet rs, String column) throws SQLException {
        Instant at = Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
        if (at == null) {
            throw new IllegalStateException(column + " is null");
        }
        return at;
    }
}
