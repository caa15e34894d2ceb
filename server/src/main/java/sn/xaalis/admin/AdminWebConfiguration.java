package sn.xaalis.admin;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
class AdminWebConfiguration implements WebMvcConfigurer {

    private final AdminProperties properties;

    AdminWebConfiguration(AdminProperties properties) {
        this.properties = properties;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new AdminTokenInterceptor(properties)).addPathPatterns("/admin/**");
    }

    /**
     * A servlet filter, not an interceptor: the actuator has its own handler mapping. It runs after
     * Spring Security's chain (order -100), so the principal it gives the operator is the one the
     * actuator sees.
     */
    @Bean
    FilterRegistrationBean<OperatorEndpointsFilter> operatorEndpointsFilter() {
        var registration = new FilterRegistrationBean<>(new OperatorEndpointsFilter(properties));
        registration.addUrlPatterns("/actuator", "/actuator/*");
        registration.setOrder(0);
        return registration;
    }
}
