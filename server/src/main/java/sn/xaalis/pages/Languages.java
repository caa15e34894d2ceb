package sn.xaalis.pages;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.i18n.CookieLocaleResolver;

/** French and English; the choice saved in a cookie, else the browser's {@code Accept-Language}, else French. */
@Configuration(proxyBeanMethods = false)
public class Languages {

    public static final List<Locale> SUPPORTED = List.of(Locale.FRENCH, Locale.ENGLISH);
    static final String COOKIE = "xaalis_lang";

    /** Replaces Boot's header-only resolver (the bean name is what Spring MVC looks up). */
    @Bean
    LocaleResolver localeResolver() {
        CookieLocaleResolver resolver = new CookieLocaleResolver(COOKIE) {
            @Override
            public Locale resolveLocale(HttpServletRequest request) {
                return supported(super.resolveLocale(request)).orElseGet(() -> fromHeader(request));
            }
        };
        resolver.setCookieMaxAge(Duration.ofDays(365));
        resolver.setCookieHttpOnly(true);
        resolver.setCookieSameSite("Lax");
        resolver.setDefaultLocaleFunction(Languages::fromHeader);
        return resolver;
    }

    /** The supported language matching a code such as {@code en} or {@code fr-SN}. */
    public static Optional<Locale> supported(Locale locale) {
        if (locale == null) {
            return Optional.empty();
        }
        return SUPPORTED.stream()
                .filter(l -> l.getLanguage().equals(locale.getLanguage()))
                .findFirst();
    }

    private static Locale fromHeader(HttpServletRequest request) {
        String header = request.getHeader("Accept-Language");
        if (header != null && !header.isBlank()) {
            try {
                Locale best = Locale.lookup(Locale.LanguageRange.parse(header), SUPPORTED);
                if (best != null) {
                    return best;
                }
            } catch (IllegalArgumentException malformed) {
                // a malformed header counts as none
            }
        }
        return Locale.FRENCH;
    }
}
