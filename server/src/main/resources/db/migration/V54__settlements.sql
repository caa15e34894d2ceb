-- settlement module (issue 49): paying a merchant's available balance out to its own number, out of the
-- installation's provider account, through the payout machinery.

-- Where an application's settlements go, per environment (the sandbox's are pretend ones), and when:
-- on demand, or automatically each day once available reaches `minimum`. A change of number is usable
-- from `usable_from` only (24 h after it, by default): a stolen session cannot send the money away at once.
CREATE TABLE settlement_destinations (
    application_id UUID NOT NULL REFERENCES applications (id),
    environment    VARCHAR(8) NOT NULL,
    provider       VARCHAR(20) NOT NULL,
    phone          VARCHAR(20) NOT NULL,
    usable_from    TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    changed_at     TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    changed_by     VARCHAR(320) NOT NULL,
    automatic      BOOLEAN NOT NULL DEFAULT FALSE,
    minimum        NUMERIC(19, 2) NOT NULL DEFAULT 0,
    PRIMARY KEY (application_id, environment)
);

-- One row per settlement, written in the transaction that debits the balance and queues its payout
-- (payout_id): the three commit together or not at all. The key (the API's Idempotency-Key, the portal's
-- form key, or the daily job's "auto:<day>") is unique per application and environment, so a retry, a
-- second node or a second run of the job settles once.
CREATE TABLE settlements (
    id              UUID PRIMARY KEY,
    -- STL-XXXXXXXX: short enough to name its webhooks (<reference>:<STATUS>), as payouts' OUT- do.
    reference       VARCHAR(12) NOT NULL UNIQUE,
    application_id  UUID NOT NULL REFERENCES applications (id),
    environment     VARCHAR(8) NOT NULL,
    amount          NUMERIC(19, 2) NOT NULL,
    currency        VARCHAR(3) NOT NULL,
    provider        VARCHAR(20) NOT NULL,
    phone           VARCHAR(20) NOT NULL,
    status          VARCHAR(12) NOT NULL,
    payout_id       UUID NOT NULL UNIQUE REFERENCES payouts (id),
    payout_reference VARCHAR(12) NOT NULL,
    origin          VARCHAR(12) NOT NULL,
    idempotency_key VARCHAR(255) NOT NULL,
    request_hash    VARCHAR(64) NOT NULL,
    failure_code    VARCHAR(64),
    failure_reason  VARCHAR(500),
    created_at      TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    CONSTRAINT settlements_key UNIQUE (application_id, environment, idempotency_key)
);
CREATE INDEX settlements_listing ON settlements (application_id, environment, created_at, id);
