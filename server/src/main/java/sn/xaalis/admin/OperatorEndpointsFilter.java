package sn.xaalis.admin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Set;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The actuator endpoints ({@code /actuator/**}) are the operator's, behind the admin token.
 *
 * <p>Why the admin token on the main port rather than a separate management port: one port is
 * what a load balancer and a container expose anyway, the token is already the operator's
 * credential (compared in constant time, like the admin API), and no second web server has to be
 * secured, firewalled and documented. Only the health probes are open: a load balancer reads
 * {@code /actuator/health/liveness} and {@code /actuator/health/readiness} (also {@code /livez} and
 * {@code /readyz}) without a token and gets the status alone; with the token the components and
 * their details (database, webhook backlog) are shown too, and {@code /actuator/health} as a whole. No token configured: every protected endpoint answers 404, as the
 * admin API does.
 */
class OperatorEndpointsFilter extends OncePerRequestFilter {

    private static final Set<String> PROBES = Set.of("/actuator/health/liveness", "/actuator/health/readiness");
    private static final Principal OPERATOR = () -> "operator";

    private final AdminToken token;

    OperatorEndpointsFilter(AdminToken token) {
        this.token = token;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (token.presentedBy(request).isPresent()) {
            // The actuator shows health details "when authorized", that is to a request with a principal.
            chain.doFilter(
                    new HttpServletRequestWrapper(request) {
                        @Override
                        public Principal getUserPrincipal() {
                            return OPERATOR;
                        }
                    },
                    response);
        } else if (PROBES.contains(request.getRequestURI())) {
            chain.doFilter(request, response);
        } else if (!token.configured()) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
        } else {
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
        }
    }
}
