-- payout module (issue 34): money sent out of a merchant's provider account to a mobile number.
-- A payout row commits (with its idempotency key, kept for good here, not 24 h) before any provider
-- call; `stage` says how far its sending went, so a crash or a timeout is settled by asking, not by
-- sending again.
CREATE TABLE payouts (
    id                   UUID PRIMARY KEY,
    reference            VARCHAR(12) NOT NULL UNIQUE,
    application_id       UUID NOT NULL REFERENCES applications (id),
    environment          VARCHAR(8) NOT NULL,
    provider             VARCHAR(20) NOT NULL,
    amount               NUMERIC(14, 2) NOT NULL,
    fee                  NUMERIC(14, 2),
    currency             VARCHAR(3) NOT NULL,
    recipient_phone      VARCHAR(20) NOT NULL,
    recipient_name       VARCHAR(100),
    reason               VARCHAR(40),
    -- The merchant's JSON exactly as sent, as for payments.
    metadata             TEXT NOT NULL,
    status               VARCHAR(12) NOT NULL,
    -- QUEUED: not sent yet; SENDING: handed to the provider, outcome unknown until answered or found;
    -- DONE: the provider answered (status tells what) or the payout needs the merchant's review.
    stage                VARCHAR(8) NOT NULL,
    failure_code         VARCHAR(64),
    failure_reason       VARCHAR(500),
    provider_reference   VARCHAR(128),
    idempotency_key      VARCHAR(255) NOT NULL,
    request_hash         VARCHAR(64) NOT NULL,
    requested_from       VARCHAR(64) NOT NULL,
    checks               INTEGER NOT NULL DEFAULT 0,
    next_attempt_at      TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    created_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    updated_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    sent_at              TIMESTAMP(6) WITH TIME ZONE,
    settled_at           TIMESTAMP(6) WITH TIME ZONE
);
CREATE UNIQUE INDEX payouts_key_idx ON payouts (application_id, environment, idempotency_key);
CREATE INDEX payouts_list_idx ON payouts (application_id, environment, created_at, id);
CREATE INDEX payouts_due_idx ON payouts (stage, next_attempt_at);

-- Whether an application may send payouts, its daily caps (under the operator's maximums), and the
-- server addresses allowed to ask for them (none: any).
CREATE TABLE payout_settings (
    application_id       UUID PRIMARY KEY REFERENCES applications (id),
    enabled              BOOLEAN NOT NULL,
    daily_amount_cap     NUMERIC(14, 2) NOT NULL,
    daily_count_cap      INTEGER NOT NULL,
    allowed_addresses    VARCHAR(1000) NOT NULL,
    updated_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL
);

-- What each application sent on each day (UTC), reserved in the transaction that stores the payout,
-- so the caps hold on every node at once; a failed payout gives its share back.
CREATE TABLE payout_days (
    application_id       UUID NOT NULL REFERENCES applications (id),
    environment          VARCHAR(8) NOT NULL,
    sent_on              DATE NOT NULL,
    amount               NUMERIC(16, 2) NOT NULL,
    payouts              INTEGER NOT NULL,
    PRIMARY KEY (application_id, environment, sent_on)
);
