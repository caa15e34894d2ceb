package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.operator.OperatorTokens;

/**
 * The operator's {@code Authorization: Bearer <token>}: the installation's {@code XAALIS_ADMIN_TOKEN}
 * (compared in constant time), or a token an operator issued in the console (looked up by its keyed hash).
 */
final class AdminToken {

    private static final String PREFIX = "Bearer ";
    private static final AuditActor INSTALLATION_TOKEN = AuditActor.of("token", "XAALIS_ADMIN_TOKEN");

    private final byte @Nullable [] token;
    private final OperatorTokens issued;

    AdminToken(AdminProperties properties, OperatorTokens issued) {
        String configured = properties.token();
        this.token = configured == null || configured.isBlank() ? null : configured.getBytes(StandardCharsets.UTF_8);
        this.issued = issued;
    }

    /** False when neither the installation's token is set nor any issued one is valid: the API does not exist then. */
    boolean configured() {
        return token != null || issued.anyActive();
    }

    /** Who presents a valid token; empty for a missing or wrong one. */
    Optional<AuditActor> presentedBy(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        String presented = header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                ? header.substring(PREFIX.length()).trim()
                : "";
        if (token != null && MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), token)) {
            return Optional.of(INSTALLATION_TOKEN);
        }
        return presented.isEmpty() ? Optional.empty() : issued.verify(presented);
    }
}
