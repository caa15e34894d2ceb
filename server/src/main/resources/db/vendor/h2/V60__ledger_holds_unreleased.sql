-- ledger module (issue 49): the availability job reads the holds not yet released in key order
-- (available_at, transaction_id), each batch after the last one's key. H2 has no partial index (the
-- PostgreSQL migration of the same number makes it one): the released ones stay in it, first by key.
DROP INDEX ledger_holds_due;
CREATE INDEX ledger_holds_unreleased ON ledger_holds (released_by, available_at, transaction_id);
