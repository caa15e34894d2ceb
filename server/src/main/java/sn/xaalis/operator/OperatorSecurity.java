package sn.xaalis.operator;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.DefaultAuthenticationEventPublisher;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import sn.xaalis.platform.SignInFailures;

/**
 * The console's own chain, before the portal's: a form sign-in with password and code, sessions in the
 * database like the portal's (so any node serves an operator, and ending them ends them everywhere),
 * CSRF on every form, and only {@code ROLE_OPERATOR} past the sign-in and set-up pages. A merchant's
 * session opens none of it, and an operator's opens none of the portal.
 */
@Configuration(proxyBeanMethods = false)
class OperatorSecurity {

    private static final String CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    @Bean
    @Order(0)
    SecurityFilterChain operatorConsole(
            HttpSecurity http, OperatorAuthentication authentication, ApplicationEventPublisher events)
            throws Exception {
        var failure = SignInFailures.backTo("/operator/login");
        // Its successes are published (the new-device notices listen to them); no parent manager.
        var manager = new ProviderManager(authentication);
        manager.setAuthenticationEventPublisher(new DefaultAuthenticationEventPublisher(events));
        http.securityMatcher("/operator", "/operator/**")
                .authenticationManager(manager)
                .authorizeHttpRequests(a -> a.requestMatchers("/operator/login", "/operator/setup", "/operator/setup/*")
                        .permitAll()
                        .anyRequest()
                        .hasRole("OPERATOR"))
                .formLogin(form -> form.loginPage("/operator/login")
                        .loginProcessingUrl("/operator/login")
                        .usernameParameter("email")
                        .passwordParameter("password")
                        .authenticationDetailsSource(request -> new OperatorAuthentication.Details(
                                request.getRemoteAddr(), request.getParameter("code")))
                        .defaultSuccessUrl("/operator", true)
                        .failureHandler(failure))
                .logout(logout -> logout.logoutUrl("/operator/logout").logoutSuccessUrl("/operator/login?signed-out"))
                .requestCache(cache -> cache.disable())
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(CSP)));
        return http.build();
    }
}
