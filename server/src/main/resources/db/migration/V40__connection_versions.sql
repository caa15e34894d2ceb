-- A connection saved again with another provider account (another operator merchant code, another
-- wallet API key) keeps the one it replaces for the live payments opened in it, until the last of them
-- has ended: they are looked up, cancelled and notified in the account they were opened in.
-- The version a connection's credentials are at: raised when another account replaces them.
ALTER TABLE provider_connections ADD COLUMN version INTEGER DEFAULT 1 NOT NULL;
-- The operator merchant code a connection collects into, apart from the encrypted credentials so that
-- one code belongs to one connection installation-wide (the operator sends a code's notifications to
-- one address): the unique index refuses the second of two saves made at the same moment. Null for
-- wallet connections; filled at start for operator connections saved before this column.
ALTER TABLE provider_connections ADD COLUMN merchant_code VARCHAR(6);
CREATE UNIQUE INDEX provider_connections_merchant_code_uq ON provider_connections (merchant_code);

-- The replaced accounts still serving open payments, encrypted like the current one; deleted once no
-- payment opened in them is open any more.
CREATE TABLE provider_connection_versions (
    connection_id   UUID NOT NULL REFERENCES provider_connections (id) ON DELETE CASCADE,
    version         INTEGER NOT NULL,
    credentials_box TEXT NOT NULL,
    merchant_code   VARCHAR(6),
    replaced_at     TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    PRIMARY KEY (connection_id, version)
);
CREATE INDEX provider_connection_versions_code_idx ON provider_connection_versions (merchant_code);

-- The version of its connection a live payment was opened in; null for the installation's accounts,
-- sandbox payments and payments opened before this column (all in version 1). No default: adding it
-- rewrites no row.
ALTER TABLE payments ADD COLUMN connection_version INTEGER;
