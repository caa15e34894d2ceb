package sn.xaalis.admin;

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
}
