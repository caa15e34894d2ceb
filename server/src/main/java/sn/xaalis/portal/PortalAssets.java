package sn.xaalis.portal;

import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.platform.ClasspathAsset;

/** The portal's script, served from the application so that the pages' CSP can forbid inline script. */
@RestController
class PortalAssets {

    private final ClasspathAsset script = ClasspathAsset.read("portal/portal.js", ClasspathAsset.JAVASCRIPT);

    @GetMapping("/portal/assets/portal.js")
    ResponseEntity<byte[]> script() {
        return script.response(CacheControl.maxAge(Duration.ofMinutes(10)));
    }
}
