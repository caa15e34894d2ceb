package sn.xaalis.platform;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** The address customers reach us at: configured, or {@code http://localhost:<actual port>}. */
@Component
public class PublicBaseUrl {

    private final @Nullable String configured;
    private volatile String resolved;

    PublicBaseUrl(PlatformProperties properties) {
        String value = properties.publicBaseUrl();
        this.configured = value == null || value.isBlank() ? null : stripTrailingSlash(value.trim());
        this.resolved = configured == null ? "http://localhost:8080" : configured;
    }

    @EventListener
    void onServerStarted(WebServerInitializedEvent event) {
        if (configured == null) {
            resolved = "http://localhost:" + event.getWebServer().getPort();
        }
    }

    /** Without a trailing slash, ready for {@code + "/path"}. */
    public String value() {
        return resolved;
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
