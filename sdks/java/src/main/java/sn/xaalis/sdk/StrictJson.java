package sn.xaalis.sdk;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jackson, held to what every Xaalis library accepts in a webhook body: strict RFC 8259, no field
 * twice, at most 65 nested objects or arrays. Objects become unmodifiable ordered maps, arrays
 * unmodifiable lists, numbers {@link BigDecimal} (never {@code double}: amounts stay exact).
 */
final class StrictJson {

    private static final ObjectMapper READER = JsonMapper.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    // The nesting of the other libraries; a number as long as the body, as they read it.
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(65)
                            .maxNumberLength(Integer.MAX_VALUE)
                            .build())
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private StrictJson() {}

    /** Reads one JSON value that fills the whole text; IllegalArgumentException says why it is not one. */
    static Object parse(String text) {
        try {
            return exact(READER.readValue(text, Object.class));
        } catch (JsonProcessingException e) {
            // A limit (nesting) is reported without a location.
            String where = e.getLocation() == null
                    ? ""
                    : " at offset " + e.getLocation().getCharOffset();
            throw new IllegalArgumentException("Invalid JSON" + where + ": " + e.getOriginalMessage());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("Invalid JSON: number out of range");
        }
    }

    /** Whole numbers as BigDecimal too, and nothing a caller can change. */
    private static Object exact(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put(key, exact(item)));
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(item -> copy.add(exact(item)));
            return Collections.unmodifiableList(copy);
        }
        return value instanceof BigInteger whole ? new BigDecimal(whole) : value;
    }
}
