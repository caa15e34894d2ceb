package sn.xaalis.platform;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.web.servlet.ModelAndView;

/**
 * The page a person's browser gets for a failure on a page people read, where the API gets its SPEC §7
 * body. Implemented where the pages live; the error controller asks it for failures no controller saw
 * (a filter that could not load the session while the database is down).
 */
public interface ErrorPages {

    /** The page for this failure, or null when the request is not a person's (the §7 body then). */
    @Nullable
    ModelAndView page(HttpServletRequest request, String path, int status);
}
