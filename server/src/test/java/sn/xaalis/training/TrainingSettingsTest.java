package sn.xaalis.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class TrainingSettingsTest {

    private static final Map<String, Object> PRODUCTION = Map.of(
            "spring.datasource.url", "jdbc:postgresql://db.example/xaalis",
            "xaalis.secrets.master-key", "production-key",
            "xaalis.admin.token", "production-token",
            "server.port", "8080");

    @Test
    void aTrainingRunGetsItsOwnDatabaseSecretsAndPortWhateverTheNodeIsGiven() {
        var first = environment(Map.of("xaalis.training.duration", "20s"));
        var second = environment(Map.of("xaalis.training.duration", "20s"));

        assertThat(first.getProperty("spring.datasource.url")).isEqualTo(TrainingSettings.IN_MEMORY);
        assertThat(first.getProperty("spring.datasource.username")).isEqualTo("sa");
        assertThat(first.getProperty("server.port")).isEqualTo("0");
        assertThat(first.getProperty("xaalis.demo.enabled")).isEqualTo("false");
        assertThat(first.getProperty("xaalis.rate-limit.requests-per-second")).isEqualTo("1000000");
        assertThat(first.getProperty("xaalis.secrets.master-key"))
                .isNotEqualTo("production-key")
                .isNotEqualTo(second.getProperty("xaalis.secrets.master-key"))
                .hasSize(44);
        assertThat(first.getProperty("xaalis.admin.token"))
                .startsWith("training-")
                .isNotEqualTo(second.getProperty("xaalis.admin.token"));
    }

    @Test
    void aScratchPostgresqlDatabaseCanBeNamedForTheTraining() {
        var environment = environment(Map.of(
                "xaalis.training.duration", "PT1M",
                "xaalis.training.datasource.url", "jdbc:postgresql://127.0.0.1/scratch",
                "xaalis.training.datasource.username", "trainer"));

        assertThat(environment.getProperty("spring.datasource.url")).isEqualTo("jdbc:postgresql://127.0.0.1/scratch");
        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("trainer");
    }

    @Test
    void aNodeThatIsNotTrainingKeepsItsSettings() {
        for (var duration : new String[] {null, "0s"}) {
            var environment = environment(duration == null ? Map.of() : Map.of("xaalis.training.duration", duration));

            assertThat(environment.getPropertySources().contains("training")).isFalse();
            assertThat(environment.getProperty("spring.datasource.url"))
                    .isEqualTo("jdbc:postgresql://db.example/xaalis");
            assertThat(environment.getProperty("xaalis.admin.token")).isEqualTo("production-token");
        }
    }

    private static StandardEnvironment environment(Map<String, Object> given) {
        var environment = new StandardEnvironment();
        environment.getPropertySources().addLast(new MapPropertySource("given", given));
        environment.getPropertySources().addLast(new MapPropertySource("production", PRODUCTION));
        new TrainingSettings().postProcessEnvironment(environment, new SpringApplication());
        return environment;
    }
}
