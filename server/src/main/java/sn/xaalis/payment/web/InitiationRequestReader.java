package sn.xaalis.payment.web;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        Map<String, String> strings = new LinkedHashMap<>();
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        String amount = null;
        boolean amountQuoted = false;
        String metadata = null;
        try (JsonParser parser = json.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!seen.add(name)) {
                    throw ApiException.badRequest("Field " + truncate(name) + " appears more than once");
                }
                switch (name) {
                    case "amount" -> {
                        if (value == JsonToken.VALUE_STRING) {
                            amount = parser.getString();
                            amountQuoted = true;
                        } else if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
                            amount = parser.getString();
                        } else if (value != JsonToken.VALUE_NULL) {
                            errors.put(name, List.of("must be a string or a number"));
                            parser.skipChildren();
                        }
                    }
                    case "metadata" -> {
                        if (value == JsonToken.START_OBJECT) {
                            int start = (int) parser.currentTokenLocation().getByteOffset();
                            parser.skipChildren();
                            int end = (int) parser.currentTokenLocation().getByteOffset() + 1;
                            if (end - start > MAX_METADATA_BYTES) {
                                errors.put(name, List.of("must be at most 16 KiB"));
                            } else {
                                metadata = new String(body, start, end - start, StandardCharsets.UTF_8);
                            }
                        } else if (value != JsonToken.VALUE_NULL) {
                            errors.put(name, List.of("must be a JSON object"));
                            parser.skipChildren();
                        }
                    }
                    case "provider",
                            "currency",
                            "description",
                            "customer_phone",
                            "customer_name",
                            "success_url",
                            "error_url" -> {
                        if (value == JsonToken.VALUE_STRING) {
                            strings.put(name, parser.getString());
                        } else if (value != JsonToken.VALUE_NULL) {
                            errors.put(name, List.of("must be a string"));
                            parser.skipChildren();
                        }
                    }
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

    private static String truncate(String name) {
        return name.length() > 40 ? name.substring(0, 40) + "…" : name;
    }
}
