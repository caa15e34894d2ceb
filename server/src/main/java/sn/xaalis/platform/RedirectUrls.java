package sn.xaalis.platform;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Rules for URLs a customer's browser is sent to (success/error pages). Unlike webhook URLs, these
 * are never fetched by the server, so local addresses are fine (a merchant testing on a laptop).
 */
public final class RedirectUrls {

    public static final int MAX_LENGTH = 2048;

    private RedirectUrls() {}

    /** Why the URL is unacceptable, or empty when it is fine. */
    public static Optional<String> problem(String url) {
        if (url.length() > MAX_LENGTH) {
            return Optional.of("must be at most " + MAX_LENGTH + " characters");
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            boolean web = scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"));
            if (!web || uri.getHost() == null || uri.getRawUserInfo() != null) {
                return Optional.of("must be an absolute http or https URL");
            }
            return Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.of("must be an absolute http or https URL");
        }
    }
}
