package sn.xaalis.ratelimit;

/**
 * Token buckets keyed by caller: the merchant API's budget per application and environment (D8), and
 * each public budget's (D29). On PostgreSQL a key's bucket is shared by every node of the cluster.
 */
public interface RateLimiter {

    /**
     * Takes one token for the key, or says how long to wait.
     *
     * @param key whose bucket; its {@code toString()} names the shared bucket, so it must spell out
     *     what it holds
     */
    Decision acquire(Object key);

    /**
     * @param remaining whole tokens left after this request
     * @param resetSeconds seconds until the bucket is full again
     * @param retryAfterSeconds when refused, seconds until one token is available (at least 1)
     */
    record Decision(boolean allowed, long limit, long remaining, long resetSeconds, long retryAfterSeconds) {}
}
