package sn.xaalis.checkout;

import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.ClasspathAsset;

/** The customer pages' stylesheet and the hosted page's script (the application serves no static files). */
@RestController
class CheckoutAssets {

    private static final CacheControl CACHE =
            CacheControl.maxAge(Duration.ofHours(1)).cachePublic();

    private final ClasspathAsset script = ClasspathAsset.read("checkout/pay.js", ClasspathAsset.JAVASCRIPT);
    private final ClasspathAsset stylesheet = ClasspathAsset.read("checkout/checkout.css", ClasspathAsset.CSS);

    @GetMapping("/pay/assets/pay.js")
    ResponseEntity<byte[]> script() {
        return script.response(CACHE);
    }

    @GetMapping("/pay/assets/checkout.css")
    ResponseEntity<byte[]> stylesheet() {
        return stylesheet.response(CACHE);
    }
}
