package sn.xaalis.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;

@IntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class SecretsAtRestIT extends ApiIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void theDatabaseHoldsNoPlainSecret(CapturedOutput output) {
        Api.Merchant merchant = api.onboardBoth();
        String live = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json()
                .get("api_secret")
                .stringValue();

        List<String> tables = jdbc.sql(
                        "SELECT table_name FROM information_schema.tables"
                                + " WHERE LOWER(table_schema) = LOWER(CURRENT_SCHEMA) AND table_type IN ('TABLE', 'BASE TABLE')")
                .query(String.class)
                .list();
        assertThat(tables).contains("api_keys", "payments", "applications");
        StringBuilder dump = new StringBuilder();
        for (String table : tables) {
            for (Map<String, Object> row :
                    jdbc.sql("SELECT * FROM " + table).query().listOfRows()) {
                for (Object value : row.values()) {
                    if (value instanceof byte[] bytes) {
                        dump.append(new String(bytes, StandardCharsets.ISO_8859_1))
                                .append(HexFormat.of().formatHex(bytes));
                    } else {
                        dump.append(value);
                    }
                    dump.append('\n');
                }
            }
        }
        assertThat(dump).contains(merchant.apiKey());
        assertThat(dump.toString()).doesNotContain(merchant.apiSecret(), live, "sk_test_", "sk_live_");
    }

    @Test
    void logsNeverContainTheSecretSentInARequest(CapturedOutput output) {
        Api.Merchant merchant = api.onboardBoth();
        api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}");
        api.initiate(merchant, "{broken");
        api.initiate(merchant.withKeys(merchant.apiKey(), merchant.apiSecret() + "x"), "{}");
        String wrongButWellFormed = "sk_test_" + "Z".repeat(40);
        api.initiate(merchant.withKeys(merchant.apiKey(), wrongButWellFormed), "{}");
        api.status(merchant, "SVC-AAAAAAAA");

        assertThat(output.getAll()).doesNotContain(merchant.apiSecret(), wrongButWellFormed, Api.ADMIN_TOKEN);
    }
}
