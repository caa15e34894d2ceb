package sn.xaalis.verification;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.FilePayload;
import com.microsoft.playwright.options.FormData;
import com.microsoft.playwright.options.RequestOptions;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Issue 35, verification before live: a self-service merchant gives its legal details and documents (each
 * judged by its content: a disguised file is refused), sends them; an operator reads them (documents to
 * operators only, as downloads), refuses with a reason the merchant reads, then approves the corrected
 * request, which is what lets the account go live. Every step in the audit trail.
 */
@IntegrationTest
@WithFakeProviders(Setup.INSTALLATION_ACCOUNTS)
class VerificationIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();
    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aSelfServiceMerchantIsVerifiedRefusedThenApprovedAndMayGoLive() throws Exception {
        String email = "verif" + System.nanoTime() + "@example.com";
        Page page = browser.newPage(390, 844, "fr");
        signUp(page, email);
        signIn(page, email);
        String merchantId = merchantIdOf(email);
        assertThat(approval(merchantId)).isEqualTo("pending");

        page.navigate(url("/portal/account"));
        page.locator("#verification a").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/verification$"));
        PageChecks.check(page, "verification-draft-fr-390", "fr");
        fillDetails(page, "0012345 2G3");
        assertThat(page.locator("p.notice")).hasText("Informations enregistrées.");
        assertThat(page.locator("#ninea")).hasValue("00123452G3");

        // Not before the address is confirmed: the link sent at sign-up, once.
        page.locator("#submit button").click();
        assertThat(page.locator("main")).containsText("Confirmez d’abord votre adresse e-mail");
        String confirmation = MailCatcher.link(mail.awaitMail(email, "Confirmez votre adresse"), "/account/confirm/");
        Page inbox = browser.newPage(390, 844, "fr");
        assertThat(inbox.navigate(confirmation).status()).isEqualTo(200);
        assertThat(inbox.locator("main")).containsText("Adresse confirmée");
        assertThat(AuditRows.actionsBy(jdbc, email)).contains("merchant.email.confirmed");
        PageChecks.check(inbox, "email-confirmed-fr-390", "fr");
        assertThat(inbox.navigate(confirmation).status()).as("used once").isEqualTo(410);
        assertThat(inbox.navigate(url("/account/confirm/forged0123456789")).status())
                .isEqualTo(410);
        inbox.context().close();
        page.navigate(url("/portal/verification"));

        // Nothing to send yet without a document.
        page.locator("#submit button").click();
        assertThat(page.locator("#documents")).containsText("Ajoutez au moins un document");

        // Files disguised by their names are refused for what they are.
        upload(
                page,
                "ninea",
                "attestation.pdf",
                "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8));
        assertThat(page.locator("#documents")).containsText("n’est pas un PDF, un JPEG ou un PNG");
        byte[] exe = new byte[2048];
        exe[0] = 'M';
        exe[1] = 'Z';
        upload(page, "identity", "carte.png", exe);
        assertThat(page.locator("#documents")).containsText("n’est pas un PDF, un JPEG ou un PNG");
        byte[] fakePng = new byte[64];
        System.arraycopy(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, 0, fakePng, 0, 8);
        upload(page, "identity", "carte.png", fakePng);
        assertThat(page.locator("#documents")).containsText("n’est pas un PDF, un JPEG ou un PNG");
        assertThat(documents(merchantId)).isZero();

        byte[] pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
                .getBytes(StandardCharsets.US_ASCII);
        upload(page, "ninea", "C:\\Users\\awa\\attestation ninea.PDF", pdf);
        assertThat(page.locator("p.notice")).hasText("Document ajouté.");
        upload(page, "identity", "carte.JPG", image("png"));
        // A document added by mistake is taken back.
        upload(page, "other", "brouillon.pdf", pdf);
        assertThat(page.locator("#documents li")).hasCount(3);
        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Retirer brouillon.pdf"))
                .click();
        assertThat(page.locator("#documents li")).hasCount(2);
        assertThat(page.locator("#documents")).containsText("attestation ninea.pdf");
        assertThat(page.locator("#documents")).containsText("carte.png");

        page.locator("#submit button").click();
        assertThat(page.locator("#state")).containsText("l’opérateur examine votre demande");
        assertThat(page.locator("#details button[type=submit]")).isDisabled();
        // The server refuses a change while the operator holds it, whatever the page allows.
        var locked = page.request()
                .post(
                        url("/portal/verification/details"),
                        RequestOptions.create()
                                .setForm(FormData.create()
                                        .set("_csrf", csrf(page))
                                        .set("legal_name", "Autre nom")));
        assertThat(locked.status()).isEqualTo(400);
        assertThat(jdbc.sql("SELECT legal_name FROM merchant_verifications WHERE merchant_id = CAST(:m AS UUID)")
                        .param("m", merchantId)
                        .query(String.class)
                        .single())
                .isEqualTo("Boutique Awa SARL");

        // The operator: waiting list, the details, a document as a download, a refusal with its reason.
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("verifier" + System.nanoTime() + "@operator.example");
        Page console = browser.newPage(1280, 900, "fr");
        operators.signIn(console, operator);
        console.locator("#waiting").getByText("Boutique Awa").click();
        assertThat(console.locator("#verification")).containsText("00123452G3");
        assertThat(console.locator("#verification")).containsText("Rue 10, Médina, Dakar");
        String href = console.locator("#verification a").first().getAttribute("href");
        var download = console.request().get(url(href));
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.headers().get("content-type")).isEqualTo("application/pdf");
        assertThat(download.headers().get("content-disposition")).startsWith("attachment");
        assertThat(download.headers().get("x-content-type-options")).isEqualTo("nosniff");
        assertThat(download.body()).isEqualTo(pdf);
        // Operators only: a merchant's session, even this merchant's, gets none of it.
        assertThat(page.request().get(url(href)).status()).isEqualTo(403);
        // Under another merchant's address, the document does not exist.
        String other = api.onboard("WALLET_SN").merchantId();
        assertThat(console.request().get(url(href.replace(merchantId, other))).status())
                .isEqualTo(404);

        console.locator("#reason").fill("Le NINEA ne correspond pas à l’attestation.");
        console.getByText("Refuser la demande").click();
        assertThat(console.locator("p.notice")).containsText("Demande refusée");
        assertThat(MailCatcher.bodyOf(mail.awaitMail(email, "à corriger")))
                .contains("Le NINEA ne correspond pas à l’attestation.");
        assertThat(approval(merchantId)).isEqualTo("pending");

        page.navigate(url("/portal/verification"));
        assertThat(page.locator("#reason")).hasText("Le NINEA ne correspond pas à l’attestation.");
        PageChecks.check(page, "verification-refused-fr-390", "fr");
        fillDetails(page, "0012346 2G3");
        page.locator("#submit button").click();
        assertThat(page.locator("#state")).containsText("l’opérateur examine votre demande");

        // Not live before the approval, whatever the application is ready for.
        String applicationId = jdbc.sql(
                        "SELECT CAST(id AS VARCHAR(36)) FROM applications" + " WHERE merchant_id = CAST(:m AS UUID)")
                .param("m", merchantId)
                .query(String.class)
                .single();
        JsonNode liveKeys = api.admin("POST", "/applications/" + applicationId + "/keys", "{\"environment\":\"live\"}")
                .json();
        String goLive = "{\"webhook_url\":\"https://hooks.boutique.example/x\",\"live_enabled\":true}";
        assertThat(api.admin("PATCH", "/applications/" + applicationId, goLive).status())
                .isEqualTo(422);

        console.reload();
        console.getByText("Approuver : paiements réels autorisés").click();
        assertThat(console.locator("p.notice")).containsText("Vérification approuvée");
        assertThat(approval(merchantId)).isEqualTo("approved");
        page.navigate(url("/portal/verification"));
        assertThat(page.locator("#state")).containsText("Vérifiée");
        assertThat(mail.awaitMail(email, "entreprise est vérifiée")).isNotNull();

        // Approved in the console: the account goes live and takes a live payment.
        assertThat(api.admin("PATCH", "/applications/" + applicationId, goLive).status())
                .isEqualTo(200);
        Api.Merchant live = new Api.Merchant(
                merchantId,
                applicationId,
                api.admin("GET", "/applications/" + applicationId, null)
                        .json()
                        .get("endpoint_key")
                        .stringValue(),
                liveKeys.get("api_key").stringValue(),
                liveKeys.get("api_secret").stringValue());
        Api.Response paid = api.initiate(live, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}");
        assertThat(paid.status()).as(paid.body()).isEqualTo(201);
        assertThat(paid.json().get("environment").stringValue()).isEqualTo("live");

        // A sign-in from another device is told by e-mail, once; the first device never was.
        assertThat(mail.count(email, "Nouvelle connexion")).isZero();
        Page phone = browser.newPage(390, 844, "fr");
        signIn(phone, email);
        assertThat(MailCatcher.bodyOf(mail.awaitMail(email, "Nouvelle connexion")))
                .contains(email);
        phone.navigate(url("/portal/logout"));
        signIn(phone, email);
        Thread.sleep(1_500);
        assertThat(mail.count(email, "Nouvelle connexion")).isEqualTo(1);
        phone.context().close();

        assertThat(jdbc.sql("SELECT action || ' ' || actor FROM audit_events WHERE merchant_id = CAST(:m AS UUID)"
                                + " AND action LIKE 'verification.%' ORDER BY id")
                        .param("m", merchantId)
                        .query(String.class)
                        .list())
                .containsExactly(
                        "verification.details.changed " + email,
                        "verification.document.added " + email,
                        "verification.document.added " + email,
                        "verification.document.added " + email,
                        "verification.document.removed " + email,
                        "verification.submitted " + email,
                        "verification.decided " + operator,
                        "verification.details.changed " + email,
                        "verification.submitted " + email,
                        "verification.decided " + operator);
        page.context().close();
        console.context().close();
    }

    @Test
    @PageSweep
    void theVerificationPageFitsAPhoneAndADesktopInBothLanguages() throws Exception {
        String email = "verifsweep" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                signIn(page, email);
                page.navigate(url("/portal/verification"));
                page.locator("#submit button").click();
                assertThat(page.locator("#documents p.error")).isVisible();
                PageChecks.check(page, "verification-" + language + "-" + size[0], language);
                page.context().close();
            }
        }
    }

    private void signUp(Page page, String email) {
        page.navigate(url("/portal/signup"));
        page.locator("#name").fill("Boutique Awa");
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("main form button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/login\\?created$"));
    }

    private void fillDetails(Page page, String ninea) {
        page.locator("#legal_name").fill("Boutique Awa SARL");
        page.locator("#ninea").fill(ninea);
        page.locator("#rccm").fill("SN-DKR-2021-B-12345");
        page.locator("#address").fill("Rue 10, Médina, Dakar");
        page.locator("#contact_phone").fill("+221 77 123 45 67");
        page.locator("#responsible_name").fill("Awa Ndiaye");
        page.locator("#details button[type=submit]").click();
    }

    private void upload(Page page, String kind, String name, byte[] content) {
        page.locator("#kind").selectOption(kind);
        page.locator("#file").setInputFiles(new FilePayload(name, "application/octet-stream", content));
        page.locator("#upload button[type=submit]").click();
    }

    private static byte[] image(String format) throws Exception {
        var out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB), format, out);
        return out.toByteArray();
    }

    private static String csrf(Page page) {
        return page.locator("input[name=_csrf]").first().inputValue();
    }

    private String merchantIdOf(String email) {
        return jdbc.sql("SELECT CAST(id AS VARCHAR(36)) FROM merchants WHERE email = :e")
                .param("e", email)
                .query(String.class)
                .single();
    }

    private String approval(String merchantId) {
        return api.admin("GET", "/merchants/" + merchantId + "/approval", null)
                .json()
                .get("approval")
                .stringValue();
    }

    private int documents(String merchantId) {
        return jdbc.sql("SELECT COUNT(*) FROM merchant_documents WHERE merchant_id = CAST(:m AS UUID)")
                .param("m", merchantId)
                .query(Integer.class)
                .single();
    }
}
