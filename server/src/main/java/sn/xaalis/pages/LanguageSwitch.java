package sn.xaalis.pages;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Gives every page {@code languageReturn}: where the language switch goes back to. A page answered to
 * a form post goes back to the page the form was on, since the post's own address takes no GET.
 */
@ControllerAdvice(annotations = PageController.class)
class LanguageSwitch {

    @ModelAttribute("languageReturn")
    String languageReturn(HttpServletRequest request) {
        return returnPath(request);
    }

    /** For views made outside a controller (error pages), which the advice does not reach. */
    static String returnPath(HttpServletRequest request) {
        String here;
        if ("GET".equals(request.getMethod())) {
            here = request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        } else {
            here = refererPath(request);
        }
        return URLEncoder.encode(localPath(here), StandardCharsets.UTF_8);
    }

    /** A path on this site, never another origin ({@code //evil}, {@code /\evil}, {@code https:}); else the root. */
    static String localPath(String candidate) {
        if (candidate == null
                || candidate.length() > 2000
                || !candidate.startsWith("/")
                || candidate.startsWith("//")
                || candidate.startsWith("/\\")
                || candidate.chars().anyMatch(c -> c < 0x21 || c == '\\')) {
            return "/";
        }
        return candidate;
    }

    private static String refererPath(HttpServletRequest request) {
        String referer = request.getHeader("Referer");
        if (referer == null) {
            return "/";
        }
        try {
            URI uri = URI.create(referer);
            if (uri.getHost() != null && !uri.getHost().equalsIgnoreCase(request.getServerName())) {
                return "/";
            }
            return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (IllegalArgumentException malformed) {
            return "/";
        }
    }
}
