-- ledger module (issue 49): manual adjustments by an operator, each with its reason. An adjustment
-- credits or debits a merchant's available money; the other side is the operator's adjustments account
-- (adjustments:<environment>:<currency>, no running balance). Entries are never edited: a mistake is
-- corrected by another adjustment.

-- What the merchant reads beside a movement (an adjustment's reason); null for the other types.
ALTER TABLE ledger_transactions ADD COLUMN description VARCHAR(500);

-- One row per adjustment, written in the transaction of its posting (the journal transaction with the
-- same id, cause 'adjustment'). The key (the admin API's Idempotency-Key, the console's form key) is
-- unique per application: a retry, a second node or a double click adjusts once; request_hash tells a
-- replay from another request under the same key.
CREATE TABLE ledger_adjustments (
    id              UUID PRIMARY KEY,
    application_id  UUID NOT NULL REFERENCES applications (id),
    environment     VARCHAR(8) NOT NULL,
    currency        VARCHAR(3) NOT NULL,
    amount          NUMERIC(19, 2) NOT NULL,
    reason          VARCHAR(500) NOT NULL,
    operator        VARCHAR(254) NOT NULL,
    idempotency_key VARCHAR(255) NOT NULL,
    request_hash    VARCHAR(64) NOT NULL,
    created_at      TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    CONSTRAINT ledger_adjustments_key UNIQUE (application_id, idempotency_key)
);
CREATE INDEX ledger_adjustments_listing ON ledger_adjustments (application_id, created_at, id);
