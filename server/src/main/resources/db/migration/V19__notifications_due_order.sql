-- Webhook dispatch (D11): every claim reads the due notifications in the order it delivers them,
-- next_attempt_at then id. The index of V2 gave only the first, so PostgreSQL sorted all the rows
-- sharing one due time, and a backlog does share one: a stuck receiver's notifications are postponed
-- to a single instant (DeliveryLeases.postpone). With 200,000 such rows each claim read and sorted
-- them all (140-172 ms) and a node delivered 190-245 a second; in the claim's own order a claim reads
-- what it takes (1.3 ms), and the same backlog drained at 870-1,190 a second (bench/README, stop 27).
CREATE INDEX notifications_due_order_idx ON notifications (state, next_attempt_at, id);
DROP INDEX notifications_due_idx;
