-- The operator's retailer PIN (docs/providers.md §3.6): its third wrong try in a row blocks the retailer
-- account (2013). Once the operator refuses a connection's PIN (2010-2013), nothing tries it again until
-- the merchant enters one: refused_at and the operator's words, cleared when a new PIN is saved.
ALTER TABLE provider_connections ADD COLUMN pin_refused_at TIMESTAMP(6) WITH TIME ZONE;
ALTER TABLE provider_connections ADD COLUMN pin_refusal VARCHAR(500);
-- One call with the PIN at a time, on any node: the one under way holds the PIN until then (a node that
-- stops mid-call lets it go when that time has passed).
ALTER TABLE provider_connections ADD COLUMN pin_busy_until TIMESTAMP(6) WITH TIME ZONE;
