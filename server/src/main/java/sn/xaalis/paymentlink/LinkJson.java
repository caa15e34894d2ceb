package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.payment.Amounts;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.qr.QrCodePng;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The link in the API: its JSON answer, and its request read from JSON. */
final class LinkJson {

    private LinkJson() {}

    /** The PaymentLink schema of the OpenAPI description, fields in this order. */
    record Link(
            String code,
            String url,
            String qrCode,
            String environment,
            @Nullable String amount,
            @Nullable String minAmount,
            @Nullable String maxAmount,
            String currency,
            @Nullable String description,
            List<String> providers,
            boolean singleUse,
            @Nullable String expiresAt,
            @Nullable Integer maxPaymentsPerHour,
            boolean active,
            String state,
            String createdAt) {

        static Link of(PaymentLink link, String url, Instant now) {
            return new Link(
                    link.code(),
                    url,
                    QrCodePng.base64(url),
                    link.environment().value(),
                    amount(link.amount()),
                    amount(link.minAmount()),
                    amount(link.maxAmount()),
                    link.currency(),
                    link.description(),
                    link.providers().stream().map(Provider::name).toList(),
                    link.singleUse(),
                    Timestamps.micros(link.expiresAt()),
                    link.maxPaymentsPerHour(),
                    link.active(),
                    link.state(now).name(),
                    Timestamps.micros(link.createdAt()));
        }

        private static @Nullable String amount(@Nullable BigDecimal value) {
            return value == null ? null : Amounts.format(value);
        }
    }

    record Page(List<Link> data, boolean hasMore, @Nullable String nextCursor) {}

    /**
     * The request body, field by field; a field of the wrong JSON type is refused like the initiation
     * body's, unknown fields are ignored (D4) and null is the same as absent.
     */
    static LinkDraft draft(byte[] body, JsonMapper json) {
        JsonNode node = JsonBodies.parseObject(body, json);
        Map<String, List<Problem>> shape = new LinkedHashMap<>();
        return new LinkDraft(
                amount(node, "amount", shape),
                amount(node, "min_amount", shape),
                amount(node, "max_amount", shape),
                string(node, "currency", shape),
                string(node, "description", shape),
                providers(node, shape),
                bool(node, "single_use", shape),
                string(node, "expires_at", shape),
                integer(node, "max_payments_per_hour", shape),
                shape);
    }

    private static @Nullable JsonNode value(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value;
    }

    private static LinkDraft.@Nullable AmountText amount(
            JsonNode node, String field, Map<String, List<Problem>> shape) {
        JsonNode value = value(node, field);
        if (value == null) {
            return null;
        }
        if (value.isString()) {
            return new LinkDraft.AmountText(value.stringValue(), true);
        }
        if (value.isNumber()) {
            // The exact value (floats are read as BigDecimal); toString keeps 1e-999999 short.
            return new LinkDraft.AmountText(value.decimalValue().toString(), false);
        }
        LinkRules.add(shape, field, Problem.of("shape.amount", "must be a string or a number"));
        return null;
    }

    private static @Nullable String string(JsonNode node, String field, Map<String, List<Problem>> shape) {
        JsonNode value = value(node, field);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            LinkRules.add(shape, field, Problem.of("shape.string", "must be a string"));
            return null;
        }
        return value.stringValue();
    }

    private static @Nullable Integer integer(JsonNode node, String field, Map<String, List<Problem>> shape) {
        JsonNode value = value(node, field);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            LinkRules.add(shape, field, Problem.of("shape.integer", "must be a whole number"));
            return null;
        }
        return value.intValue();
    }

    private static @Nullable Boolean bool(JsonNode node, String field, Map<String, List<Problem>> shape) {
        JsonNode value = value(node, field);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            LinkRules.add(shape, field, Problem.of("shape.boolean", "must be true or false"));
            return null;
        }
        return value.booleanValue();
    }

    private static @Nullable List<String> providers(JsonNode node, Map<String, List<Problem>> shape) {
        JsonNode value = value(node, "providers");
        if (value == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (!item.isString()) {
                    names = null;
                    break;
                }
                names.add(item.stringValue());
            }
        }
        if (!value.isArray() || names == null) {
            LinkRules.add(shape, "providers", Problem.of("shape.providers", "must be an array of provider names"));
            return null;
        }
        return names;
    }
}
