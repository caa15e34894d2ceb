-- A payment link's own cap on the payments started from it in an hour (issue 29): null for none. The
-- cap is a budget of the cluster (platform/PublicBudgets), not a count kept here. Nullable without a
-- default: adding it rewrites no row.
ALTER TABLE payment_links ADD COLUMN max_payments_per_hour INT;
