package sn.xaalis;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class XaalisApplication {

    public static void main(String[] args) {
        SpringApplication.run(XaalisApplication.class, args);
    }
}
