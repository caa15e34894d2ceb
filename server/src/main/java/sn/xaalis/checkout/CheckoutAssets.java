package sn.xaalis.checkout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The customer pages' stylesheet and the hosted page's script (the application serves no static files). */
@RestController
class CheckoutAssets {

    private static final CacheControl CACHE =
            CacheControl.maxAge(Duration.ofHours(1)).cachePublic();
    private static final MediaType JAVASCRIPT = new MediaType("text", "javascript", StandardCharsets.UTF_8);
    private static final MediaType CSS = new MediaType("text", "css", StandardCharsets.UTF_8);

    private final byte[] script = read("checkout/pay.js");
    private final byte[] stylesheet = read("checkout/checkout.css");

    @GetMapping("/pay/assets/pay.js")
    ResponseEntity<byte[]> script() {
        return asset(script, JAVASCRIPT);
    }

    @GetMapping("/pay/assets/checkout.css")
    ResponseEntity<byte[]> stylesheet() {
        return asset(stylesheet, CSS);
    }

    private static ResponseEntity<byte[]> asset(byte[] body, MediaType type) {
        return ResponseEntity.ok().cacheControl(CACHE).contentType(type).body(body.clone());
    }

    private static byte[] read(String path) {
        try (InputStream in = new ClassPathResource(path).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
