package sn.xaalis.payment.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.payment.ProviderNotices;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.provider.ProviderCallbacks;
import sn.xaalis.provider.ProviderNotice;

/**
 * Where providers tell us about payments. Authentication is the provider's own (a signature or a shared
 * secret), checked before the body is believed; a verified notice for an unknown payment is still
 * acknowledged, so the provider stops sending it.
 */
@RestController
class ProviderCallbackController {

    private static final int MAX_BODY = 64 * 1024;
    private static final String WALLET = "/providers/wallet/events";
    private static final String MOBILEMONEY = "/providers/mobilemoney/notifications";

    private final ProviderCallbacks callbacks;
    private final ProviderNotices notices;

    ProviderCallbackController(ProviderCallbacks callbacks, ProviderNotices notices) {
        this.callbacks = callbacks;
        this.notices = notices;
    }

    @PostMapping(WALLET)
    Map<String, Object> walletEvent(HttpServletRequest request) {
        byte[] body = JsonBodies.read(request, MAX_BODY);
        return handled(callbacks.walletEvent(request.getHeader("Wave-Signature"), body), WALLET);
    }

    @PostMapping(MOBILEMONEY)
    Map<String, Object> mobileMoneyNotification(HttpServletRequest request) {
        byte[] body = JsonBodies.read(request, MAX_BODY);
        return handled(
                callbacks.mobileMoneyNotification(request.getHeader("X-Notification-Secret"), body), MOBILEMONEY);
    }

    private Map<String, Object> handled(ProviderNotice notice, String path) {
        String outcome = notices.apply(notice);
        callbacks.recordHandled(notice, path, outcome);
        return Map.of("received", true);
    }
}
