package sn.xaalis.provider.live;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reading providers' JSON defensively: a missing or odd field is null, never an exception. */
final class Replies {

    private Replies() {}

    static JsonNode parse(JsonMapper json, String body) {
        if (body == null || body.isBlank()) {
            return json.missingNode();
        }
        try {
            return json.readTree(body);
        } catch (JacksonException e) {
            return json.missingNode();
        }
    }

    static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isString()) {
            return value.stringValue();
        }
        return value.isNumber() ? value.asString() : null;
    }

    /** An ISO 8601 time; one without an offset (as the operator sends some) is taken as UTC. */
    static @Nullable Instant instant(@Nullable String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException unreadable) {
                return null;
            }
        }
    }

    /** A configured base URL, ready for {@code + "/path"}. */
    static String base(@Nullable String configured) {
        // an adapter is used only while reachable(), that is with its base URL configured
        Objects.requireNonNull(configured, "the provider's base URL");
        return configured.endsWith("/") ? configured.substring(0, configured.length() - 1) : configured;
    }

    /** The provider's reason for refusing, read from its answer. */
    static String reason(JsonMapper json, ProviderHttp.Reply.Answered answered) {
        return reason(parse(json, answered.body()), answered.status());
    }

    /**
     * The provider's reason for a refusal, in its own words when it gave any: the wallet's {@code {code,
     * message}}, the operator's problem details {@code {code, detail, title}} or its OAuth2 {@code {error,
     * error_description}}, with the code after the words.
     */
    static String reason(JsonNode body, int status) {
        for (String field : new String[] {"message", "detail", "error_description", "title"}) {
            String text = text(body, field);
            if (text != null && !text.isBlank()) {
                String code = text(body, "code");
                if (code == null) {
                    code = text(body, "error");
                }
                String reason = code == null || code.isBlank() || code.equals(text) ? text : text + " (" + code + ")";
                return reason.length() > 300 ? reason.substring(0, 300) : reason;
            }
        }
        for (String field : new String[] {"code", "error"}) {
            String text = text(body, field);
            if (text != null && !text.isBlank()) {
                return text.length() > 300 ? text.substring(0, 300) : text;
            }
        }
        JsonNode nested = body.path("error");
        if (nested.isObject()) {
            String text = text(nested, "message");
            if (text != null) {
                return text;
            }
        }
        return "HTTP " + status;
    }
}
