package sn.xaalis.payment.web;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.InitiationRequest;
import sn.xaalis.platform.ApiException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the initiation body in one streaming pass. The metadata object is cut out of the raw bytes
 * rather than re-serialized, so key order, number spelling and duplicates survive untouched (D5).
 */
@Component
class InitiationRequestReader {

    private static final int MAX_METADATA_BYTES = 16 * 1024;

    private final JsonMapper json;

    InitiationRequestReader(JsonMapper json) {
        this.json = json;
    }

    InitiationRequest read(byte[] body) {
        Fields fields = new Fields(body);
        try (JsonParser parser = json.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!fields.seen.add(name)) {
                    throw ApiException.badRequest("Field " + truncate(name) + " appears more than once");
                }
                switch (name) {
                    case "amount" -> fields.amount(parser, value);
                    case "metadata" -> fields.metadata(parser, value);
                    case "provider",
                            "currency",
                            "description",
                            "customer_phone",
                            "customer_name",
                            "success_url",
                            "error_url" -> fields.string(name, parser, value);
                    default -> parser.skipChildren(); // unknown fields are ignored (D4)
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw ApiException.badRequest("Request body is not valid JSON");
            }
        } catch (JacksonException e) {
            // The parser's message may quote the body; never echo it.
            throw ApiException.badRequest("Request body is not valid JSON");
        }
        return fields.request();
    }

    /** What one pass over the body found so far. */
    private static final class Fields {
        private final byte[] body;
        private final Map<String, String> strings = new LinkedHashMap<>();
        private final Map<String, List<String>> errors = new LinkedHashMap<>();
        private final Set<String> seen = new HashSet<>();
        private @Nullable String amount;
        private boolean amountQuoted;
        private @Nullable String metadata;

        Fields(byte[] body) {
            this.body = body;
        }

        void amount(JsonParser parser, JsonToken value) {
            if (value == JsonToken.VALUE_STRING) {
                amount = parser.getString();
                amountQuoted = true;
            } else if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
                amount = parser.getString();
            } else if (value != JsonToken.VALUE_NULL) {
                errors.put("amount", List.of("must be a string or a number"));
                parser.skipChildren();
            }
        }

        /** Cut out of the raw bytes, so that the merchant's exact text is kept (D5). */
        void metadata(JsonParser parser, JsonToken value) {
            if (value == JsonToken.START_OBJECT) {
                int start = (int) parser.currentTokenLocation().getByteOffset();
                parser.skipChildren();
                int end = (int) parser.currentTokenLocation().getByteOffset() + 1;
                if (end - start > MAX_METADATA_BYTES) {
                    errors.put("metadata", List.of("must be at most 16 KiB"));
                } else {
                    metadata = new String(body, start, end - start, StandardCharsets.UTF_8);
                }
            } else if (value != JsonToken.VALUE_NULL) {
                errors.put("metadata", List.of("must be a JSON object"));
                parser.skipChildren();
            }
        }

        void string(String name, JsonParser parser, JsonToken value) {
            if (value == JsonToken.VALUE_STRING) {
                strings.put(name, parser.getString());
            } else if (value != JsonToken.VALUE_NULL) {
                errors.put(name, List.of("must be a string"));
                parser.skipChildren();
            }
        }

        InitiationRequest request() {
            return new InitiationRequest(
                    strings.get("provider"),
                    amount,
                    amountQuoted,
                    strings.get("currency"),
                    strings.get("description"),
                    strings.get("customer_phone"),
                    strings.get("customer_name"),
                    metadata,
                    strings.get("success_url"),
                    strings.get("error_url"),
                    errors);
        }
    }

    private static String truncate(String name) {
        return name.length() > 40 ? name.substring(0, 40) + "…" : name;
    }
}
