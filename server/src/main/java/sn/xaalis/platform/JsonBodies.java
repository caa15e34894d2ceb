package sn.xaalis.platform;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads a JSON request body as raw bytes, refusing wrong content types (415) and oversize bodies (413). */
public final class JsonBodies {

    private JsonBodies() {}

    public static byte[] read(HttpServletRequest request, int maxBytes) {
        requireJson(request.getContentType());
        long declared = request.getContentLengthLong();
        if (declared > maxBytes) {
            throw tooLarge(maxBytes);
        }
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes(maxBytes + 1);
            if (body.length > maxBytes) {
                throw tooLarge(maxBytes);
            }
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException("Request body could not be read", e);
        }
    }

    /**
     * Parses a body that must be one JSON object. A key given twice is refused (400) rather than letting
     * the last one silently win, as the initiation body does; the parser's message, which may quote the
     * body, is never echoed. Numbers with a fraction or an exponent are read exactly (BigDecimal), never
     * through floating point, as amounts need (D2).
     */
    public static JsonNode parseObject(byte[] body, JsonMapper json) {
        JsonNode node;
        try {
            node = json.reader()
                    .with(
                            DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY,
                            DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .readTree(body);
        } catch (JacksonException e) {
            throw ApiException.badRequest("Request body is not valid JSON, or repeats a field");
        }
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("Request body must be a JSON object");
        }
        return node;
    }

    private static void requireJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.parseMediaType(contentType);
        } catch (InvalidMediaTypeException e) {
            type = null;
        }
        boolean json = type != null && MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type);
        boolean utf8 = type == null || isUtf8OrUnspecified(type);
        if (!json || !utf8) {
            throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json (UTF-8)");
        }
    }

    private static boolean isUtf8OrUnspecified(MediaType type) {
        try {
            return type.getCharset() == null || StandardCharsets.UTF_8.equals(type.getCharset());
        } catch (IllegalArgumentException unknownCharset) {
            return false;
        }
    }

    private static ApiException tooLarge(int maxBytes) {
        return new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Request body is larger than " + maxBytes + " bytes");
    }
}
