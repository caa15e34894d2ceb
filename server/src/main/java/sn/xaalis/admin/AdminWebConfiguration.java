package sn.xaalis.admin;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import sn.xaalis.operator.OperatorTokens;

@Configuration(proxyBeanMethods = false)
class AdminWebConfiguration implements WebMvcConfigurer {

    private final AdminToken token;

    AdminWebConfiguration(AdminProperties properties, OperatorTokens issued) {
        this.token = new AdminToken(properties, issued);
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new AdminTokenInterceptor(token)).addPathPatterns("/admin/**");
    }

    /**
     * A servlet filter, not an interceptor: the actuator has its own handler mapping. It runs after
     * Spring Security's chain (order -100), so the principal it gives the operator is the one the
     * actuator sees.
     */
    @Bean
    FilterRegistrationBean<OperatorEndpointsFilter> operatorEndpointsFilter() {
        var registration = new FilterRegistrationBean<>(new OperatorEndpointsFilter(token));
        registration.addUrlPatterns("/actuator", "/actuator/*");
        registration.setOrder(0);
        return registration;
    }
}
