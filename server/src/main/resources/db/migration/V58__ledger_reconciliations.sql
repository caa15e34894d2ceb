-- reconciliation module (issue 49): the reconciliation of each of the installation's provider accounts
-- (its clearing account in the ledger) with the balance its provider reports.

-- One row per run (daily or on demand). A daily run claims its Dakar day as ledger_checks does: the unique
-- day lets one node of a cluster run it; finished_at is null while it runs, and a claim older than the
-- lease without it is taken over by the next node's pass. A run on demand has no day.
CREATE TABLE ledger_reconciliation_runs (
    id          UUID PRIMARY KEY,
    run_day     DATE,
    started_at  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    finished_at TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT ledger_reconciliation_runs_day UNIQUE (run_day)
);
CREATE INDEX ledger_reconciliation_runs_latest ON ledger_reconciliation_runs (finished_at);

-- One row per run and provider account (environment, provider, currency), written when the run ends.
-- Amounts as the provider account sees them: ledger_balance is minus the clearing account's entries' sum.
-- provider_balance is null when there is none (provider_status says why: NO_ANSWER, NOT_CONFIGURED,
-- SANDBOX), and the differences with it. difference = provider_balance - ledger_balance; unexplained is
-- the part of it that the money in flight cannot explain (a difference from settlements_queued -
-- refunds_in_flight to settlements_queued is explained); unexplained_change is its change since the
-- previous run of the same account that had one (what needs attention: provider fees and the operator's
-- own float stay put between runs).
CREATE TABLE ledger_reconciliations (
    id                    UUID PRIMARY KEY,
    run_id                UUID NOT NULL REFERENCES ledger_reconciliation_runs (id),
    reconciled_at         TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    environment           VARCHAR(8) NOT NULL,
    provider              VARCHAR(20) NOT NULL,
    currency              VARCHAR(3) NOT NULL,
    provider_status       VARCHAR(16) NOT NULL,
    provider_balance      NUMERIC(19, 2),
    ledger_balance        NUMERIC(19, 2) NOT NULL,
    settlements_in_flight NUMERIC(19, 2) NOT NULL,
    -- The part of settlements_in_flight whose payout is still queued (not sent to the provider).
    settlements_queued    NUMERIC(19, 2) NOT NULL,
    refunds_in_flight     NUMERIC(19, 2) NOT NULL,
    difference            NUMERIC(19, 2),
    unexplained           NUMERIC(19, 2),
    unexplained_change    NUMERIC(19, 2),
    -- The previous run of this account: its movements since then are what explain the change.
    previous_at           TIMESTAMP(6) WITH TIME ZONE,
    -- The settlements and refunds in flight (the first rows, and how many), as JSON text.
    in_flight             TEXT NOT NULL,
    CONSTRAINT ledger_reconciliations_run UNIQUE (run_id, environment, provider, currency)
);
CREATE INDEX ledger_reconciliations_account ON ledger_reconciliations (environment, provider, currency, reconciled_at);
