package sn.xaalis.training;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Once the node serves, runs the {@link Workload} for the configured time on a thread of its own, then
 * closes the context and exits the JVM (0 when every request was answered as expected, 1 otherwise), which
 * is when the JVM writes the cache. A node started without {@code xaalis.training.duration} never trains.
 */
@Component
@EnableConfigurationProperties(TrainingProperties.class)
class TrainingRun {

    private static final Logger log = LoggerFactory.getLogger(TrainingRun.class);

    private final TrainingProperties properties;
    private final Environment environment;

    TrainingRun(TrainingProperties properties, Environment environment) {
        this.properties = properties;
        this.environment = environment;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start(ApplicationReadyEvent ready) {
        if (!properties.enabled()) {
            return;
        }
        String port = environment.getRequiredProperty("local.server.port");
        String adminToken = environment.getProperty("xaalis.admin.token", "");
        if (adminToken.isBlank()) {
            throw new IllegalStateException("A training run needs xaalis.admin.token (XAALIS_ADMIN_TOKEN)");
        }
        ConfigurableApplicationContext context = ready.getApplicationContext();
        Thread.ofPlatform().name("training").start(() -> {
            int exit = 1;
            try (var sink = WebhookSink.start()) {
                var workload = new Workload("http://127.0.0.1:" + port, adminToken, sink);
                Workload.Totals totals = workload.run(properties.duration(), properties.concurrency());
                log.info("Training run done: {}", totals);
                exit = totals.unexpected() == 0 ? 0 : 1;
            } catch (Exception e) {
                log.error("Training run failed", e);
            }
            int code = exit;
            System.exit(SpringApplication.exit(context, () -> code));
        });
    }
}
