-- Merchants' own provider accounts (connection module, D26): at most one per application and provider.
-- The credentials are one AES-GCM box under the master key (a dump without the key reveals none of
-- them); the id is the connection's inbound address (/providers/…/{id}), random and never reused.
CREATE TABLE provider_connections (
    id                 UUID PRIMARY KEY,
    application_id     UUID NOT NULL REFERENCES applications (id),
    provider           VARCHAR(20) NOT NULL,
    credentials_box    TEXT NOT NULL,
    -- The outcome of the last set-up or test with the provider: connected or failed, and its words.
    status             VARCHAR(12) NOT NULL,
    status_message     VARCHAR(500),
    checked_at         TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    created_at         TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    updated_at         TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
CREATE UNIQUE INDEX provider_connections_application_uq ON provider_connections (application_id, provider);

-- The account a live payment was opened with: its connection, or null for the installation's own
-- accounts (and for every sandbox payment). Reconciliation, refunds and inbound events use that account
-- whatever the application connects later. Nullable without a default: adding it rewrites no row.
ALTER TABLE payments ADD COLUMN connection_id UUID;
