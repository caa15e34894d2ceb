package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
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
 * The operator's payment notifications for one account. The {@code apiKey} registered with the
 * account's callback authenticates them: the operator's description sends it as {@code Authorization:
 * Basic <apiKey>}, some integrations read it from the body's {@code apiKey}; either is accepted, and
 * every key presented must be the right one. Only a success counts ("only act on SUCCESS": a failed
 * attempt leaves the QR code payable), and it is confirmed with the operator when look-ups are on: not
 * before the notification is answered, but when it is acted on ({@link #confirm}).
 */
@Component
public class OperatorNotifications {

    private final MobileMoneyProvider operator;
    private final JsonMapper json;

    OperatorNotifications(MobileMoneyProvider operator, JsonMapper json) {
        this.operator = operator;
        this.json = json;
    }

    /**
     * @return what the notification says of one of our QR codes (a success as {@link SessionState.Paid},
     *     not yet confirmed), or empty for an authenticated notification about something else (another
     *     type, another merchant code)
     * @throws RejectedCallback for a missing or wrong {@code apiKey}
     * @throws MalformedCallback when it lacks what identifies the payment
     */
    public Optional<ProviderNotice> verify(ProviderAccount account, String authorization, byte[] body) {
        Credentials.Operator credentials = (Credentials.Operator) account.credentials();
        JsonNode notification = Replies.parse(json, new String(body, StandardCharsets.UTF_8));
        if (!authentic(credentials, authorization, notification)) {
            throw new RejectedCallback("missing or wrong apiKey");
        }
        String type = Replies.text(notification, "type");
        String partner = Replies.text(notification.path("partner"), "id");
        if ((type != null && !type.equals("MERCHANT_PAYMENT"))
                || (partner != null && !partner.equals(credentials.merchantCode()))) {
            return Optional.empty();
        }
        String transactionId = Replies.text(notification, "transactionId");
        String reference = Replies.text(notification, "reference");
        if (reference == null || reference.isBlank()) {
            reference = Replies.text(notification.path("metadata"), "reference");
        }
        if (transactionId == null || reference == null) {
            throw new MalformedCallback("a notification needs transactionId and reference");
        }
        SessionState state = "SUCCESS".equals(Replies.text(notification, "status"))
                ? new SessionState.Paid()
                : new SessionState.Open();
        return Optional.of(new ProviderNotice(
                Provider.MOBILEMONEY_SN,
                account.connectionId(),
                reference,
                null,
                transactionId,
                state,
                amount(Replies.text(notification.path("amount"), "value")),
                transactionId));
    }

    /** At least one key presented, and every one the right one. */
    private static boolean authentic(
            Credentials.Operator credentials, @Nullable String authorization, JsonNode notification) {
        List<String> presented = new ArrayList<>();
        if (authorization != null && authorization.startsWith("Basic ")) {
            presented.add(authorization.substring("Basic ".length()).strip());
        }
        String inBody = Replies.text(notification, "apiKey");
        if (inBody != null) {
            presented.add(inBody);
        }
        boolean authentic = !presented.isEmpty();
        for (String key : presented) {
            authentic &= MessageDigest.isEqual(
                    key.getBytes(StandardCharsets.UTF_8),
                    credentials.notificationKey().getBytes(StandardCharsets.UTF_8));
        }
        return authentic;
    }

    /**
     * A notified success as the operator confirms it; without look-ups, the apiKey is the only proof
     * there is. An answer that is not final yet (pending, unknown) is {@link SessionState.Unreachable}:
     * ask again later, as when the operator could not be asked at all.
     */
    public SessionState confirm(ProviderAccount account, ProviderNotice notice) {
        if (!operator.looksUp() || notice.providerTransactionId() == null) {
            return new SessionState.Paid();
        }
        SessionState state = operator.transactionState(account, notice.reference(), notice.providerTransactionId());
        return switch (state) {
            case SessionState.Open open -> new SessionState.Unreachable("MOBILEMONEY_SN does not confirm it yet");
            case SessionState.Unknown unknown ->
                new SessionState.Unreachable("MOBILEMONEY_SN does not confirm it yet: " + unknown.reason());
            default -> state;
        };
    }

    private static @Nullable BigDecimal amount(@Nullable String value) {
        if (value == null) {
            return null;
        }
        try {
            return new BigDecimal(value);
        } catch (NumberFormatException e) {
            throw new MalformedCallback("amount.value is not a number");
        }
    }
}
