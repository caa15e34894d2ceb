package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ServerProcess;
import tools.jackson.databind.JsonNode;

/**
 * The operator's switch to JSON logs ({@code LOGGING_STRUCTURED_FORMAT_CONSOLE=ecs}), on the packaged
 * server: every console line is one JSON object, and lines logged while serving a request carry its
 * {@code request_id}.
 */
class StructuredLogsIT {

    @Test
    void ecsJsonLinesCarryTheRequestId() throws Exception {
        assumeFalse(
                sn.xaalis.support.TestDatabase.postgres(),
                "the log format does not depend on the database: tested once, on the embedded one");
        String name = "structured-logs-" + System.nanoTime();
        Map<String, String> env = new HashMap<>();
        env.put("LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs");
        // Environment variables name packages only: relaxed binding lowercases the class name.
        env.put("LOGGING_LEVEL_ORG_SPRINGFRAMEWORK_SECURITY", "DEBUG");
        env.put(
                "SPRING_DATASOURCE_URL",
                "jdbc:h2:mem:" + name + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        env.put("XAALIS_SECRETS_MASTER_KEY", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        env.put("XAALIS_ADMIN_TOKEN", Api.ADMIN_TOKEN);
        env.put("XAALIS_DEMO_ENABLED", "false");
        String id = "ecs-" + System.nanoTime();
        String wrongSecret = "sk_test_" + "Q".repeat(40);
        try (ServerProcess server = ServerProcess.start(name, env)) {
            Api api = server.api();
            assertThat(api.send("GET", "/ping", Map.of("X-Request-Id", id), null)
                            .status())
                    .isEqualTo(200);
            Api.Merchant merchant = api.onboard("WALLET_SN");
            assertThat(api.initiate(merchant.withKeys(merchant.apiKey(), wrongSecret), "{}")
                            .status())
                    .isEqualTo(401);
        }

        List<String> console = Files.readAllLines(Path.of("target", "processes", name + ".log"));
        assertThat(console)
                .as("no migration's query result printed on the console (Flyway's ?column? tables)")
                .noneMatch(line -> line.contains("?column?"));
        assertThat(console)
                .as("no start-up warning a new user cannot act on")
                .noneMatch(line -> line.contains("newer than the version Flyway has been verified with"))
                .noneMatch(line -> line.contains("Global AuthenticationManager configured"));
        List<String> lines =
                console.stream().filter(line -> line.startsWith("{")).toList();
        assertThat(lines).as("JSON lines on the console").isNotEmpty();
        JsonNode securing = null;
        for (String line : lines) {
            JsonNode json = Api.JSON.readTree(line);
            assertThat(json.has("@timestamp")).as(line).isTrue();
            if (json.path("message").asString("").contains("Securing GET /ping")
                    && id.equals(json.path("request_id").asString(null))) {
                securing = json;
            }
        }
        assertThat(securing)
                .as("the request's log line, with its request_id field")
                .isNotNull();
        String all = String.join("\n", lines);
        assertThat(all).doesNotContain(wrongSecret).doesNotContain(Api.ADMIN_TOKEN);
    }
}
