package sn.xaalis.connection;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.provider.Credentials;
import sn.xaalis.secrets.SecretBox;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** A connection's credentials as one AES-GCM box under the master key: a dump alone reveals none. */
@Component
record CredentialsBox(SecretBox secrets, JsonMapper json) {

    String seal(Credentials credentials) {
        ObjectNode node = json.createObjectNode();
        switch (credentials) {
            case Credentials.Wallet wallet -> {
                node.put("kind", "wallet");
                node.put("api_key", wallet.apiKey());
                node.put("webhook_strategy", wallet.webhookStrategy().value());
                node.put("webhook_secret", wallet.webhookSecret());
                node.put("previous_webhook_secret", wallet.previousWebhookSecret());
                node.put(
                        "previous_secret_until",
                        wallet.previousSecretUntil() == null
                                ? null
                                : wallet.previousSecretUntil().toString());
            }
            case Credentials.Operator operator -> {
                node.put("kind", "operator");
                node.put("client_id", operator.clientId());
                node.put("client_secret", operator.clientSecret());
                node.put("merchant_code", operator.merchantCode());
                node.put("notification_key", operator.notificationKey());
                node.put("retailer_number", operator.retailerNumber());
                node.put("retailer_pin", operator.retailerPin());
            }
        }
        return secrets.encrypt(json.writeValueAsString(node));
    }

    Credentials open(String box) {
        JsonNode node = json.readTree(secrets.decrypt(box));
        if ("wallet".equals(node.path("kind").asString())) {
            String until = text(node, "previous_secret_until");
            return new Credentials.Wallet(
                    required(node, "api_key"),
                    Credentials.WebhookStrategy.fromValue(text(node, "webhook_strategy"))
                            .orElseThrow(),
                    required(node, "webhook_secret"),
                    text(node, "previous_webhook_secret"),
                    until == null ? null : Instant.parse(until));
        }
        return new Credentials.Operator(
                required(node, "client_id"),
                required(node, "client_secret"),
                required(node, "merchant_code"),
                required(node, "notification_key"),
                text(node, "retailer_number"),
                text(node, "retailer_pin"));
    }

    /** A value seal() always writes: a box without it was not sealed here. */
    private static String required(JsonNode node, String field) {
        return Objects.requireNonNull(text(node, field), field);
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }
}
