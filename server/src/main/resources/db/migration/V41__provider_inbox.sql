-- provider module: every authenticated provider event, stored before it is answered and acted on
-- afterwards by a job (issue 47), so that the answer never waits on a provider's API and an event
-- stored but not yet acted on survives a crash. A provider's retry of an event (same provider,
-- account and event id: the dedupe key) is acknowledged without a second row.
CREATE TABLE provider_inbox (
    id                      UUID PRIMARY KEY,
    dedupe_key              VARCHAR(160) NOT NULL UNIQUE,
    provider                VARCHAR(20) NOT NULL,
    -- Null for the installation's own account.
    connection_id           UUID,
    -- What the event says, already authenticated and read (never re-verified: a signature's
    -- timestamp ages, a secret is rotated).
    reference               VARCHAR(255) NOT NULL,
    provider_reference      VARCHAR(255),
    provider_transaction_id VARCHAR(255),
    claimed_state           VARCHAR(12) NOT NULL,
    failure_reason          VARCHAR(500),
    -- As the provider wrote it (BigDecimal text), so that the match on amount stays exact.
    amount                  VARCHAR(40),
    event_id                VARCHAR(255),
    -- Redacted as in provider_exchanges, for the exchange log once it is matched to a payment.
    body                    TEXT NOT NULL,
    received_at             TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    state                   VARCHAR(8) NOT NULL,
    attempts                INT NOT NULL DEFAULT 0,
    next_attempt_at         TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    leased_until            TIMESTAMP(6) WITH TIME ZONE,
    lease_token             UUID,
    outcome                 VARCHAR(500),
    done_at                 TIMESTAMP(6) WITH TIME ZONE
);
CREATE INDEX provider_inbox_due_idx ON provider_inbox (state, next_attempt_at);
CREATE INDEX provider_inbox_done_idx ON provider_inbox (done_at);
