package sn.xaalis.platform;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Function;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;

/** Where a failed sign-in goes: back to its page, saying whether the limits stopped it or the credentials were wrong. */
public final class SignInFailures {

    private SignInFailures() {}

    /** {@code loginPage?throttled} when a limit refused the attempt ({@link LockedException}), else {@code ?error}. */
    public static AuthenticationFailureHandler backTo(String loginPage) {
        return backTo(loginPage, request -> "");
    }

    /** The same, with {@code more} of the page's query (e.g. where to go once signed in) after the flag. */
    public static AuthenticationFailureHandler backTo(String loginPage, Function<HttpServletRequest, String> more) {
        return new SimpleUrlAuthenticationFailureHandler(loginPage + "?error") {
            @Override
            public void onAuthenticationFailure(
                    HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
                    throws IOException, ServletException {
                if (!(exception instanceof LockedException)) {
                    saveException(request, exception); // as the handler itself does before its redirect
                }
                String query = more.apply(request);
                String tail = query.isEmpty() ? "" : "&" + query;
                getRedirectStrategy()
                        .sendRedirect(
                                request,
                                response,
                                loginPage + (exception instanceof LockedException ? "?throttled" : "?error") + tail);
            }
        };
    }
}
