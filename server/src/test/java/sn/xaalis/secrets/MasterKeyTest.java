package sn.xaalis.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MasterKeyTest {

    @TempDir
    Path dataDir;

    @Test
    void postgresWithoutAMasterKeyRefusesToStartWithAClearMessage() {
        assertThatThrownBy(() -> MasterKey.configured(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("XAALIS_SECRETS_MASTER_KEY")
                .hasMessageContaining("PostgreSQL");
    }

    @Test
    void embeddedModeGeneratesTheKeyOnceIntoTheDataDirectory() throws Exception {
        byte[] first = MasterKey.configuredOrGenerated(null, dataDir);
        byte[] second = MasterKey.configuredOrGenerated("", dataDir);
        assertThat(first).hasSize(32).isEqualTo(second);
        assertThat(Files.readString(dataDir.resolve("master.key")).trim())
                .isEqualTo(Base64.getEncoder().encodeToString(first));
    }

    @Test
    void aConfiguredKeyWinsAndMustBe32Bytes() {
        String key = Base64.getEncoder().encodeToString(new byte[32]);
        assertThat(MasterKey.configured(key)).isEqualTo(new byte[32]);
        assertThatThrownBy(() -> MasterKey.configured("c2hvcnQ=")).hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> MasterKey.configured("%%%"))
                .hasMessageContaining("base64")
                .hasMessageNotContaining("%%%");
    }
}
