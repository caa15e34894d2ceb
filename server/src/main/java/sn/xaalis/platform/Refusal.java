package sn.xaalis.platform;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * A module's rule refused what was asked. Services throw it without an HTTP status: each module's web
 * edge says which status each of its refusals stands for ({@link Statuses}); the API then answers it
 * with the SPEC §7 body, a page for a person says so in its language. Each module keeps its own sealed
 * subclass with domain-named cases.
 */
public abstract class Refusal extends RuntimeException {

    private final Map<String, List<String>> errors;

    protected Refusal(String message, Map<String, List<String>> errors) {
        // Without a stack trace: a refusal is an everyday answer, and must stay cheap.
        super(message, null, false, false);
        this.errors = errors;
    }

    /** What was refused, by field: shown next to the fields on a page, in {@code errors} by the API. */
    public Map<String, List<String>> errors() {
        return errors;
    }

    /** The message of a refusal of fields: it names them, so that a log line alone is useful. */
    protected static String invalidFields(Map<String, List<String>> errors) {
        return "Invalid request: " + String.join(", ", errors.keySet());
    }

    /** A module's web edge: the HTTP status each of its own refusals stands for. */
    public interface Statuses {

        /** The status for one of this module's refusals; null for another module's. */
        @Nullable
        HttpStatus status(Refusal refusal);
    }
}
