-- The embedded database keeps these foreign keys: the cost V7 removes on PostgreSQL is a row lock
-- shared by concurrent initiations, which matters only at the rates PostgreSQL is there for.
SELECT 1;
