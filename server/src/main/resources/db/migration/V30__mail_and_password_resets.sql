-- mail module (issue 35): an e-mail waits here, written in the transaction of what it tells, until a
-- node has handed it to the SMTP server; a crash or a restart loses none. Its body (which may hold a
-- single-use link) is cleared once sent. next_attempt_at is null once sent or given up.
CREATE TABLE mail_outbox (
    id                   UUID PRIMARY KEY,
    recipient            VARCHAR(320) NOT NULL,
    subject              VARCHAR(300) NOT NULL,
    body                 TEXT,
    kind                 VARCHAR(40) NOT NULL,
    attempts             INTEGER NOT NULL,
    last_error           VARCHAR(500),
    created_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    next_attempt_at      TIMESTAMP(6) WITH TIME ZONE,
    sent_at              TIMESTAMP(6) WITH TIME ZONE
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at);

-- recovery module (issue 35): a forgotten password's single-use link, kept only as its token's hash.
CREATE TABLE password_resets (
    token_hash           VARCHAR(64) PRIMARY KEY,
    merchant_id          UUID NOT NULL REFERENCES merchants (id),
    requested_from       VARCHAR(64) NOT NULL,
    created_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    expires_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    used_at              TIMESTAMP(6) WITH TIME ZONE
);
CREATE INDEX password_resets_merchant_idx ON password_resets (merchant_id, created_at);
