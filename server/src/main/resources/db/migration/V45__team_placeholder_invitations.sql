-- merchant module: inviting an address that already signs in elsewhere (another merchant's login, or
-- another team's member) keeps a placeholder, listed to the owner like any invitation, so that the team
-- page tells nobody who has an account. Its address is in elsewhere_email (email stays null: it is
-- nobody's login, and email is unique among current members) and it has no link (invite_token_hash
-- null), so it can never be accepted. Once per merchant and address, as email is.
ALTER TABLE merchant_members ADD COLUMN elsewhere_email VARCHAR(254);
CREATE UNIQUE INDEX merchant_members_elsewhere_uq ON merchant_members (merchant_id, elsewhere_email);
