-- ledger module (issue 49): the availability job reads only the holds not yet released, in key order
-- (available_at, transaction_id), each batch after the last one's key. The index of V51 kept an entry for
-- every hold ever released, which each batch walked past (until a vacuum): the cost per hold grew with
-- the holds released before it (1 M holds in 497 s). A partial index holds only what is left to release.
DROP INDEX ledger_holds_due;
CREATE INDEX ledger_holds_unreleased ON ledger_holds (available_at, transaction_id) WHERE released_by IS NULL;
