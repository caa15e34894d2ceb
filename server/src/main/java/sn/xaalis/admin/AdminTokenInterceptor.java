package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.platform.ApiException;

/** {@code Authorization: Bearer <token>} (see {@link AdminToken}); no token configured or issued = no admin API. */
class AdminTokenInterceptor implements HandlerInterceptor {

    private final AdminToken token;

    AdminTokenInterceptor(AdminToken token) {
        this.token = token;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        Optional<AuditActor> actor = token.presentedBy(request);
        if (actor.isEmpty()) {
            if (!token.configured()) {
                throw new ApiException(
                        HttpStatus.NOT_FOUND, "The admin API is disabled (XAALIS_ADMIN_TOKEN is not set)");
            }
            throw new ApiException(HttpStatus.UNAUTHORIZED, "Invalid or missing admin token");
        }
        request.setAttribute(AuditActor.ATTRIBUTE, actor.get());
        return true;
    }
}
