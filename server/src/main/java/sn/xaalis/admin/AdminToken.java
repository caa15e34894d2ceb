package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.jspecify.annotations.Nullable;

/** The operator's {@code Authorization: Bearer <XAALIS_ADMIN_TOKEN>}, compared in constant time. */
final class AdminToken {

    private static final String PREFIX = "Bearer ";

    private final byte @Nullable [] token;

    AdminToken(AdminProperties properties) {
        String configured = properties.token();
        this.token = configured == null || configured.isBlank() ? null : configured.getBytes(StandardCharsets.UTF_8);
    }

    /** False when no token is set: then the operator's endpoints do not exist. */
    boolean configured() {
        return token != null;
    }

    boolean presentedBy(HttpServletRequest request) {
        if (token == null) {
            return false;
        }
        String header = request.getHeader("Authorization");
        byte[] presented = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                ? header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8)
                : new byte[0];
        return MessageDigest.isEqual(presented, token);
    }
}
