-- payment module (issue 48): who started a payment and the customer's number typed for it, apart from
-- the payments row, whose customer_phone is what the merchant's server sent (the API returns it as sent).
-- started_by: COUNTER (starter_name: the cashier's name) or LINK (the link's title); no row or a null
-- started_by: the API. customer_phone: the number typed at the counter or on the code form, +221…
-- created_at: the payment's, so that a number's payments read newest first from the index.
CREATE TABLE payment_starts (
    payment_id     UUID PRIMARY KEY REFERENCES payments (id),
    application_id UUID NOT NULL,
    created_at     TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    started_by     VARCHAR(16),
    starter_name   VARCHAR(200),
    customer_phone VARCHAR(20)
);
-- The portal's search by a customer's number, one application at a time; the console's, across all.
CREATE INDEX payment_starts_application_phone_idx ON payment_starts (application_id, customer_phone, created_at)
    WHERE customer_phone IS NOT NULL;
CREATE INDEX payment_starts_phone_idx ON payment_starts (customer_phone, created_at)
    WHERE customer_phone IS NOT NULL;
-- The portal's search by the number the merchant's server sent, one application at a time (the console
-- reads payments_customer_phone_idx, across all). Only payments sent with a number pay for it.
CREATE INDEX payments_application_phone_idx ON payments (application_id, customer_phone, created_at)
    WHERE customer_phone IS NOT NULL;
