-- payout module (issue 34): bulk files never confirmed are deleted after xaalis.retention.payout-drafts
-- (their lines hold people's numbers and names); retention finds the oldest by this index.
CREATE INDEX payout_batches_created_idx ON payout_batches (created_at);
