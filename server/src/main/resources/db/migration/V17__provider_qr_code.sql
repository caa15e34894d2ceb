-- The provider's own QR image (base64 PNG, as the initiation answered it in qr_code), when it drew
-- one: the hosted payment page shows that image, the one its app scans, rather than a QR of the
-- first deep link. Null when the provider gave none (sandbox, WALLET_SN): the page draws it then.
-- Nullable without a default, so adding it rewrites no row; read only by the hosted page.
ALTER TABLE payments ADD COLUMN provider_qr_code TEXT;
