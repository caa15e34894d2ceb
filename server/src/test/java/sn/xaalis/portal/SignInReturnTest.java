package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** Where a cashier comes back to after signing in again (issue 48): the counter's pages, and nothing else. */
class SignInReturnTest {

    private static final String APP = "0190e2c4-5b7a-7000-8000-000000000001";

    @Test
    void onlyTheCountersOwnPagesAreAReturn() {
        assertThat(SignInReturn.valid("/portal/counter")).isEqualTo("/portal/counter");
        assertThat(SignInReturn.valid("/portal/counter?application=" + APP + "&environment=sandbox"))
                .isNotNull();
        assertThat(SignInReturn.valid("/portal/counter/SVC-ABCD1234")).isEqualTo("/portal/counter/SVC-ABCD1234");
        for (String elsewhere : new String[] {
            null,
            "",
            "https://evil.example/",
            "//evil.example/portal/counter",
            "/portal/counter//evil.example",
            "/portal/counter/../team",
            "/portal/counter?application=x&environment=sandbox",
            "/portal/counter\r\nLocation: https://evil.example",
            "/portal/team"
        }) {
            assertThat(SignInReturn.valid(elsewhere))
                    .as(String.valueOf(elsewhere))
                    .isNull();
        }
    }

    @Test
    void aFormSentWithoutASessionReturnsToItsPage() {
        MockHttpServletRequest sale = new MockHttpServletRequest("POST", "/portal/counter");
        sale.setParameter("application", APP);
        sale.setParameter("environment", "live");
        assertThat(SignInReturn.of(sale)).isEqualTo("/portal/counter?application=" + APP + "&environment=live");
        MockHttpServletRequest forged = new MockHttpServletRequest("POST", "/portal/counter");
        forged.setParameter("application", "https://evil.example");
        assertThat(SignInReturn.of(forged)).isEqualTo("/portal/counter");
        assertThat(SignInReturn.of(new MockHttpServletRequest("POST", "/portal/counter/SVC-ABCD1234/code")))
                .isEqualTo("/portal/counter/SVC-ABCD1234");
        assertThat(SignInReturn.of(new MockHttpServletRequest("GET", "/portal/counter/SVC-ABCD1234/receipt")))
                .isEqualTo("/portal/counter/SVC-ABCD1234");
        assertThat(SignInReturn.of(new MockHttpServletRequest("POST", "/portal/team/invite")))
                .isNull();
        assertThat(SignInReturn.loginPage("expired", "/portal/counter/SVC-ABCD1234"))
                .isEqualTo("/portal/login?expired&continue=%2Fportal%2Fcounter%2FSVC-ABCD1234");
    }
}
