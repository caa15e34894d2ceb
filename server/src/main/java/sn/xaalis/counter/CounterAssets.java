package sn.xaalis.counter;

import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.ClasspathAsset;

/** The counter's script, served like the portal's own so that the pages' CSP can forbid inline script. */
@RestController
class CounterAssets {

    private final ClasspathAsset script = ClasspathAsset.read("counter/counter.js", ClasspathAsset.JAVASCRIPT);

    @GetMapping("/portal/assets/counter.js")
    ResponseEntity<byte[]> script() {
        return script.response(CacheControl.maxAge(Duration.ofMinutes(10)));
    }
}
