package sn.xaalis.portal;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.DefaultAuthenticationEventPublisher;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import sn.xaalis.platform.SignInFailures;

/**
 * Two worlds: the portal (form login, session, CSRF on every form, session id changed at sign-in)
 * and everything else (the merchant API, admin API, sandbox checkout, provider callbacks), which
 * authenticates itself per request and must not carry cookies or CSRF tokens.
 */
@Configuration(proxyBeanMethods = false)
class PortalSecurity {

    private static final String CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    @Bean
    @Order(1)
    SecurityFilterChain portal(
            HttpSecurity http,
            MerchantAuthentication authentication,
            PortalAccess access,
            ApplicationEventPublisher events)
            throws Exception {
        // A failed sign-in keeps the page the cashier came from (SignInReturn).
        var failure = SignInFailures.backTo("/portal/login", request -> {
            String back = SignInReturn.valid(request.getParameter(SignInReturn.PARAMETER));
            return back == null ? "" : SignInReturn.loginPage(null, back).substring("/portal/login?".length());
        });
        // The portal's own manager, with no parent: Boot's global one holds the same provider, and a
        // failure here fell through to it, checking the password twice and counting two failures.
        // Its successes are published (the new-device notices listen to them); no parent manager.
        var manager = new ProviderManager(authentication);
        manager.setAuthenticationEventPublisher(new DefaultAuthenticationEventPublisher(events));
        http.securityMatcher("/portal/**")
                .authenticationManager(manager)
                .authorizeHttpRequests(a -> a.requestMatchers(PUBLIC)
                        .permitAll()
                        // The refusal's own page, forwarded to once the request was refused.
                        .dispatcherTypeMatchers(DispatcherType.FORWARD)
                        .permitAll()
                        // A merchant's session only (an operator's, signed in to the console, opens none of
                        // it), whose role may open this page or send this form: one table, PortalAccess.
                        .anyRequest()
                        .access(access))
                .exceptionHandling(exceptions -> exceptions
                        .accessDeniedHandler(PortalSecurity::refused)
                        .authenticationEntryPoint(new SignInFirst()))
                .formLogin(form -> form.loginPage("/portal/login")
                        .loginProcessingUrl("/portal/login")
                        .usernameParameter("email")
                        .passwordParameter("password")
                        .authenticationDetailsSource(request -> new MerchantAuthentication.LoginDetails(
                                request.getRemoteAddr(), request.getParameter("code")))
                        // Each lands where their role works: the cashier at the counter, others on the dashboard.
                        // A cashier whose session ended comes back where they were (SignInReturn).
                        .successHandler((request, response, signedIn) -> {
                            String back = SignInReturn.valid(request.getParameter(SignInReturn.PARAMETER));
                            response.sendRedirect(request.getContextPath()
                                    + (back != null ? back : PortalController.landing(signedIn.getPrincipal())));
                        })
                        .failureHandler(failure))
                .logout(logout -> logout.logoutUrl("/portal/logout").logoutSuccessUrl("/portal/login?signed-out"))
                // Sign-in always lands on the role's page: no saved request, so an anonymous visit of a
                // portal page stores no session row.
                .requestCache(cache -> cache.disable())
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(CSP)));
        return http.build();
    }

    /**
     * A signed-in person whose role does not open the page: a page in the portal's style saying so, with
     * 403. A refused CSRF token, or an operator's session, keeps the container's error page, as before.
     */
    private static void refused(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
            throws IOException, ServletException {
        var signedIn = SecurityContextHolder.getContext().getAuthentication();
        boolean portalUser = signedIn != null && signedIn.getPrincipal() instanceof PortalUser;
        if (denied instanceof CsrfException && !portalUser && !response.isCommitted() && !isPublic(request)) {
            // A form sent after its session ended (its token went with it): sign in again, then back to
            // the page, rather than an error code. Nothing of the form is kept or done.
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader(
                    "Location", request.getContextPath() + SignInReturn.loginPage("expired", SignInReturn.of(request)));
            return;
        }
        if (denied instanceof CsrfException
                || response.isCommitted()
                || signedIn == null
                || !(signedIn.getPrincipal() instanceof PortalUser)) {
            CSRF_REFUSED.handle(request, response, denied);
            return;
        }
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        request.getRequestDispatcher("/portal/forbidden").forward(request, response);
    }

    private static final AccessDeniedHandlerImpl CSRF_REFUSED = new AccessDeniedHandlerImpl();

    /** The pages open without a session: a form of theirs refused is refused (403), not a session ended. */
    private static final String[] PUBLIC = {
        "/portal/login", "/portal/signup", "/portal/password-reset", "/portal/password-reset/*", "/portal/team/join/*"
    };

    private static final List<RequestMatcher> PUBLIC_PAGES = Arrays.stream(PUBLIC)
            .map(path ->
                    (RequestMatcher) PathPatternRequestMatcher.withDefaults().matcher(path))
            .toList();

    private static boolean isPublic(HttpServletRequest request) {
        return PUBLIC_PAGES.stream().anyMatch(page -> page.matches(request));
    }

    /** The sign-in page for a visit without a session, with the counter's page to come back to. */
    private static final class SignInFirst extends LoginUrlAuthenticationEntryPoint {
        SignInFirst() {
            super("/portal/login");
        }

        @Override
        protected String determineUrlToUseForThisRequest(
                HttpServletRequest request, HttpServletResponse response, AuthenticationException exception) {
            return SignInReturn.loginPage(null, SignInReturn.of(request));
        }
    }

    @Bean
    @Order(2)
    SecurityFilterChain everythingElse(HttpSecurity http) throws Exception {
        // Only the security headers: no authorization rule (each endpoint authenticates itself), no
        // anonymous user, logout or request wrapping, every one a cost on each API request.
        http.securityMatcher("/**")
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable())
                .logout(logout -> logout.disable())
                .anonymous(anonymous -> anonymous.disable())
                .servletApi(servletApi -> servletApi.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
        return http.build();
    }
}
