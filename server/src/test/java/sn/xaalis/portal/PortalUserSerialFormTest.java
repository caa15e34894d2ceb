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
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRole;

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

    // new ObjectOutputStream(..).writeObject(new PortalUser(MerchantId(MERCHANT), "cashier@example.com", "Awa",
    // MerchantRole.CASHIER, new MemberId(MEMBER))): a team member's own form, PortalUser$MemberForm.
    private static final String STORED_MEMBER =
            "rO0ABXNyACZzbi54YWFsaXMucG9ydGFsLlBvcnRhbFVzZXIkTWVtYmVyRm9ybQAAAAAAAAAAAgAFTAAFZW1haWx0ABJMamF2YS9s"
                    + "YW5nL1N0cmluZztMAAhtZW1iZXJJZHQAEExqYXZhL3V0aWwvVVVJRDtMAAptZXJjaGFudElkcQB+AAJMAARuYW1lcQB+AAFMAARy"
                    + "b2xlcQB+AAF4cHQAE2Nhc2hpZXJAZXhhbXBsZS5jb21zcgAOamF2YS51dGlsLlVVSUS8mQP3mG2FLwIAAkoADGxlYXN0U2lnQml0"
                    + "c0oAC21vc3RTaWdCaXRzeHCdTl9qe4ydDwGQ9bJ8Hno7c3EAfgAFnU5fanuMnQ4BkPWyfB56O3QAA0F3YXQAB0NBU0hJRVI=";
    private static final String MEMBER = "0190f5b2-7c1e-7a3b-9d4e-5f6a7b8c9d0f";

    @Test
    void aSessionStoredBeforeTeamsIsTheAccountHoldersAnOwners() throws Exception {
        PortalUser user = (PortalUser) read(Base64.getDecoder().decode(STORED_BY_THE_RECORD));
        assertThat(user.role()).isEqualTo(MerchantRole.OWNER);
        assertThat(user.memberId()).isNull();
        assertThat(user)
                .isEqualTo(new PortalUser(new MerchantId(UUID.fromString(MERCHANT)), "shop@example.com", "Shop"));
    }

    @Test
    void aTeamMemberIsStoredWithTheirRoleAndReadBack() throws Exception {
        var member = new PortalUser(
                new MerchantId(UUID.fromString(MERCHANT)),
                "cashier@example.com",
                "Awa",
                MerchantRole.CASHIER,
                new MemberId(UUID.fromString(MEMBER)));
        assertThat(Base64.getEncoder().encodeToString(write(member))).isEqualTo(STORED_MEMBER);
        PortalUser read = (PortalUser) read(Base64.getDecoder().decode(STORED_MEMBER));
        assertThat(read).isEqualTo(member);
        assertThat(read.role()).isEqualTo(MerchantRole.CASHIER);
        assertThat(read.memberId()).isEqualTo(new MemberId(UUID.fromString(MEMBER)));
        assertThat(read.merchantId()).isEqualTo(new MerchantId(UUID.fromString(MERCHANT)));
        // Their own principal name: their sessions end without the account holder's.
        assertThat(read.getName()).isEqualTo("member:" + MEMBER);
        assertThat(read.auditName()).isEqualTo("cashier@example.com");
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
