package sn.xaalis.pages;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.DatabaseOutages;
import sn.xaalis.platform.ErrorPages;
import sn.xaalis.platform.Refusal;
import sn.xaalis.platform.Refusals;

/**
 * A failure on a page people read (portal, customer pages) is a page in their language, not the API's
 * JSON body: "not found", "try again in a moment" while the database is switching over, "something went
 * wrong". Everything else (the API, callbacks, operators) keeps the SPEC §7 body.
 */
@Configuration(proxyBeanMethods = false)
class PersonErrorPages implements HandlerExceptionResolver, WebMvcConfigurer, ErrorPages {

    private static final Logger log = LoggerFactory.getLogger(PersonErrorPages.class);
    private static final List<String> PAGES = List.of("/portal", "/pay/", "/l/", "/sandbox/", "/return/", "/language");

    private final Refusals refusals;

    PersonErrorPages(Refusals refusals) {
        this.refusals = refusals;
    }

    @Override
    public void extendHandlerExceptionResolvers(List<HandlerExceptionResolver> resolvers) {
        resolvers.addFirst(this);
    }

    @Override
    public @Nullable ModelAndView resolveException(
            HttpServletRequest request, HttpServletResponse response, @Nullable Object handler, Exception failure) {
        if (!forPerson(request, request.getRequestURI())) {
            return null;
        }
        HttpStatus status = status(failure);
        if (status == HttpStatus.SERVICE_UNAVAILABLE) {
            log.warn("Database unavailable, answering 503 with a page: {}", failure.toString());
            response.setHeader("Retry-After", "2");
        } else if (status.is5xxServerError()) {
            // Only the class and message go to the log: request data may hold secrets.
            log.error("Unexpected error on a page: {}", failure.toString(), failure);
        }
        if (failure instanceof ApiException api) {
            api.headers().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
        }
        return view(request, status);
    }

    /** A failure no controller saw (the session could not be loaded): the same page, said by /error. */
    @Override
    public @Nullable ModelAndView page(HttpServletRequest request, String path, int status) {
        HttpStatus known = HttpStatus.resolve(status);
        if (known == null || !forPerson(request, path)) {
            return null;
        }
        // The language switch goes back to the page that failed, not to /error.
        return new ModelAndView("pages/error", known)
                .addObject("status", status)
                .addObject("languageReturn", URLEncoder.encode(LanguageSwitch.localPath(path), StandardCharsets.UTF_8));
    }

    private static ModelAndView view(HttpServletRequest request, HttpStatus status) {
        return new ModelAndView("pages/error", status)
                .addObject("status", status.value())
                .addObject("languageReturn", LanguageSwitch.returnPath(request));
    }

    private HttpStatus status(Exception failure) {
        if (failure instanceof ApiException api) {
            return api.status();
        }
        if (failure instanceof Refusal refusal) {
            return refusals.status(refusal);
        }
        if (failure instanceof NoResourceFoundException
                || failure instanceof NoHandlerFoundException
                || failure instanceof MethodArgumentTypeMismatchException) {
            return HttpStatus.NOT_FOUND;
        }
        if (failure instanceof HttpRequestMethodNotSupportedException) {
            return HttpStatus.METHOD_NOT_ALLOWED;
        }
        if (DatabaseOutages.unavailable(failure)) {
            return HttpStatus.SERVICE_UNAVAILABLE;
        }
        return HttpStatus.INTERNAL_SERVER_ERROR;
    }

    /** A browser (it accepts HTML) on one of the pages people read. */
    private static boolean forPerson(HttpServletRequest request, String path) {
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains("text/html") && PAGES.stream().anyMatch(path::startsWith);
    }
}
