package sn.xaalis.payment.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.provider.ProviderCallbacks;

/**
 * Where providers tell us about payments: the installation's own accounts at the bare addresses, each
 * merchant connection at its own (D26). Authentication is the provider's own (a signature or a shared
 * secret), checked before the body is believed; a verified event is stored and answered at once, and
 * acted on afterwards by a job (issue 47), so the answer never waits on the provider's API. A verified
 * event for a payment we do not know is still acknowledged, so the provider stops sending it.
 */
@RestController
class ProviderCallbackController {

    private static final int MAX_BODY = 64 * 1024;
    private static final String WALLET = ProviderCallbacks.WALLET_PATH;
    private static final String MOBILEMONEY = ProviderCallbacks.MOBILEMONEY_PATH;

    private final ProviderCallbacks callbacks;

    ProviderCallbackController(ProviderCallbacks callbacks) {
        this.callbacks = callbacks;
    }

    @PostMapping({WALLET, WALLET + "/{connection}"})
    Map<String, Object> walletEvent(
            HttpServletRequest request, @PathVariable(name = "connection", required = false) String connection) {
        ConnectionId connectionId = connection(connection);
        byte[] body = JsonBodies.read(request, MAX_BODY);
        callbacks.walletEvent(
                connectionId, request.getHeader("Authorization"), request.getHeader("Wave-Signature"), body);
        return Map.of("received", true);
    }

    /** Answered 202 with no body, as the operator asks of its callbacks. */
    @PostMapping({MOBILEMONEY, MOBILEMONEY + "/{connection}"})
    ResponseEntity<Void> mobileMoneyNotification(
            HttpServletRequest request, @PathVariable(name = "connection", required = false) String connection) {
        ConnectionId connectionId = connection(connection);
        byte[] body = JsonBodies.read(request, MAX_BODY);
        callbacks.mobileMoneyNotification(connectionId, request.getHeader("Authorization"), body);
        return ResponseEntity.status(HttpStatus.ACCEPTED).build();
    }

    private static @Nullable ConnectionId connection(String segment) {
        if (segment == null) {
            return null;
        }
        try {
            return new ConnectionId(UUID.fromString(segment));
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("No such connection");
        }
    }
}
