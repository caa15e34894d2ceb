package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import sn.xaalis.merchant.MerchantId;

/** The signed-in merchant is stored in portal sessions (Java serialization): the stored form must not change. */
class PortalUserSerialFormTest {

    // new ObjectOutputStream(..).writeObject(new PortalUser(UUID.fromString(MERCHANT), "shop@example.com",
    // "Shop")) when PortalUser was the record PortalUser(UUID merchantId, String email, String name).
    private static final String STORED_BY_THE_RECORD =
            "rO0ABXNyABtzbi54YWFsaXMucG9ydGFsLlBvcnRhbFVzZXIAAAAAAAAAAAIAA0wABWVtYWlsdAASTGphdmEvbGFuZy"
                    + "9TdHJpbmc7TAAKbWVyY2hhbnRJZHQAEExqYXZhL3V0aWwvVVVJRDtMAARuYW1lcQB+AAF4cHQAEHNob3BAZXhhbXBs"
                    + "ZS5jb21zcgAOamF2YS51dGlsLlVVSUS8mQP3mG2FLwIAAkoADGxlYXN0U2lnQml0c0oAC21vc3RTaWdCaXRzeHCdTl"
                    + "9qe4ydDgGQ9bJ8Hno7dAAEU2hvcA==";
    private static final String MERCHANT = "0190f5b2-7c1e-7a3b-9d4e-5f6a7b8c9d0e";

    @Test
    void sessionsStoredBeforeIdsWereTypedStillReadBack() throws Exception {
        PortalUser user = (PortalUser) read(Base64.getDecoder().decode(STORED_BY_THE_RECORD));
        assertThat(user.merchantId()).isEqualTo(new MerchantId(UUID.fromString(MERCHANT)));
        assertThat(user.email()).isEqualTo("shop@example.com");
        assertThat(user.name()).isEqualTo("Shop");
        assertThat(user.getName()).isEqualTo(MERCHANT);
    }

    @Test
    void isStoredAsTheRecordWas() throws Exception {
        var user = new PortalUser(new MerchantId(UUID.fromString(MERCHANT)), "shop@example.com", "Shop");
        assertThat(Base64.getEncoder().encodeToString(write(user))).isEqualTo(STORED_BY_THE_RECORD);
        assertThat(read(write(user))).isEqualTo(user);
    }

    private static byte[] write(Object value) throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    private static Object read(byte[] bytes) throws IOException, ClassNotFoundException {
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }
}
