package sn.xaalis.platform;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;

/** Where a failed sign-in goes: back to its page, saying whether the limits stopped it or the credentials were wrong. */
public final class SignInFailures {

    private SignInFailures() {}

    /** {@code loginPage?throttled} when a limit refused the attempt ({@link LockedException}), else {@code ?error}. */
    public static AuthenticationFailureHandler backTo(String loginPage) {
        return new SimpleUrlAuthenticationFailureHandler(loginPage + "?error") {
            @Override
            public void onAuthenticationFailure(
                    HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
                    throws IOException, ServletException {
                if (exception instanceof LockedException) {
                    getRedirectStrategy().sendRedirect(request, response, loginPage + "?throttled");
                } else {
                    super.onAuthenticationFailure(request, response, exception);
                }
            }
        };
    }
}
