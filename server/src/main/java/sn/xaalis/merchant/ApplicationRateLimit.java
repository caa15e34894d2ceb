package sn.xaalis.merchant;

import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * The request budget of an application in one environment (D8), spent by every authenticated API
 * request and by nothing else: public pages have budgets of their own (D29), so that whoever holds a
 * payment link cannot make the merchant's own server receive 429s.
 */
@Component
class ApplicationRateLimit {

    private final RateLimiter rateLimiter;

    ApplicationRateLimit(RateLimiter rateLimiter) {
        this.rateLimiter = rateLimiter;
    }

    /** Takes one token from the caller's application and environment, or says how long to wait. */
    RateLimiter.Decision acquire(Caller caller) {
        return rateLimiter.acquire(new RateKey(caller.applicationId(), caller.environment()));
    }

    /** Limits apply per application and environment. */
    private record RateKey(ApplicationId applicationId, Environment environment) {

        /** The shared bucket's id in the database: spelled out, so that renaming the record changes nothing. */
        @Override
        public String toString() {
            return applicationId + ":" + environment.name();
        }
    }
}
