-- payout module (issue 34): a bulk file of payouts. Uploaded, it is a DRAFT the merchant previews
-- (every row kept with what is wrong with it); confirmed once (a conditional update), its good rows
-- become payouts in the same transaction, each keyed by the batch and its line, so a second
-- confirmation or a crash cannot make a row's payout twice.
CREATE TABLE payout_batches (
    id                   UUID PRIMARY KEY,
    application_id       UUID NOT NULL REFERENCES applications (id),
    environment          VARCHAR(8) NOT NULL,
    provider             VARCHAR(20) NOT NULL,
    file_name            VARCHAR(200) NOT NULL,
    -- DRAFT: previewed, nothing sent; ACCEPTED: its payouts exist; DISCARDED: dropped by the merchant.
    status               VARCHAR(10) NOT NULL,
    lines                INTEGER NOT NULL,
    good_lines           INTEGER NOT NULL,
    amount               NUMERIC(16, 2) NOT NULL,
    created_at           TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    accepted_at          TIMESTAMP(6) WITH TIME ZONE
);
CREATE INDEX payout_batches_app_idx ON payout_batches (application_id, environment, created_at);

-- Each line of the file as read: the recipient's number (normalised when valid, else as typed, cut to
-- 40 characters), the amount, and the problem that keeps a bad line out (null for a good one).
CREATE TABLE payout_batch_lines (
    batch_id             UUID NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
    line                 INTEGER NOT NULL,
    recipient_phone      VARCHAR(40) NOT NULL,
    amount_text          VARCHAR(40) NOT NULL,
    amount               NUMERIC(14, 2),
    recipient_name       VARCHAR(100),
    reason               VARCHAR(40),
    problem              VARCHAR(20),
    PRIMARY KEY (batch_id, line)
);

ALTER TABLE payouts ADD COLUMN batch_id UUID;
ALTER TABLE payouts ADD COLUMN batch_line INTEGER;
CREATE INDEX payouts_batch_idx ON payouts (batch_id, batch_line);

-- Who asked for a payout, beside where from (requested_from): "api" for the application's secret key,
-- the merchant's e-mail for the portal.
ALTER TABLE payouts ADD COLUMN requested_by VARCHAR(320);
