package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderNotice;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wallet's events for one account, authenticated the way that account's webhook was set up at the
 * wallet: signed ({@code Wave-Signature}) or with the shared secret ({@code Authorization: Bearer}).
 */
@Component
public class WalletEvents {

    private final JsonMapper json;
    private final Clock clock;

    WalletEvents(JsonMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    /**
     * @return what the event says of a checkout session, or empty for an authenticated event that
     *     concerns none of ours (a test event, a payment to the merchant's till, a session opened
     *     outside Xaalis, which has no {@code client_reference})
     * @throws RejectedCallback when the event is not authenticated
     */
    public Optional<ProviderNotice> verify(
            ProviderAccount account, String authorization, String signature, byte[] body) {
        authenticate((Credentials.Wallet) account.credentials(), authorization, signature, body);
        JsonNode event = Replies.parse(json, new String(body, StandardCharsets.UTF_8));
        String type = Replies.text(event, "type");
        if (type == null || !type.startsWith("checkout.session.")) {
            return Optional.empty();
        }
        JsonNode session = event.path("data");
        String reference = Replies.text(session, "client_reference");
        if (reference == null) {
            // The wallet allows sessions without one; refusing the event would only make it retry.
            return Optional.empty();
        }
        SessionState state =
                switch (type) {
                    case "checkout.session.completed" -> WalletProvider.state(session);
                    // One attempt failed; the merchant is told once the session is closed (see ProviderNotices).
                    case "checkout.session.payment_failed" -> new SessionState.Failed(failure(session));
                    default -> new SessionState.Open();
                };
        return Optional.of(new ProviderNotice(
                Provider.WALLET_SN,
                account.connectionId(),
                reference,
                Replies.text(session, "id"),
                Replies.text(session, "transaction_id"),
                state,
                amount(Replies.text(session, "amount")),
                Replies.text(event, "id")));
    }

    /** @throws RejectedCallback unless the event bears the secret or signature this account's webhook uses */
    private void authenticate(Credentials.Wallet wallet, String authorization, String signature, byte[] body) {
        List<String> secrets = wallet.webhookSecretsAt(clock.instant());
        if (wallet.webhookStrategy() == Credentials.WebhookStrategy.SHARED) {
            if (!WalletSignatures.bearerMatches(authorization, secrets)) {
                throw new RejectedCallback("missing or wrong Authorization bearer secret");
            }
        } else {
            WalletSignatures.Refusal refusal = WalletSignatures.check(signature, body, secrets, clock.instant());
            if (refusal != null) {
                throw new RejectedCallback("Wave-Signature " + refusal.name().toLowerCase(Locale.ROOT));
            }
        }
    }

    private static String failure(JsonNode session) {
        String message = Replies.text(session.path("last_payment_error"), "message");
        return message == null || message.isBlank() ? "The payment failed at WALLET_SN" : message;
    }

    private static @Nullable BigDecimal amount(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
