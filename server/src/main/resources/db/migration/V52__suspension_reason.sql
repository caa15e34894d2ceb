-- Why the operator suspended a merchant (issue 48 item 12). The suspension's start stays
-- approval_withdrawn_at (V21); these say why, in a common cause the pages name in their language
-- (fraud, documents, complaints, unpaid, request, other) and in the operator's own words told to the
-- merchant, who suspended it, and the language of the e-mails that tell the merchant (fr or en: the
-- merchant's language is not stored elsewhere). Cleared when the suspension is lifted; the trail keeps
-- the history. Nullable without a default: adding them rewrites no row.
ALTER TABLE merchants ADD COLUMN suspension_cause VARCHAR(32);
ALTER TABLE merchants ADD COLUMN suspension_reason VARCHAR(500);
ALTER TABLE merchants ADD COLUMN suspended_by VARCHAR(254);
ALTER TABLE merchants ADD COLUMN suspension_language VARCHAR(2);
