-- The embedded database serves a single node, whose public-page budgets stay in memory (see the
-- PostgreSQL V22).
SELECT 1;
