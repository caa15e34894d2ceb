package sn.xaalis.merchant;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;
import sn.xaalis.platform.ApiException;

/** Guards the merchant API: key authentication (SPEC §5.1), then the per-application rate limit (D8). */
class ApiKeyInterceptor implements HandlerInterceptor {

    static final String CALLER_ATTRIBUTE = ApiKeyInterceptor.class.getName() + ".caller";
    private static final String UNAUTHORIZED = "Invalid or missing API keys";

    private final ApiKeyAuthentication authentication;
    private final ApplicationRateLimit rateLimiter;

    ApiKeyInterceptor(ApiKeyAuthentication authentication, ApplicationRateLimit rateLimiter) {
        this.authentication = authentication;
        this.rateLimiter = rateLimiter;
    }

    /** RFC 9110 §11.6.1: a 401 names the scheme it wants; ours is the pair of SPEC §5.1 headers. */
    private static ApiException unauthorized() {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.WWW_AUTHENTICATE, "ApiKey realm=\"xaalis\", headers=\"X-Api-Key X-Api-Secret\"");
        return new ApiException(HttpStatus.UNAUTHORIZED, UNAUTHORIZED, Map.of(), headers);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        @SuppressWarnings("unchecked")
        Map<String, String> variables =
                (Map<String, String>) request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        String endpointKey = variables == null ? null : variables.get("endpoint_key");
        Caller caller = authentication
                .authenticate(endpointKey, request.getHeader("X-Api-Key"), request.getHeader("X-Api-Secret"))
                .orElseThrow(ApiKeyInterceptor::unauthorized);
        var decision = rateLimiter.acquire(caller);
        response.setHeader("RateLimit-Limit", Long.toString(decision.limit()));
        response.setHeader("RateLimit-Remaining", Long.toString(decision.remaining()));
        response.setHeader("RateLimit-Reset", Long.toString(decision.resetSeconds()));
        if (!decision.allowed()) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
            throw new ApiException(
                    HttpStatus.TOO_MANY_REQUESTS,
                    "Too many requests; retry after " + decision.retryAfterSeconds() + " s",
                    Map.of(),
                    headers);
        }
        request.setAttribute(CALLER_ATTRIBUTE, caller);
        return true;
    }
}
