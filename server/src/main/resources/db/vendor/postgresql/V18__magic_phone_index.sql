-- The sandbox job that resolves magic phone numbers (D13) looks every second, on every node, for open
-- sandbox payments with one of those phones. No index served it, so each look read the whole payments
-- table: 10.9 million rows on the growth benchmark's database, a PostgreSQL backend kept busy most of
-- the time and initiations at 0.70 of an empty database's rate. This index holds only the payments the
-- job wants, a handful at any time; its predicate is the query's, literals included (Payments.LOCK_MAGIC).
CREATE INDEX payments_magic_phone_idx ON payments (created_at)
    WHERE status = 'PROCESSING' AND environment = 'sandbox'
      AND customer_phone IN ('+221700000001', '+221700000002', '+221700000003');
