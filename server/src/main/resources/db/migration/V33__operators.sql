-- operator module: the people who run the installation (D30), and the tokens they issue for automation.
CREATE TABLE operators (
    id                     UUID PRIMARY KEY,
    email                  VARCHAR(254) NOT NULL,
    name                   VARCHAR(100) NOT NULL,
    -- Null until the invited operator sets up the account (password and authenticator app).
    password_hash          VARCHAR(100),
    totp_secret_ciphertext VARCHAR(200) NOT NULL,
    totp_last_step         BIGINT,
    -- The set-up link, kept only as its fingerprint, until it is used or expires.
    setup_token_hash       VARCHAR(64),
    setup_expires_at       TIMESTAMP(6) WITH TIME ZONE,
    invited_by             VARCHAR(254) NOT NULL,
    created_at             TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    disabled_at            TIMESTAMP(6) WITH TIME ZONE
);
CREATE UNIQUE INDEX operators_email_uq ON operators (email);
CREATE UNIQUE INDEX operators_setup_token_uq ON operators (setup_token_hash);

CREATE TABLE operator_tokens (
    id           UUID PRIMARY KEY,
    name         VARCHAR(100) NOT NULL,
    -- The token's peppered HMAC: the token itself is shown once and kept nowhere.
    token_hash   VARCHAR(64) NOT NULL,
    last4        VARCHAR(4) NOT NULL,
    created_by   VARCHAR(254) NOT NULL,
    created_at   TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    revoked_at   TIMESTAMP(6) WITH TIME ZONE,
    last_used_at TIMESTAMP(6) WITH TIME ZONE
);
CREATE UNIQUE INDEX operator_tokens_hash_uq ON operator_tokens (token_hash);
