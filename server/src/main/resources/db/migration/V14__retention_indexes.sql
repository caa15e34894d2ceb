-- Retention (retention module, D24): each batch finds the oldest rows past their window by a range
-- scan of one of these indexes and stops after the batch, instead of reading the table. The columns
-- are written with the row, or (delivered_at) by the completion that already changes the indexed
-- state: one more index entry where the row gets new ones anyway, none on a lease.
CREATE INDEX notifications_delivered_idx ON notifications (state, delivered_at);
CREATE INDEX notification_attempts_started_idx ON notification_attempts (started_at);
CREATE INDEX provider_exchanges_occurred_idx ON provider_exchanges (occurred_at);
