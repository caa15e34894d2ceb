-- statement module (issue 49): what makes a merchant's statement fast and its monthly e-mail single.

-- A merchant account's balance (available + pending, every movement but releases summed) at the end
-- of a UTC day (= Dakar's, GMT all year): the sum of the nets of the ledger transactions created before
-- the next day's midnight. Written once a day by the closing job, for days with movements, after a
-- margin that lets the day's last postings commit; a row is only ever inserted, and two nodes writing
-- the same day write the same figure (the key keeps one). A statement's opening balance is the last
-- closing before its first day plus the movements since, never a sum of the whole history.
CREATE TABLE statement_closings (
    application_id UUID NOT NULL REFERENCES applications (id),
    environment    VARCHAR(8) NOT NULL,
    currency       VARCHAR(3) NOT NULL,
    closed_on      DATE NOT NULL,
    balance        NUMERIC(19, 2) NOT NULL,
    movements      BIGINT NOT NULL,
    PRIMARY KEY (application_id, environment, currency, closed_on)
);

-- The monthly statement e-mailed for an application's live money, one row per application and month,
-- inserted in the transaction that writes the e-mails: the key is what sends it once, whatever the
-- number of nodes or passes.
CREATE TABLE statement_mailings (
    application_id UUID NOT NULL REFERENCES applications (id),
    for_month      DATE NOT NULL,
    recipients     INT NOT NULL,
    sent_at        TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (application_id, for_month)
);
