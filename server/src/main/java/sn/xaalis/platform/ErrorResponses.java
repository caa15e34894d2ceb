package sn.xaalis.platform;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.TransactionException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** The one place where failures become HTTP answers, always with the SPEC §7 body (D8). */
@RestControllerAdvice
@RestController
class ErrorResponses implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(ErrorResponses.class);

    // A database restart or failover takes seconds; clients retrying sooner only add load.
    private static final String RETRY_AFTER_SECONDS = "2";

    private final Clock clock;
    private final ObjectProvider<ErrorPages> pages;
    private final Refusals refusals;

    ErrorResponses(Clock clock, ObjectProvider<ErrorPages> pages, Refusals refusals) {
        this.clock = clock;
        this.pages = pages;
        this.refusals = refusals;
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ErrorBody> api(ApiException e) {
        return ResponseEntity.status(e.status())
                .headers(e.headers())
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(e.status(), e.getMessage(), e.errors(), clock.instant()));
    }

    /** A module's rule refused the request: the status its module gives, with the refusal's own detail. */
    @ExceptionHandler(Refusal.class)
    ResponseEntity<ErrorBody> refused(Refusal refusal) {
        HttpStatus status = refusals.status(refusal);
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(status, refusal.getMessage(), refusal.errors(), clock.instant()));
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<ErrorBody> notFound(Exception e) {
        return body(HttpStatus.NOT_FOUND, "No such resource");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorBody> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        var headers = new HttpHeaders();
        if (e.getSupportedHttpMethods() != null) {
            headers.setAllow(e.getSupportedHttpMethods());
        }
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                .headers(headers)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(
                        HttpStatus.METHOD_NOT_ALLOWED,
                        "Method " + e.getMethod() + " is not allowed here",
                        Map.of(),
                        clock.instant()));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ErrorBody> unsupportedMediaType(HttpMediaTypeNotSupportedException e) {
        return body(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json");
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ErrorBody> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return body(HttpStatus.NOT_ACCEPTABLE, "Responses are application/json");
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e) {
        return body(HttpStatus.BAD_REQUEST, "Request body is not valid JSON");
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<ErrorBody> missingHeader(MissingRequestHeaderException e) {
        return body(HttpStatus.BAD_REQUEST, "Header " + e.getHeaderName() + " is required");
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorBody> typeMismatch(MethodArgumentTypeMismatchException e) {
        return body(HttpStatus.NOT_FOUND, "No such resource");
    }

    /**
     * The database is unreachable (outage, restart, failover): a quick, retryable 503 without any
     * detail of the cause. Other data-access failures are bugs and stay 500s.
     */
    @ExceptionHandler({DataAccessException.class, TransactionException.class})
    ResponseEntity<ErrorBody> dataAccess(RuntimeException e) {
        if (!databaseUnavailable(e)) {
            return unexpected(e);
        }
        log.warn("Database unavailable, answering 503: {}", e.toString());
        return unavailable();
    }

    /** Form or query parameters Tomcat could not read, e.g. a form over the connector's post size limit. */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ErrorBody> invalidParameters(InvalidParameterException e) {
        int code = e.getErrorCode();
        if (code == HttpStatus.CONTENT_TOO_LARGE.value()) {
            return body(HttpStatus.CONTENT_TOO_LARGE, "Request body is too large");
        }
        return body(HttpStatus.BAD_REQUEST, "Request parameters could not be read");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ErrorBody> unexpected(Exception e) {
        if (databaseUnavailable(e)) {
            // Wrapped by a layer that is not a data-access one: still an outage, not a bug.
            log.warn("Database unavailable, answering 503: {}", e.toString());
            return unavailable();
        }
        // Only the class and message go to the log: request data may hold secrets.
        log.error("Unexpected error: {}", e.toString(), e);
        return body(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong on our side");
    }

    /** Errors raised outside Spring MVC (container, filters) are forwarded here by the servlet container. */
    @RequestMapping("/error")
    Object error(HttpServletRequest request, HttpServletResponse response) {
        boolean outage = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable failure
                && databaseUnavailable(failure);
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatusCode status =
                outage ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatusCode.valueOf(code instanceof Integer i ? i : 500);
        ErrorPages forPeople = pages.getIfAvailable();
        if (forPeople != null && request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String path) {
            var page = forPeople.page(request, path, status.value());
            if (page != null) {
                if (outage) {
                    response.setHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
                }
                return page;
            }
        }
        if (outage) {
            return unavailable();
        }
        String message =
                switch (status.value()) {
                    case 400 -> "Bad request";
                    case 404 -> "No such resource";
                    case 413 -> "Request body is too large";
                    default -> status.is5xxServerError() ? "Something went wrong on our side" : null;
                };
        return body(status, message);
    }

    static boolean databaseUnavailable(Throwable failure) {
        return DatabaseOutages.unavailable(failure);
    }

    private ResponseEntity<ErrorBody> unavailable() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(
                        HttpStatus.SERVICE_UNAVAILABLE,
                        "The service is temporarily unavailable, please retry",
                        Map.of(),
                        clock.instant()));
    }

    private ResponseEntity<ErrorBody> body(HttpStatusCode status, @Nullable String message) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(status, message, Map.<String, List<String>>of(), clock.instant()));
    }
}
