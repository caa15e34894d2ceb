package sn.xaalis.training;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * What a training run needs whoever starts it (the launcher's {@code train}, the image's build): a
 * throwaway database, fresh secrets, a free port and limits the workload never meets. They come first, so
 * no setting of a real node (its database above all) can reach a training run; its database is an
 * in-memory one unless {@code xaalis.training.datasource.url} names a scratch PostgreSQL database, whose
 * driver and statements then get trained too. A node that is not training is left as it is.
 */
public final class TrainingSettings implements EnvironmentPostProcessor {

    static final String IN_MEMORY =
            "jdbc:h2:mem:training;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";

    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Duration duration = Binder.get(environment)
                .bind("xaalis.training.duration", Duration.class)
                .orElse(Duration.ZERO);
        if (!duration.isPositive()) {
            return;
        }
        String database = environment.getProperty("xaalis.training.datasource.url", IN_MEMORY);
        Map<String, Object> settings = Map.ofEntries(
                Map.entry("spring.datasource.url", database),
                Map.entry(
                        "spring.datasource.username",
                        environment.getProperty("xaalis.training.datasource.username", "sa")),
                Map.entry(
                        "spring.datasource.password",
                        environment.getProperty("xaalis.training.datasource.password", "")),
                Map.entry("xaalis.secrets.master-key", Base64.getEncoder().encodeToString(random(32))),
                Map.entry("xaalis.admin.token", "training-" + HexFormat.of().formatHex(random(16))),
                Map.entry("server.port", "0"),
                Map.entry("xaalis.demo.enabled", "false"),
                // The workload's webhooks go to a receiver on loopback.
                Map.entry("xaalis.webhooks.allowed-private-cidrs", "127.0.0.0/8"),
                Map.entry("xaalis.rate-limit.requests-per-second", "1000000"),
                Map.entry("xaalis.public-limits.hosted-page-per-address", "1000000/1m"),
                Map.entry("xaalis.public-limits.hosted-page-per-payment", "1000000/1m"),
                Map.entry("xaalis.public-limits.sign-in-per-address", "1000000/1m"));
        environment.getPropertySources().addFirst(new MapPropertySource("training", settings));
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return value;
    }
}
