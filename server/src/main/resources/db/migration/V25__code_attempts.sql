-- codepayment module (issue 31): every one-time code sent for a payment, and what became of it. The
-- code itself is never kept; a try that is SENT or UNANSWERED blocks the next until it is settled.
CREATE TABLE code_attempts (
    payment_id              UUID NOT NULL REFERENCES payments (id),
    seq                     INTEGER NOT NULL,
    application_id          UUID NOT NULL,
    customer_phone          VARCHAR(20) NOT NULL,
    channel                 VARCHAR(12) NOT NULL,
    state                   VARCHAR(12) NOT NULL,
    reason                  VARCHAR(500),
    provider_transaction_id VARCHAR(128),
    created_at              TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    answered_at             TIMESTAMP(6) WITH TIME ZONE,
    PRIMARY KEY (payment_id, seq)
);
