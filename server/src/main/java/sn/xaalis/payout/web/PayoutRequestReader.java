package sn.xaalis.payout.web;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import sn.xaalis.payout.PayoutRequest;
import sn.xaalis.platform.ApiException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a payout request in one streaming pass; the metadata object is cut out of the raw bytes, so the
 * merchant's exact text is kept, as for payments.
 */
@Component
class PayoutRequestReader {

    private static final int MAX_METADATA_BYTES = 16 * 1024;
    private static final Set<String> STRINGS = Set.of("provider", "recipient_phone", "recipient_name", "reason");

    private final JsonMapper json;

    PayoutRequestReader(JsonMapper json) {
        this.json = json;
    }

    PayoutRequest read(byte[] body) {
        Map<String, String> strings = new LinkedHashMap<>();
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        String amount = null;
        boolean quoted = false;
        String metadata = null;
        try (JsonParser parser = json.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!seen.add(name)) {
                    throw ApiException.badRequest("Field " + shortened(name) + " appears more than once");
                }
                if (value == JsonToken.VALUE_NULL) {
                    continue;
                }
                if (name.equals("amount")) {
                    if (value == JsonToken.VALUE_STRING
                            || value == JsonToken.VALUE_NUMBER_INT
                            || value == JsonToken.VALUE_NUMBER_FLOAT) {
                        amount = parser.getString();
                        quoted = value == JsonToken.VALUE_STRING;
                    } else {
                        errors.put(name, List.of("must be a string or a number"));
                        parser.skipChildren();
                    }
                } else if (name.equals("metadata")) {
                    if (value == JsonToken.START_OBJECT) {
                        int start = (int) parser.currentTokenLocation().getByteOffset();
                        parser.skipChildren();
                        int end = (int) parser.currentTokenLocation().getByteOffset() + 1;
                        if (end - start > MAX_METADATA_BYTES) {
                            errors.put(name, List.of("must be at most 16 KiB"));
                        } else {
                            metadata = new String(body, start, end - start, StandardCharsets.UTF_8);
                        }
                    } else {
                        errors.put(name, List.of("must be a JSON object"));
                        parser.skipChildren();
                    }
                } else if (STRINGS.contains(name)) {
                    if (value == JsonToken.VALUE_STRING) {
                        strings.put(name, parser.getString());
                    } else {
                        errors.put(name, List.of("must be a string"));
                        parser.skipChildren();
                    }
                } else {
                    parser.skipChildren(); // unknown fields are ignored
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw ApiException.badRequest("Request body is not valid JSON");
            }
        } catch (JacksonException e) {
            // The parser's message may quote the body; never echo it.
            throw ApiException.badRequest("Request body is not valid JSON");
        }
        return new PayoutRequest(
                strings.get("provider"),
                amount,
                quoted,
                strings.get("recipient_phone"),
                strings.get("recipient_name"),
                strings.get("reason"),
                metadata,
                errors);
    }

    private static String shortened(String name) {
        return name.length() > 40 ? name.substring(0, 40) + "…" : name;
    }
}
