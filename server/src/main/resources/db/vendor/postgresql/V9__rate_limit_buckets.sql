-- Rate-limit buckets shared by the nodes (platform/PostgresBuckets, kept by Bucket4j): one row per
-- application, environment and configured rate, its state serialised by Bucket4j. Unlogged: a grant
-- then commits without waiting for a WAL flush, and losing the table in a crash or a failover (it is
-- emptied, and not replicated) only refills the buckets, which is harmless.
CREATE UNLOGGED TABLE rate_limit_buckets (
    id TEXT PRIMARY KEY,
    state BYTEA
);
