package sn.xaalis.ratelimit.internal;

/**
 * Token buckets shared by every node, one per key, so that a limit holds for the whole cluster. A node
 * takes tokens from them a share at a time ({@link TokenBuckets}), not one per request.
 */
interface ClusterBuckets {

    /**
     * Takes up to {@code max} tokens from the key's bucket, as many as it holds.
     *
     * @throws RuntimeException when the store cannot be reached
     */
    Grant take(String key, long max);

    /**
     * @param granted tokens taken, 0 to {@code max}
     * @param available whole tokens left in the shared bucket after this grant
     * @param nanosToRefill when nothing was granted, how long until the bucket holds {@code max} tokens
     */
    record Grant(long granted, long available, long nanosToRefill) {}
}
