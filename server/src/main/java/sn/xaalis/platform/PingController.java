package sn.xaalis.platform;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The cheapest answer the web stack can give: a liveness probe for load balancers, and the benchmark's
 * reference for what the stack alone costs (R3).
 */
@RestController
class PingController {

    @GetMapping(value = "/ping", produces = MediaType.TEXT_PLAIN_VALUE)
    String ping() {
        return "pong";
    }
}
