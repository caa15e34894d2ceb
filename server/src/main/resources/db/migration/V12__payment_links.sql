-- Payment links (paymentlink module, D22): a shareable address /l/{code} that starts payments for one
-- application in one environment. A fixed amount, or a range the customer chooses in.
CREATE TABLE payment_links (
    id              UUID PRIMARY KEY,
    -- Random and unguessable (base32); the link's only identifier outside the portal.
    code            VARCHAR(32) NOT NULL,
    application_id  UUID NOT NULL REFERENCES applications (id),
    -- Copied from the application (which never changes merchant): the portal lists by merchant.
    merchant_id     UUID NOT NULL REFERENCES merchants (id),
    environment     VARCHAR(8) NOT NULL,
    amount          NUMERIC(14, 2),
    min_amount      NUMERIC(14, 2),
    max_amount      NUMERIC(14, 2),
    currency        VARCHAR(3) NOT NULL,
    description     VARCHAR(500),
    -- The providers offered, comma-separated in a fixed order (WALLET_SN,MOBILEMONEY_SN).
    providers       VARCHAR(100) NOT NULL,
    single_use      BOOLEAN NOT NULL,
    expires_at      TIMESTAMP(6) WITH TIME ZONE,
    active          BOOLEAN NOT NULL,
    deactivated_at  TIMESTAMP(6) WITH TIME ZONE,
    -- Single use: the payment that holds the link, claimed by a conditional update before the payment
    -- exists (no foreign key), and given up when that payment fails, is cancelled or expires.
    open_payment_id UUID,
    claimed_at      TIMESTAMP(6) WITH TIME ZONE,
    created_at      TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    CONSTRAINT payment_links_amount_ck CHECK (
        (amount IS NOT NULL AND min_amount IS NULL AND max_amount IS NULL)
        OR (amount IS NULL AND min_amount IS NOT NULL AND max_amount IS NOT NULL AND min_amount <= max_amount))
);
CREATE UNIQUE INDEX payment_links_code_uq ON payment_links (code);
-- The API's list (one application and environment) and the portal's (a merchant), newest first by keyset.
CREATE INDEX payment_links_listing_idx ON payment_links (application_id, environment, created_at, id);
CREATE INDEX payment_links_merchant_idx ON payment_links (merchant_id, created_at, id);
