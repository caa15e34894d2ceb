-- Lists filtered by status (the portal's filter, the API's ?status=) read the newest payments of that
-- status directly instead of walking an application's whole history past the others: a status a
-- merchant rarely has (PROCESSING, CANCELLED) was the slow case, its cost growing with history.
-- A status change already updates every index of the row (status is in the partial indexes'
-- predicates, so the update is never HOT): one more entry there and one more per initiation.
CREATE INDEX payments_status_listing_idx ON payments (application_id, environment, status, created_at, id);
