-- The budgets of public pages (platform/PublicBudgets, D29): one row per budget and key (a client
-- address, a link, a payment), kept by Bucket4j like rate_limit_buckets (V9), and unlogged for the same
-- reasons. expires_at (milliseconds) is when a bucket has refilled: its row can go, and a sweep removes
-- such rows, so addresses that came once do not pile up.
CREATE UNLOGGED TABLE public_budget_buckets (
    id         TEXT PRIMARY KEY,
    state      BYTEA,
    expires_at BIGINT
);
