package sn.xaalis.pages;

import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The icon every browser asks for beside the first page of a site: answered with nothing, for a day,
 * rather than with the not-found page, whose rendering would touch the person's session (its CSRF token)
 * at the same moment as the page it came with.
 */
@RestController
class FaviconController {

    @GetMapping("/favicon.ico")
    ResponseEntity<Void> favicon() {
        return ResponseEntity.noContent()
                .cacheControl(CacheControl.maxAge(Duration.ofDays(1)).cachePublic())
                .build();
    }
}
