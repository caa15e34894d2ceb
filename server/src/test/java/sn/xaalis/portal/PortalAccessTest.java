package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import sn.xaalis.merchant.MerchantRole;

/** The rule table's reading of paths; every route against every role is {@code TeamRolesIT}'s. */
class PortalAccessTest {

    @Test
    void ownersOpenEverythingOthersOnlyWhatARuleNames() {
        assertThat(PortalAccess.allows(MerchantRole.OWNER, "POST", "/portal/some/page/nobody/wrote/a/rule/for"))
                .isTrue();
        for (MerchantRole role :
                new MerchantRole[] {MerchantRole.DEVELOPER, MerchantRole.CASHIER, MerchantRole.VIEWER}) {
            assertThat(PortalAccess.allows(role, "GET", "/portal/some/new/page"))
                    .as(role.name())
                    .isFalse();
            assertThat(PortalAccess.allows(role, "GET", "/portal/account"))
                    .as(role.name())
                    .isTrue();
            assertThat(PortalAccess.allows(role, "POST", "/portal/logout"))
                    .as(role.name())
                    .isTrue();
            assertThat(PortalAccess.allows(role, "GET", "/portal/team"))
                    .as(role.name())
                    .isFalse();
            assertThat(PortalAccess.allows(role, "GET", "/portal/verification"))
                    .as(role.name())
                    .isFalse();
        }
    }

    @Test
    void aPatternMatchesWholeSegmentsOnly() {
        assertThat(PortalAccess.allows(MerchantRole.VIEWER, "GET", "/portal/applications/app1"))
                .isTrue();
        assertThat(PortalAccess.allows(MerchantRole.VIEWER, "GET", "/portal/applications/app1/payouts"))
                .isFalse();
        assertThat(PortalAccess.allows(MerchantRole.DEVELOPER, "GET", "/portal/applications/app1/payouts"))
                .isFalse();
        assertThat(PortalAccess.allows(MerchantRole.VIEWER, "GET", "/portal/transactions/REF1/refund"))
                .isFalse();
        assertThat(PortalAccess.allows(MerchantRole.VIEWER, "HEAD", "/portal/dashboard"))
                .isTrue();
        assertThat(PortalAccess.allows(MerchantRole.CASHIER, "GET", "/portal/counter/REF1/receipt"))
                .isTrue();
        assertThat(PortalAccess.allows(MerchantRole.CASHIER, "GET", "/portal/dashboard"))
                .isFalse();
    }
}
