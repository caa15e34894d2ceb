-- H2 has no partial indexes: the same indexes as the PostgreSQL V34, over every row.
CREATE INDEX payments_provider_reference_idx ON payments (provider_reference);
CREATE INDEX payments_provider_transaction_idx ON payments (provider_transaction_id);
CREATE INDEX payments_customer_phone_idx ON payments (customer_phone, created_at);
