-- verification module: who a merchant is, as it tells the operator before going live (D30).
CREATE TABLE merchant_verifications (
    merchant_id      UUID PRIMARY KEY REFERENCES merchants (id),
    legal_name       VARCHAR(200),
    ninea            VARCHAR(20),
    rccm             VARCHAR(40),
    address          VARCHAR(300),
    contact_phone    VARCHAR(20),
    contact_email    VARCHAR(254),
    responsible_name VARCHAR(100),
    responsible_role VARCHAR(100),
    -- draft, submitted, approved, refused
    state            VARCHAR(12) NOT NULL,
    refusal_reason   VARCHAR(500),
    submitted_at     TIMESTAMP(6) WITH TIME ZONE,
    decided_at       TIMESTAMP(6) WITH TIME ZONE,
    decided_by       VARCHAR(254),
    updated_at       TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
CREATE INDEX merchant_verifications_state_idx ON merchant_verifications (state, submitted_at);
