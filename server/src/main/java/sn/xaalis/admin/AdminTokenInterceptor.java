package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerInterceptor;
import sn.xaalis.platform.ApiException;

/** {@code Authorization: Bearer <XAALIS_ADMIN_TOKEN>}, compared in constant time; no token configured = no admin API. */
class AdminTokenInterceptor implements HandlerInterceptor {

    private static final String PREFIX = "Bearer ";

    private final byte[] token;

    AdminTokenInterceptor(AdminProperties properties) {
        String configured = properties.token();
        this.token = configured == null || configured.isBlank() ? null : configured.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (token == null) {
            throw new ApiException(HttpStatus.NOT_FOUND, "The admin API is disabled (XAALIS_ADMIN_TOKEN is not set)");
        }
        String header = request.getHeader("Authorization");
        byte[] presented = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                ? header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8)
                : new byte[0];
        if (!MessageDigest.isEqual(presented, token)) {
            throw new ApiException(HttpStatus.UNAUTHORIZED, "Invalid or missing admin token");
        }
        return true;
    }
}
