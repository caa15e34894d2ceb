package sn.xaalis.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
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

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    Api.Merchant merchant;
    PortalSession portal;
    Links links;
    String email;

    @BeforeEach
    void signIn() {
        email = "links" + System.nanoTime() + "@example.com";
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
        // Made and closed by this merchant, in its trail; the other merchant's refused attempt wrote nothing.
        assertThat(jdbc.sql("SELECT action || ' ' || actor FROM audit_events WHERE subject = :code ORDER BY id")
                        .param("code", code)
                        .query(String.class)
                        .list())
                .containsExactly("payment_link.created " + email, "payment_link.deactivated " + email);
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

    @Test
    void eachLinkCanBeCopiedSharedOnWhatsAppAndItsQrCodeDownloaded() throws Exception {
        create(Map.of("amount", "4500", "description", "Thieboudienne & yassa"));
        String code = links.newest(merchant).get("code").stringValue();
        String url = "http://localhost:" + port + "/l/" + code;
        String page = portal.get("/portal/links").body();

        // Copy: portal.js's convention, a button naming the element whose text it copies.
        assertThat(page).contains("<a translate=\"no\" id=\"url-" + code + "\" href=\"" + url + "\">" + url + "</a>");
        assertThat(page)
                .containsPattern("<button type=\"button\" class=\"share\" data-copy=\"url-" + code
                        + "\" data-copied=\"Address copied\"[^>]*>Copy the address</button>");
        assertThat(page).contains("<script src=\"/portal/assets/portal.js\" defer></script>");

        // WhatsApp: its own address, with the shop's message and the link's address, in a new tab.
        Matcher share = Pattern.compile("<a class=\"share\" href=\"(https://wa\\.me/\\?text=[^\"]+)\" target=\"_blank\""
                        + " rel=\"noopener\"")
                .matcher(page);
        assertThat(share.find()).as("a WhatsApp link opening in a new tab").isTrue();
        String href = share.group(1).replace("&amp;", "&");
        assertThat(href).doesNotContain(" ", "+");
        String text = URLDecoder.decode(href.substring(href.indexOf("?text=") + 6), StandardCharsets.UTF_8);
        // A test link says so, before and after (issue 48 item 5).
        assertThat(text)
                .isEqualTo("[TEST] Shop sends you a payment link for “Thieboudienne & yassa”: " + url
                        + " (test link: no real money moves)");

        // The QR code as a file, for the merchant's own links only.
        String download = "/portal/links/" + code + "/qr.png";
        assertThat(page).contains("href=\"" + download + "\" download");
        HttpResponse<byte[]> png = bytes(portal, download);
        assertThat(png.statusCode()).isEqualTo(200);
        assertThat(png.headers().firstValue("Content-Type").orElseThrow()).isEqualTo("image/png");
        assertThat(png.headers().firstValue("Content-Disposition").orElseThrow())
                .isEqualTo("attachment; filename=\"xaalis-link-" + code + ".png\"");
        var image = ImageIO.read(new ByteArrayInputStream(png.body()));
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        assertThat(new QRCodeReader()
                        .decode(bitmap, Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE))
                        .getText())
                .isEqualTo(url);

        String otherEmail = "other" + System.nanoTime() + "@example.com";
        api.onboardAs(otherEmail, "WALLET_SN");
        PortalSession other = new PortalSession(port);
        other.signIn(otherEmail, Api.PASSWORD);
        HttpResponse<byte[]> theirs = bytes(other, download);
        assertThat(theirs.statusCode()).isEqualTo(404);
        assertThat(theirs.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(theirs.headers().firstValue("Content-Disposition")).isEmpty();
        assertThat(bytes(portal, "/portal/links/aaaaaaaaaaaaaaaa/qr.png").statusCode())
                .isEqualTo(404);
        assertThat(bytes(new PortalSession(port), download).statusCode())
                .as("signed out: to the sign-in page")
                .isBetween(302, 303);
    }

    @Test
    void theAmountFieldsShowTheirUnit() {
        String page = portal.get("/portal/links").body();
        for (String field : new String[] {"amount", "min_amount", "max_amount"}) {
            assertThat(page)
                    .containsPattern("<input id=\"" + field + "\" name=\"" + field + "\" [^>]*aria-describedby=\""
                            + field + "-unit[ \"]")
                    .contains("<span class=\"unit\" id=\"" + field + "-unit\">XOF</span>");
        }
        String french =
                portal.getWithCookie("/portal/links", "xaalis_lang", "fr").body();
        assertThat(french).contains("<span class=\"unit\" id=\"amount-unit\">FCFA</span>");
    }

    @Test
    void aNegativeOrZeroAmountIsRefusedAsNotPositive() {
        String positive = "The amount must be positive (more than zero).";
        HttpResponse<String> negative = create(Map.of("amount", "-4500"));
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body()).contains(positive, "value=\"-4500\"").doesNotContain("Enter the amount in figures");

        HttpResponse<String> zero = create(Map.of("amount", "0"));
        assertThat(zero.statusCode()).isEqualTo(400);
        assertThat(zero.body()).contains(positive);

        HttpResponse<String> range = create(Map.of("min_amount", "-1,000", "max_amount", "5000"));
        assertThat(range.statusCode()).isEqualTo(400);
        assertThat(range.body()).contains(positive, "value=\"-1,000\"").doesNotContain("Enter the amount in figures");
        assertThat(create(Map.of("amount", "-")).body()).contains("Enter the amount in figures");
        assertThat(api.get(merchant, "/payment-links/").json().get("data")).isEmpty();
    }

    @Test
    void aDescriptionOverTheLimitIsRefusedWithTheLimitAndKeptAsTyped() {
        String typed = ("Cotisation annuelle " + "x".repeat(500)).substring(0, 501);

        HttpResponse<String> refused = create(Map.of("amount", "1000", "description", typed));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body())
                .contains("The description has at most 500 characters; this one has 501. Please shorten it.")
                .contains(">" + typed + "</textarea>")
                .contains("At most 500 characters.")
                .doesNotContain("maxlength=\"500\"");
        assertThat(api.get(merchant, "/payment-links/").json().get("data")).isEmpty();
        assertThat(create(Map.of("amount", "1000", "description", typed.substring(0, 500)))
                        .statusCode())
                .isEqualTo(303);
    }

    /** A GET whose answer is read as bytes (a PNG), with the session's cookie. */
    private HttpResponse<byte[]> bytes(PortalSession session, String path) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        if (session.sessionId() != null) {
            request.header("Cookie", "SESSION=" + session.sessionId());
        }
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    private HttpResponse<String> create(Map<String, String> fields) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("application", merchant.applicationId());
        form.put("environment", "sandbox");
        form.putAll(fields);
        return portal.post("/portal/links", form, portal.csrfFrom("/portal/links"));
    }
}
