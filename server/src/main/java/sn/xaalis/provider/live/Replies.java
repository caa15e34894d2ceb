package sn.xaalis.provider.live;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
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

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isString()) {
            return value.stringValue();
        }
        return value.isNumber() ? value.asString() : null;
    }

    static Instant instant(String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The provider's reason for refusing, read from its answer. */
    static String reason(JsonMapper json, ProviderHttp.Reply.Answered answered) {
        return reason(parse(json, answered.body()), answered.status());
    }

    /** The provider's reason for a refusal, in its own words when it gave any. */
    static String reason(JsonNode body, int status) {
        for (String field : new String[] {"message", "detail", "error_description", "code", "error"}) {
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
