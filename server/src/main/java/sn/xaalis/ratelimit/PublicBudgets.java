package sn.xaalis.ratelimit;

/**
 * The budgets of public pages (D29), for the whole cluster and never taken from a merchant's API
 * budget: what anyone may do without an account, per client address, per link or per payment.
 */
public interface PublicBudgets {

    /** A budget of public pages; {@code name} keeps its buckets apart from every other budget's. */
    Budget budget(String name, Allowance allowance);

    /** One budget: so many requests per period per key (an address, a link, a payment). */
    interface Budget {

        /** Takes one request from the key's allowance, or says how long to wait. */
        RateLimiter.Decision spend(String key);
    }
}
