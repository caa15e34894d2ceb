-- The operator's approval of a merchant for live payments (issue 29): sandbox_only stays the rule
-- (true: no live payments), these say when the operator approved the merchant and, when it withdrew
-- that approval, since when (a withdrawn merchant's live payments are refused, not just its go-live).
-- Nullable without a default: adding them rewrites no row.
ALTER TABLE merchants ADD COLUMN approved_at TIMESTAMP(6) WITH TIME ZONE;
ALTER TABLE merchants ADD COLUMN approval_withdrawn_at TIMESTAMP(6) WITH TIME ZONE;
