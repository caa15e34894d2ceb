package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;
import sn.xaalis.platform.ApiException;

/** {@code Authorization: Bearer <XAALIS_ADMIN_TOKEN>}, compared in constant time; no token configured = no admin API. */
class AdminTokenInterceptor implements HandlerInterceptor {

    private final AdminToken token;

    AdminTokenInterceptor(AdminProperties properties) {
        this.token = new AdminToken(properties);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!token.configured()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "The admin API is disabled (XAALIS_ADMIN_TOKEN is not set)");
        }
        if (!token.presentedBy(request)) {
            throw new ApiException(HttpStatus.UNAUTHORIZED, "Invalid or missing admin token");
        }
        return true;
    }
}
