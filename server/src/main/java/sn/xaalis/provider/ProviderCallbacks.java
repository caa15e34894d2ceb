package sn.xaalis.provider;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApiException;
import sn.xaalis.provider.live.MalformedCallback;
import sn.xaalis.provider.live.MobileMoneyProvider;
import sn.xaalis.provider.live.RejectedCallback;
import sn.xaalis.provider.live.UnconfirmedCallback;
import sn.xaalis.provider.live.WalletProvider;

/**
 * Authenticates what providers send us and turns it into {@link ProviderNotice}s. Every inbound request
 * is recorded, accepted or not; a request that fails authentication changes nothing (401).
 */
@Component
public class ProviderCallbacks {

    static final String WALLET_PATH = "/providers/wallet/events";
    static final String MOBILEMONEY_PATH = "/providers/mobilemoney/notifications";

    private final WalletProvider wallet;
    private final MobileMoneyProvider mobileMoney;
    private final ProviderExchanges exchanges;

    ProviderCallbacks(WalletProvider wallet, MobileMoneyProvider mobileMoney, ProviderExchanges exchanges) {
        this.wallet = wallet;
        this.mobileMoney = mobileMoney;
        this.exchanges = exchanges;
    }

    public ProviderNotice walletEvent(String signatureHeader, byte[] body) {
        return verify(Provider.WALLET_SN, "event", WALLET_PATH, body, () -> wallet.verifyEvent(signatureHeader, body));
    }

    public ProviderNotice mobileMoneyNotification(String secretHeader, byte[] body) {
        return verify(
                Provider.MOBILEMONEY_SN,
                "notification",
                MOBILEMONEY_PATH,
                body,
                () -> mobileMoney.verifyNotification(secretHeader, body));
    }

    /** Records what we did with a verified notice, on the payment's exchange log. */
    public void recordHandled(ProviderNotice notice, String path, String outcome) {
        exchanges.record(
                notice.reference(),
                notice.provider(),
                ProviderExchanges.Direction.INBOUND,
                "handled",
                "POST",
                path,
                null,
                200,
                null,
                outcome,
                0);
    }

    private ProviderNotice verify(
            Provider provider,
            String operation,
            String path,
            byte[] body,
            java.util.function.Supplier<ProviderNotice> verification) {
        long started = System.nanoTime();
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            ProviderNotice notice = verification.get();
            record(notice.reference(), provider, operation, path, text, 200, "accepted", started);
            return notice;
        } catch (RejectedCallback e) {
            // Unauthenticated: the body's reference is not trusted enough to file it under a payment.
            record(null, provider, operation, path, text, 401, "rejected: " + e.getMessage(), started);
            throw new ApiException(HttpStatus.UNAUTHORIZED, "The request could not be authenticated");
        } catch (MalformedCallback e) {
            record(null, provider, operation, path, text, 400, "malformed: " + e.getMessage(), started);
            throw ApiException.badRequest(e.getMessage());
        } catch (UnconfirmedCallback e) {
            record(null, provider, operation, path, text, 503, "unconfirmed: " + e.getMessage(), started);
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "The notification could not be confirmed yet");
        }
    }

    private void record(
            String reference,
            Provider provider,
            String operation,
            String path,
            String body,
            int status,
            String outcome,
            long started) {
        exchanges.record(
                reference,
                provider,
                ProviderExchanges.Direction.INBOUND,
                operation,
                "POST",
                path,
                body,
                status,
                null,
                outcome,
                (System.nanoTime() - started) / 1_000_000);
    }
}
