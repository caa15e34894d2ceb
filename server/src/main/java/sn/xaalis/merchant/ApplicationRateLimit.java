package sn.xaalis.merchant;

import java.util.UUID;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RateLimiter;

/**
 * The request budget of an application in one environment (D8): the API spends it on every
 * authenticated request, and pages that act for an application (a payment link's customers) spend
 * the same one, so that they cannot add to what its keys may do.
 */
@Component
public class ApplicationRateLimit {

    private final RateLimiter rateLimiter;

    ApplicationRateLimit(RateLimiter rateLimiter) {
        this.rateLimiter = rateLimiter;
    }

    /** Takes one token from the caller's application and environment, or says how long to wait. */
    public RateLimiter.Decision acquire(Caller caller) {
        return rateLimiter.acquire(new RateKey(caller.applicationId(), caller.environment()));
    }

    /** Limits apply per application and environment. */
    private record RateKey(UUID applicationId, Environment environment) {

        /** The shared bucket's id in the database: spelled out, so that renaming the record changes nothing. */
        @Override
        public String toString() {
            return applicationId + ":" + environment.name();
        }
    }
}
