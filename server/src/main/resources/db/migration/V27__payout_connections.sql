-- The merchant's own provider account a live payout goes out of (kept from its creation, as a payment
-- keeps the account it was opened in); null for sandbox payouts, which never leave Xaalis.
ALTER TABLE payouts ADD COLUMN connection_id UUID;
