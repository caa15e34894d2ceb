package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;
import tools.jackson.databind.JsonNode;

/** The links page of the portal: creating, listing and deactivating, for the signed-in merchant only. */
@IntegrationTest
class PaymentLinkPortalIT extends ApiIntegrationTest {

    Api.Merchant merchant;
    PortalSession portal;
    Links links;

    @BeforeEach
    void signIn() {
        String email = "links" + System.nanoTime() + "@example.com";
        merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        links = new Links(api, port);
    }

    @Test
    void aMerchantCreatesALinkAndSeesItWithItsQrCode() {
        HttpResponse<String> created = create(Map.of(
                "amount", "4,500", "description", "Thieboudienne", "single_use", "true", "provider", "WALLET_SN"));

        assertThat(created.statusCode()).isEqualTo(303);
        String location = created.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches(".*/portal/links\\?created=[a-z2-7]{16}$");
        String code = location.substring(location.indexOf('=') + 1);

        HttpResponse<String> page = portal.get("/portal/links?created=" + code);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("Payment links", "Link " + code + " created", "http://localhost:" + port + "/l/" + code)
                .contains("XOF\u00a04,500", "Thieboudienne", "Once", "Open", "data:image/png;base64,");
        JsonNode link = links.newest(merchant);
        assertThat(link.get("code").stringValue()).isEqualTo(code);
        assertThat(link.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(link.get("providers").toString()).isEqualTo("[\"WALLET_SN\"]");
        assertThat(link.get("single_use").booleanValue()).isTrue();
    }

    @Test
    void theNoticeNamesOnlyTheMerchantsOwnLinksNeverTextFromTheAddress() {
        String spoof = "Votre compte est bloqué, appelez le +221 77 000 00 00";
        HttpResponse<String> spoofed = portal.get(
                "/portal/links?created=" + java.net.URLEncoder.encode(spoof, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(spoofed.statusCode()).isEqualTo(200);
        assertThat(spoofed.body()).doesNotContain("bloqué").doesNotContain("role=\"status\"");
        Api.Merchant other = api.onboard("WALLET_SN");
        String theirs =
                links.create(other, "{\"amount\":\"1000\"}").json().get("code").stringValue();
        assertThat(portal.get("/portal/links?deactivated=" + theirs).body())
                .doesNotContain("Link " + theirs + " deactivated")
                .doesNotContain("role=\"status\"");
    }

    @Test
    void aRangeLinkWithAnExpiryIsReadInDakarTime() {
        HttpResponse<String> created =
                create(Map.of("min_amount", "1000", "max_amount", "20000", "expires_at", "2030-06-01T18:30"));

        assertThat(created.statusCode()).isEqualTo(303);
        JsonNode link = links.newest(merchant);
        assertThat(link.get("min_amount").stringValue()).isEqualTo("1000.00");
        assertThat(link.get("max_amount").stringValue()).isEqualTo("20000.00");
        assertThat(link.get("expires_at").stringValue()).isEqualTo("2030-06-01T18:30:00.000000Z");
        assertThat(link.get("providers").toString()).isEqualTo("[\"WALLET_SN\",\"MOBILEMONEY_SN\"]");

        // Shown in the merchant's time, with the exact UTC value on hover, like every time in the portal.
        String page = portal.get("/portal/links").body();
        assertThat(page)
                .contains("<time datetime=\"2030-06-01T18:30:00.000000Z\" title=\"2030-06-01T18:30:00.000000Z\">");
        String createdAt = link.get("created_at").stringValue();
        assertThat(page).contains("<time datetime=\"" + createdAt + "\" title=\"" + createdAt + "\">");
    }

    @Test
    void invalidLinksAreShownAgainWithTheirErrors() {
        HttpResponse<String> refused = create(Map.of("min_amount", "5000", "max_amount", "100"));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("The maximum cannot be less than the minimum.")
                .contains("value=\"5000\"");
        HttpResponse<String> none = create(Map.of());
        assertThat(none.body()).contains("Give a fixed amount, or a minimum and a maximum.");
        HttpResponse<String> notLive = create(Map.of("amount", "100", "environment", "live"));
        assertThat(notLive.body()).contains("This application is not live yet");
        assertThat(api.get(merchant, "/payment-links/").json().get("data")).isEmpty();
    }

    @Test
    void aMerchantDeactivatesItsOwnLinksOnly() {
        create(Map.of("amount", "100"));
        String code = links.newest(merchant).get("code").stringValue();

        String otherEmail = "other" + System.nanoTime() + "@example.com";
        api.onboardAs(otherEmail, "WALLET_SN");
        PortalSession other = new PortalSession(port);
        other.signIn(otherEmail, Api.PASSWORD);
        assertThat(other.get("/portal/links").body()).doesNotContain(code);
        HttpResponse<String> refused =
                other.post("/portal/links/" + code + "/deactivate", Map.of(), other.csrfFrom("/portal/links"));
        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(links.newest(merchant).get("active").booleanValue()).isTrue();

        HttpResponse<String> withoutToken = portal.post("/portal/links/" + code + "/deactivate", Map.of(), null);
        assertThat(withoutToken.statusCode()).isEqualTo(403);

        HttpResponse<String> off =
                portal.post("/portal/links/" + code + "/deactivate", Map.of(), portal.csrfFrom("/portal/links"));
        assertThat(off.statusCode()).isEqualTo(303);
        assertThat(portal.get("/portal/links?deactivated=" + code).body())
                .contains("Link " + code + " deactivated.", "Deactivated");
        assertThat(links.newest(merchant).get("state").stringValue()).isEqualTo("DEACTIVATED");
    }

    @Test
    void deactivatingALinkAsksForConfirmationFirst() {
        create(Map.of("amount", "2500", "description", "Yassa poulet"));
        String code = links.newest(merchant).get("code").stringValue();
        String confirmation = "/portal/links/" + code + "/deactivate";

        // The list only leads to the confirmation; it holds no form that deactivates at once.
        String list = portal.get("/portal/links").body();
        assertThat(list).contains("href=\"" + confirmation + "\"").doesNotContain("action=\"" + confirmation + "\"");

        HttpResponse<String> asked = portal.get(confirmation);
        assertThat(asked.statusCode()).isEqualTo(200);
        assertThat(asked.body())
                .contains("Deactivate this link?", "This cannot be undone.", "Yassa poulet", "XOF\u00a02,500")
                .contains("http://localhost:" + port + "/l/" + code, "<span>Shop app</span>")
                .contains("<form method=\"post\" action=\"" + confirmation + "\">", "Deactivate the link")
                .contains("href=\"/portal/links\"");
        assertThat(links.newest(merchant).get("active").booleanValue())
                .as("asking changes nothing")
                .isTrue();

        String otherEmail = "other" + System.nanoTime() + "@example.com";
        api.onboardAs(otherEmail, "WALLET_SN");
        PortalSession other = new PortalSession(port);
        other.signIn(otherEmail, Api.PASSWORD);
        assertThat(other.get(confirmation).statusCode()).isEqualTo(404);
        assertThat(other.get(confirmation).body()).doesNotContain("Yassa poulet");

        HttpResponse<String> confirmed = portal.post(confirmation, Map.of(), portal.csrfFrom(confirmation));
        assertThat(confirmed.statusCode()).isEqualTo(303);
        assertThat(links.newest(merchant).get("state").stringValue()).isEqualTo("DEACTIVATED");

        // Nothing is left to confirm for a link already deactivated (a second tab, the back button).
        HttpResponse<String> again = portal.get(confirmation);
        assertThat(again.statusCode()).isEqualTo(303);
        assertThat(again.headers().firstValue("Location").orElseThrow()).endsWith("/portal/links");
    }

    private HttpResponse<String> create(Map<String, String> fields) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("application", merchant.applicationId());
        form.put("environment", "sandbox");
        form.putAll(fields);
        return portal.post("/portal/links", form, portal.csrfFrom("/portal/links"));
    }
}
