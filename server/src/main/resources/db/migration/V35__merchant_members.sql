-- merchant module (D30): the people of a merchant's account besides its holder. The holder signs in
-- with merchants.email and is always an owner; a member has a role and signs in with their own
-- address, which is no merchant's login (checked on both sides when either is created). A member is
-- invited first (password_hash null) through a link kept only as its SHA-256, valid seven days and
-- once. A removed member keeps their row for the record, their address moved to removed_email so that
-- it may be invited again (here or by another merchant): email is unique among current members only.
CREATE TABLE merchant_members (
    id                     UUID PRIMARY KEY,
    merchant_id            UUID NOT NULL REFERENCES merchants (id),
    email                  VARCHAR(254),
    name                   VARCHAR(100),
    -- OWNER, DEVELOPER, CASHIER or VIEWER (sn.xaalis.merchant.MerchantRole's names).
    role                   VARCHAR(16) NOT NULL,
    password_hash          VARCHAR(100),
    totp_secret_ciphertext VARCHAR(200),
    totp_last_step         BIGINT,
    invite_token_hash      VARCHAR(64),
    invite_expires_at      TIMESTAMP(6) WITH TIME ZONE,
    invited_by             VARCHAR(254) NOT NULL,
    created_at             TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    joined_at              TIMESTAMP(6) WITH TIME ZONE,
    removed_at             TIMESTAMP(6) WITH TIME ZONE,
    removed_email          VARCHAR(254)
);
CREATE UNIQUE INDEX merchant_members_email_uq ON merchant_members (email);
CREATE UNIQUE INDEX merchant_members_invite_uq ON merchant_members (invite_token_hash);
CREATE INDEX merchant_members_merchant_idx ON merchant_members (merchant_id, created_at);

-- recovery module: a forgotten-password link is for the account's holder (member_id null) or a member.
ALTER TABLE password_resets ADD COLUMN member_id UUID;
