-- The embedded database serves a single node, whose rate-limit buckets stay in memory (see the
-- PostgreSQL V9).
SELECT 1;
