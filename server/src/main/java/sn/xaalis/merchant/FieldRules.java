package sn.xaalis.merchant;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.egress.WebhookUrls;
import sn.xaalis.platform.RedirectUrls;

/**
 * The rules for what merchants type in (names, passwords, webhook and redirect URLs), shared by sign-up
 * and settings so that a value accepted at creation is accepted on change. Each check adds its problem
 * to {@code errors} under the field's name and returns the cleaned value.
 */
@Component
class FieldRules {

    static final int MIN_PASSWORD = 10;
    static final int MAX_PASSWORD = 128;
    private static final int MAX_NAME = 100;

    private final WebhookUrls webhookUrls;

    FieldRules(WebhookUrls webhookUrls) {
        this.webhookUrls = webhookUrls;
    }

    static boolean acceptablePassword(@Nullable String password) {
        return password != null && password.length() >= MIN_PASSWORD && password.length() <= MAX_PASSWORD;
    }

    static String passwordRule() {
        return "must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters";
    }

    @Nullable
    String webhookUrl(@Nullable String url, boolean requireHttps, Map<String, List<String>> errors) {
        if (url == null) {
            return null;
        }
        List<String> problems = webhookUrls.check(url, requireHttps);
        if (!problems.isEmpty()) {
            errors.put("webhook_url", problems);
        }
        return url;
    }

    static @Nullable String redirect(String field, @Nullable String url, Map<String, List<String>> errors) {
        if (url == null) {
            return null;
        }
        Optional<String> problem = RedirectUrls.problem(url);
        problem.ifPresent(p -> errors.put(field, List.of(p)));
        return url;
    }

    static String name(@Nullable String name, Map<String, List<String>> errors) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty()) {
            errors.put("name", List.of("is required"));
        } else if (clean.codePointCount(0, clean.length()) > MAX_NAME) {
            errors.put("name", List.of("must be at most " + MAX_NAME + " characters"));
        }
        return clean;
    }

    static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
