package sn.xaalis.training;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param duration how long the workload runs; zero (the default) means this is not a training run
 * @param concurrency how many clients drive it at once
 */
@ConfigurationProperties("xaalis.training")
record TrainingProperties(@DefaultValue("0s") Duration duration, @DefaultValue("8") int concurrency) {

    boolean enabled() {
        return duration.isPositive();
    }
}
