package sn.xaalis.pages;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.LocaleResolver;

/** The language switch on every page: saves the choice and goes back to the page, on this site only. */
@PageController
class LanguageController {

    private final LocaleResolver resolver;

    LanguageController(LocaleResolver resolver) {
        this.resolver = resolver;
    }

    @GetMapping("/language")
    ResponseEntity<Void> choose(
            @RequestParam(defaultValue = "") String lang,
            @RequestParam(defaultValue = "/") String to,
            HttpServletRequest request,
            HttpServletResponse response) {
        Languages.supported(Locale.forLanguageTag(lang))
                .ifPresent(locale -> resolver.setLocale(request, response, locale));
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(LanguageSwitch.localPath(to)))
                .build();
    }
}
