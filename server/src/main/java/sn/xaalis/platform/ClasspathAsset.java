package sn.xaalis.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A script or stylesheet of the jar, read once and served from a controller: the application serves no
 * static files, and the pages' CSP forbids inline script.
 */
public final class ClasspathAsset {

    public static final MediaType JAVASCRIPT = new MediaType("text", "javascript", StandardCharsets.UTF_8);
    public static final MediaType CSS = new MediaType("text", "css", StandardCharsets.UTF_8);

    private final byte[] bytes;
    private final MediaType type;

    private ClasspathAsset(byte[] bytes, MediaType type) {
        this.bytes = bytes;
        this.type = type;
    }

    public static ClasspathAsset read(String path, MediaType type) {
        try (InputStream in = new ClassPathResource(path).getInputStream()) {
            return new ClasspathAsset(in.readAllBytes(), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ResponseEntity<byte[]> response(CacheControl cache) {
        return ResponseEntity.ok().cacheControl(cache).contentType(type).body(bytes.clone());
    }
}
