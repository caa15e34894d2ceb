package sn.xaalis.merchant;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Puts key authentication in front of {@code /api/v1/{endpoint_key}/**} and hands controllers the {@link Caller}. */
@Configuration(proxyBeanMethods = false)
class MerchantWebConfiguration implements WebMvcConfigurer {

    private final ApiKeyAuthentication authentication;
    private final ApplicationRateLimit rateLimiter;

    MerchantWebConfiguration(ApiKeyAuthentication authentication, ApplicationRateLimit rateLimiter) {
        this.authentication = authentication;
        this.rateLimiter = rateLimiter;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new ApiKeyInterceptor(authentication, rateLimiter))
                .addPathPatterns("/api/v1/*/**");
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == Caller.class;
            }

            @Override
            public Object resolveArgument(
                    MethodParameter parameter,
                    @Nullable ModelAndViewContainer mavContainer,
                    NativeWebRequest webRequest,
                    @Nullable WebDataBinderFactory binderFactory) {
                Object caller =
                        webRequest.getAttribute(ApiKeyInterceptor.CALLER_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
                if (caller == null) {
                    throw new IllegalStateException("Caller requested outside the authenticated API");
                }
                return caller;
            }
        });
    }
}
