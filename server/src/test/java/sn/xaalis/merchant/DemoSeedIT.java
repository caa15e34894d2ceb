package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.IntegrationTest;

@IntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class DemoSeedIT {

    @DynamicPropertySource
    static void demo(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("xaalis-demo");
        registry.add("xaalis.demo.enabled", () -> "true");
        registry.add("xaalis.data-dir", dataDir::toString);
    }

    @LocalServerPort
    int port;

    @Autowired
    DemoSeed seed;

    @Test
    void printsWorkingSandboxKeysAndThePortalLogin(CapturedOutput output) {
        seed.seedAndPrint(); // a second start: prints again, creates nothing new
        String printed = output.getAll();
        assertThat(printed).contains("Portal", DemoSeed.DEMO_EMAIL).doesNotContain("sk_live_");

        String endpoint = find(printed, "API base\\s+\\S+/api/v1/([a-z2-7]{16})");
        String key = find(printed, "X-Api-Key\\s+(pk_test_\\w+)");
        String secret = find(printed, "X-Api-Secret\\s+(sk_test_\\w+)");
        Api api = new Api(port);
        Api.Merchant demo = new Api.Merchant(null, null, endpoint, key, secret);

        Api.Response wallet = api.initiate(demo, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        Api.Response mobile = api.initiate(demo, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500\"}");
        assertThat(wallet.status()).isEqualTo(201);
        assertThat(mobile.status()).isEqualTo(201);
    }

    private static String find(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex).isTrue();
        return matcher.group(1);
    }
}
