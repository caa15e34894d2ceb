-- The operator's "find a payment" (payment/PaymentSearch) looks across every merchant by keys no index
-- led with: each search read the whole payments table. Every index here is also paid on writes, so
-- each holds only the rows it can find.
-- Every payment has a provider reference: the one index an initiation pays for.
CREATE INDEX payments_provider_reference_idx ON payments (provider_reference);
-- Set by a provider's notification, never at initiation: an initiation adds no entry here.
CREATE INDEX payments_provider_transaction_idx ON payments (provider_transaction_id)
    WHERE provider_transaction_id IS NOT NULL;
-- Only payments sent with a customer's number, which the API does not require; read newest first from
-- the end of a date range.
CREATE INDEX payments_customer_phone_idx ON payments (customer_phone, created_at)
    WHERE customer_phone IS NOT NULL;
