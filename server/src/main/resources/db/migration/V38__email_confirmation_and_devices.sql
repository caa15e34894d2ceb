-- recovery module: a self-service merchant's address, confirmed by a link (D30), and the devices each
-- person has signed in from, so that a sign-in from a new one is told by e-mail.
ALTER TABLE merchants ADD COLUMN email_confirmed_at TIMESTAMP(6) WITH TIME ZONE;
-- Merchants made before this change, and by the operator, are taken as confirmed.
UPDATE merchants SET email_confirmed_at = created_at;

CREATE TABLE email_confirmations (
    token_hash  VARCHAR(64) PRIMARY KEY,
    merchant_id UUID NOT NULL REFERENCES merchants (id),
    email       VARCHAR(254) NOT NULL,
    created_at  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    expires_at  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    used_at     TIMESTAMP(6) WITH TIME ZONE
);
CREATE INDEX email_confirmations_merchant_idx ON email_confirmations (merchant_id, created_at);

CREATE TABLE sign_in_devices (
    principal     VARCHAR(100) NOT NULL,
    device_hash   VARCHAR(64) NOT NULL,
    first_seen_at TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    last_seen_at  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (principal, device_hash)
);
