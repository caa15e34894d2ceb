-- The installation's own retailer PIN (xaalis.providers.mobilemoney.retailer-pin), guarded as a connection's
-- (V39): the operator blocks the retailer account at the third wrong PIN in a row, so calls with it go one at
-- a time on every node, and once the operator refused it none goes until another PIN is configured. One row
-- per provider; pin_fingerprint is an HMAC of the PIN the row's state is about (never the PIN), so a
-- different PIN configured is usable again.
CREATE TABLE installation_retailer_pins (
    provider VARCHAR(40) PRIMARY KEY,
    pin_fingerprint VARCHAR(64) NOT NULL,
    busy_until TIMESTAMP(6) WITH TIME ZONE,
    refused_at TIMESTAMP(6) WITH TIME ZONE,
    refusal VARCHAR(500)
);
