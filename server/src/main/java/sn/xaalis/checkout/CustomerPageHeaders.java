package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The Content-Security-Policy of every page a customer sees: scripts and styles from this site only
 * (no inline script), images from here or {@code data:} (the QR code), never framed. There is no
 * {@code form-action}: Chromium applies it to the redirect that follows a form post, and the sandbox
 * checkout's forms end on the merchant's own success or error page, on another origin.
 */
@Configuration(proxyBeanMethods = false)
class CustomerPageHeaders implements WebMvcConfigurer {

    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                        response.setHeader("Content-Security-Policy", CSP);
                        // The page's address holds the reference: it is not sent along to other sites.
                        response.setHeader("Referrer-Policy", "same-origin");
                        return true;
                    }
                })
                .addPathPatterns("/pay/**", "/sandbox/checkout/**", "/return/**");
    }
}
