-- reconciliation module (issue 49): each run of the ledger's invariant check, its result kept so that
-- the console and the metric show the last one.
-- A daily run claims its Dakar day: the unique day is what lets one node of a cluster run it (the others'
-- INSERT does nothing); a run started on demand has no day. checked_at is null while the run is going;
-- a claim older than the lease with no result is taken over by the next node's pass.
CREATE TABLE ledger_checks (
    id                      UUID PRIMARY KEY,
    run_day                 DATE,
    started_at              TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    checked_at              TIMESTAMP(6) WITH TIME ZONE,
    balanced                BOOLEAN,
    transactions            BIGINT,
    unbalanced_count        BIGINT,
    mismatch_count          BIGINT,
    missing_count           BIGINT,
    -- The first rows of each list, as the admin API returns them (JSON text).
    details                 TEXT,
    CONSTRAINT ledger_checks_day UNIQUE (run_day)
);
CREATE INDEX ledger_checks_latest ON ledger_checks (checked_at);
