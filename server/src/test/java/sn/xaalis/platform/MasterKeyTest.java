package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MasterKeyTest {

    @TempDir
    Path dataDir;

    private PlatformProperties properties(String masterKey) {
        return new PlatformProperties(
                null,
                dataDir,
                new PlatformProperties.Secrets(masterKey),
                new PlatformProperties.Live(false),
                new PlatformProperties.WebhookEgress(List.of()));
    }

    @Test
    void postgresWithoutAMasterKeyRefusesToStartWithAClearMessage() {
        assertThatThrownBy(() -> MasterKey.load(properties(null), new Database(false)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("XAALIS_SECRETS_MASTER_KEY")
                .hasMessageContaining("PostgreSQL");
    }

    @Test
    void embeddedModeGeneratesTheKeyOnceIntoTheDataDirectory() throws Exception {
        byte[] first = MasterKey.load(properties(null), new Database(true));
        byte[] second = MasterKey.load(properties(""), new Database(true));
        assertThat(first).hasSize(32).isEqualTo(second);
        assertThat(Files.readString(dataDir.resolve("master.key")).trim())
                .isEqualTo(Base64.getEncoder().encodeToString(first));
    }

    @Test
    void aConfiguredKeyWinsAndMustBe32Bytes() {
        String key = Base64.getEncoder().encodeToString(new byte[32]);
        assertThat(MasterKey.load(properties(key), new Database(false))).isEqualTo(new byte[32]);
        assertThatThrownBy(() -> MasterKey.load(properties("c2hvcnQ="), new Database(false)))
                .hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> MasterKey.load(properties("%%%"), new Database(false)))
                .hasMessageContaining("base64")
                .hasMessageNotContaining("%%%");
    }
}
