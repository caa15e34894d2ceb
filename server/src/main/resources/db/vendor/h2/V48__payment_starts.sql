-- payment module (issue 48): see the PostgreSQL V48. H2 has no partial indexes: the same ones over every row.
CREATE TABLE payment_starts (
    payment_id     UUID PRIMARY KEY REFERENCES payments (id),
    application_id UUID NOT NULL,
    created_at     TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    started_by     VARCHAR(16),
    starter_name   VARCHAR(200),
    customer_phone VARCHAR(20)
);
CREATE INDEX payment_starts_application_phone_idx ON payment_starts (application_id, customer_phone, created_at);
CREATE INDEX payment_starts_phone_idx ON payment_starts (customer_phone, created_at);
CREATE INDEX payments_application_phone_idx ON payments (application_id, customer_phone, created_at);
