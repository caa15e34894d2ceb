package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProviderExchangesTest {

    @Test
    void redactsSecretFieldsAndImagesAndCutsLongBodies() {
        String body = "{\"access_token\":\"abc.def\",\"Client_Secret\" : \"s3cr3t\",\"qrCode\":\"" + "A".repeat(100)
                + "\",\"id\":\"x\"}";
        String redacted = ProviderExchanges.redact(body);
        assertThat(redacted)
                .doesNotContain("abc.def")
                .doesNotContain("s3cr3t")
                .doesNotContain("AAAA")
                .contains("\"id\":\"x\"")
                .contains("[redacted]")
                .contains("[image]");
        assertThat(ProviderExchanges.redact("x".repeat(10_000))).hasSize(ProviderExchanges.MAX_BODY);
        assertThat(ProviderExchanges.redact(null)).isNull();
    }
}
