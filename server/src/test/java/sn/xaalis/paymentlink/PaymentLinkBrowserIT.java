package sn.xaalis.paymentlink;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.Views;

/** The link's customer page and the portal's links page in a real Chromium, on a phone and a desktop, in both languages. */
@IntegrationTest
class PaymentLinkBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

    private static final List<int[]> SIZES = List.of(new int[] {390, 844}, new int[] {1280, 800});
    private static final List<String> LANGUAGES = List.of("fr", "en");

    @Test
    @PageSweep
    void theCustomerPageFitsAPhoneAndADesktopInBothLanguages() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        String code = links.code(
                merchant,
                "{\"min_amount\":\"1000\",\"max_amount\":\"50000\","
                        + "\"description\":\"Cotisation mensuelle de l’association des parents d’élèves\"}");

        for (String language : LANGUAGES) {
            for (int[] size : SIZES) {
                Page page = browser.newPage(size[0], size[1], language);
                page.navigate(url("/l/" + code));
                PageChecks.check(page, "link-" + language + "-" + size[0], language);
                PageChecks.touchTargets(page);
                page.context().close();
            }
        }

        Page phone = browser.newPage(390, 844, "fr");
        phone.navigate(url("/l/" + code));
        phone.getByLabel("Montant à payer").fill("60 000");
        phone.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Payer"))
                .click();
        assertThat(phone.getByText("Le montant doit être compris entre 1 000 FCFA et 50 000 FCFA."))
                .isVisible();
        PageChecks.check(phone, "link-fr-390-refused", "fr");
        PageChecks.touchTargets(phone);

        phone.getByLabel("Montant à payer").fill("2 500");
        phone.getByText("Mobile Money").click();
        phone.getByLabel("Numéro de téléphone (facultatif)").fill("77 123 45 67");
        phone.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Payer"))
                .click();
        phone.waitForURL(Pattern.compile(".*/pay/SVC-[A-Z0-9]{8}$"));
        String reference = phone.url().substring(phone.url().lastIndexOf('/') + 1);
        var status = api.status(merchant, reference).json();
        assertThat(status.get("amount").stringValue()).isEqualTo("2500.00");
        assertThat(status.get("provider").stringValue()).isEqualTo("MOBILEMONEY_SN");
        phone.context().close();

        api.post(merchant, "/payment-links/" + code + "/deactivate", null, Map.of());
        // An expired link: its hour passes on the moved clock (before the payments below, which would expire too).
        String expired = links.code(
                merchant,
                "{\"amount\":\"3000\",\"expires_at\":\"" + clock.instant().plus(Duration.ofHours(1)) + "\"}");
        clock.advance(Duration.ofHours(2));
        // Single-use links: one already paid, one whose payment is in progress.
        String paid = links.code(merchant, "{\"amount\":\"4500\",\"single_use\":true}");
        api.simulate(merchant, links.paid(paid, Map.of()), "SUCCESS");
        String busy = links.code(merchant, "{\"amount\":\"4500\",\"single_use\":true}");
        links.paid(busy, Map.of());

        // Name, code, heading in French, in English.
        List<List<String>> states = List.of(
                List.of("closed", code, "Lien désactivé", "Link deactivated"),
                List.of("expired", expired, "Lien expiré", "Link expired"),
                List.of("paid", paid, "Déjà payé", "Already paid"),
                List.of("busy", busy, "Paiement en cours", "Payment in progress"));
        for (String language : LANGUAGES) {
            for (int[] size : SIZES) {
                Page page = browser.newPage(size[0], size[1], language);
                for (List<String> state : states) {
                    page.navigate(url("/l/" + state.get(1)));
                    assertThat(page.getByRole(AriaRole.HEADING)).hasText(state.get(language.equals("fr") ? 2 : 3));
                    PageChecks.check(page, "link-" + state.getFirst() + "-" + language + "-" + size[0], language);
                    PageChecks.touchTargets(page);
                }
                page.context().close();
            }
        }
    }

    @Test
    void aCustomerWhosePaymentFailedTriesAgainFromTheSameLink() {
        Api.Merchant merchant = api.onboardBoth();
        Links links = new Links(api, port);
        // Single use: the failed payment gives the link back.
        String code = links.code(
                merchant, "{\"amount\":\"4500\",\"single_use\":true,\"description\":\"Thieboudienne pour deux\"}");
        for (Views view : Views.forThisRun()) {
            String language = view.language();
            boolean fr = view.french();
            String suffix = view.name("");
            Page page = browser.newPage(view.width(), view.height(), language);
            page.navigate(url("/l/" + code));
            String reference = pay(page, fr);

            // The customer refuses in the provider's app (the sandbox checkout stands for it).
            page.getByText(fr ? "Payer avec Wallet" : "Pay with Wallet").click();
            page.getByRole(
                            AriaRole.BUTTON,
                            new Page.GetByRoleOptions().setName(fr ? "Refuser le paiement" : "Decline payment"))
                    .click();
            assertThat(page).hasURL(url("/pay/" + reference));
            assertFailedWithRetry(page, fr, "link-payment-failed" + suffix, language);

            // Try again: back to the same link, open again, and a new payment starts.
            page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName(fr ? "Réessayer" : "Try again"))
                    .click();
            assertThat(page).hasURL(url("/l/" + code));
            String again = pay(page, fr);
            assertThat(again).isNotEqualTo(reference);
            assertThat(api.status(merchant, again).json().get("status").stringValue())
                    .isEqualTo("PROCESSING");

            // The hosted page follows a payment the provider then cancels, and offers the link again.
            api.simulate(merchant, again, "CANCELLED");
            assertThat(page.locator(".over"))
                    .hasText(
                            fr
                                    ? "Le paiement a été annulé : il n’a pas été effectué."
                                    : "The payment was cancelled: it was not made.",
                            new com.microsoft.playwright.assertions.LocatorAssertions.HasTextOptions()
                                    .setTimeout(15_000));
            assertThat(page).hasURL(url("/pay/" + again));
            assertFailedWithRetry(page, fr, "link-payment-cancelled" + suffix, language);
            page.context().close();
        }
    }

    /** Starts the link's payment from its page and returns the reference of the hosted page it leads to. */
    private String pay(Page page, boolean fr) {
        page.getByRole(
                        AriaRole.BUTTON,
                        new Page.GetByRoleOptions()
                                .setName(fr ? "Payer" : "Pay")
                                .setExact(false))
                .click();
        page.waitForURL(Pattern.compile(".*/pay/SVC-[A-Z0-9]{8}$"));
        return page.url().substring(page.url().lastIndexOf('/') + 1);
    }

    /** A failure in plain words, never a thank-you, and a way to try again from the link. */
    private void assertFailedWithRetry(Page page, boolean fr, String screenshot, String language) {
        assertThat(page.getByRole(AriaRole.STATUS)).containsText(fr ? "Statut" : "Status");
        assertThat(page.locator("main"))
                .containsText(
                        fr
                                ? "Vous pouvez réessayer avec le même lien de paiement"
                                : "You can try again with the same payment link");
        assertThat(page.locator("main")).not().containsText(fr ? "Merci" : "Thank");
        assertThat(page.locator("main")).not().containsText(fr ? "nouveau lien" : "new payment link");
        PageChecks.check(page, screenshot, language);
        PageChecks.touchTargets(page);
    }

    @Test
    @PageSweep
    void thePortalLinksPageFitsAPhoneAndADesktopInBothLanguages() {
        String email = "browser-links" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Links links = new Links(api, port);
        String singleUse =
                links.code(merchant, "{\"amount\":\"4500\",\"description\":\"Thieboudienne\",\"single_use\":true}");
        links.code(
                merchant,
                "{\"min_amount\":\"1000\",\"max_amount\":\"50000\",\"description\":\"Dons\","
                        + "\"expires_at\":\"2030-12-31T23:59:00Z\"}");
        String theirs = links.code(api.onboard("WALLET_SN"), "{\"amount\":\"1000\"}");

        for (String language : LANGUAGES) {
            for (int[] size : SIZES) {
                Page page = browser.newPage(size[0], size[1], "en");
                signIn(page, email);
                page.navigate(url("/language?lang=" + language + "&to=/portal/links"));
                assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                        .hasText(language.equals("fr") ? "Liens de paiement" : "Payment links");
                PageChecks.check(page, "portal-links-" + language + "-" + size[0], language);
                sharingControls(page, language, singleUse, theirs);
                refusedForm(page, language, size[0]);
                page.navigate(url("/portal/links/" + singleUse + "/deactivate"));
                assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                        .hasText(language.equals("fr") ? "Désactiver ce lien ?" : "Deactivate this link?");
                PageChecks.check(page, "portal-link-deactivate-" + language + "-" + size[0], language);
                page.context().close();
            }
        }

        Page page = browser.newPage(1280, 800, "en");
        signIn(page, email);
        page.navigate(url("/portal/links"));
        page.getByLabel("Fixed amount").fill("7500");
        page.getByLabel("Description (shown to the customer, optional)").fill("Livraison");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Create the link"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).containsText("created");
        assertThat(page.locator("ul.link-list > li")).hasCount(3);
        // Copying puts the link's address on the clipboard, and the button says it did.
        page.context().grantPermissions(List.of("clipboard-read", "clipboard-write"));
        Locator newest = page.locator("ul.link-list > li").first();
        newest.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Copy the address"))
                .click();
        assertThat(newest.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Address copied")))
                .isVisible();
        assertThat(page.evaluate("navigator.clipboard.readText()"))
                .isEqualTo(newest.locator("h3 a").textContent());
        // Deactivating is permanent: the list's control asks first, and going back changes nothing.
        page.getByRole(
                        AriaRole.LINK,
                        new Page.GetByRoleOptions().setName("Deactivate").setExact(false))
                .first()
                .click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                .hasText("Deactivate this link?");
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Back"))
                .click();
        assertThat(page.locator("ul.link-list > li").first().locator(".state")).hasText("Open");
        page.getByRole(
                        AriaRole.LINK,
                        new Page.GetByRoleOptions().setName("Deactivate").setExact(false))
                .first()
                .click();
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Deactivate the link"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).containsText("deactivated");
        assertThat(page.locator("ul.link-list > li").first().locator(".state")).hasText("Deactivated");
        PageChecks.check(page, "portal-links-en-1280-deactivated", "en");
        page.context().close();
    }

    /**
     * The amount's unit beside its field, and for a link: its copy button, its WhatsApp message and its QR
     * code as a PNG file (another merchant's link's: 404).
     */
    private void sharingControls(Page page, String language, String code, String theirs) {
        boolean fr = language.equals("fr");
        String linkUrl = url("/l/" + code);
        Locator unit = page.locator("#amount-unit");
        assertThat(unit).hasText(fr ? "FCFA" : "XOF");
        assertThat(page.locator("#amount")).hasAttribute("aria-describedby", "amount-unit amount-hint");
        var field = page.locator("#amount").boundingBox();
        var box = unit.boundingBox();
        assertThat(Math.abs(box.x - (field.x + field.width)))
                .as("the unit right after the field")
                .isLessThan(2);
        assertThat(Math.abs(box.y - field.y)).as("on the field's line").isLessThan(2);

        Locator item = page.locator("#link-" + code);
        Locator copy = item.getByRole(
                AriaRole.BUTTON, new Locator.GetByRoleOptions().setName(fr ? "Copier l’adresse" : "Copy the address"));
        assertThat(copy).isVisible();
        assertThat(copy).hasAttribute("data-copy", "url-" + code);
        assertThat(page.locator("#url-" + code)).hasText(linkUrl);

        Locator whatsApp = item.getByRole(
                AriaRole.LINK,
                new Locator.GetByRoleOptions().setName(fr ? "Partager sur WhatsApp" : "Share on WhatsApp"));
        assertThat(whatsApp).hasAttribute("target", "_blank");
        assertThat(whatsApp).hasAttribute("rel", "noopener");
        String href = whatsApp.getAttribute("href");
        assertThat(href).startsWith("https://wa.me/?text=");
        String text = URLDecoder.decode(href.substring("https://wa.me/?text=".length()), StandardCharsets.UTF_8);
        // A test link's message says TEST (issue 48).
        assertThat(text)
                .isEqualTo(
                        fr
                                ? "[TEST] Shop vous envoie un lien de paiement pour « Thieboudienne » : " + linkUrl
                                        + " (lien de test : aucun argent réel ne circule)"
                                : "[TEST] Shop sends you a payment link for “Thieboudienne”: " + linkUrl
                                        + " (test link: no real money moves)");

        Locator qr = item.getByRole(
                AriaRole.LINK,
                new Locator.GetByRoleOptions().setName(fr ? "Télécharger le code QR" : "Download the QR code"));
        Download download = page.waitForDownload(qr::click);
        assertThat(download.suggestedFilename()).isEqualTo("xaalis-link-" + code + ".png");
        APIResponse png = page.request().get(url(qr.getAttribute("href")));
        assertThat(png.status()).isEqualTo(200);
        assertThat(png.headers()).containsEntry("content-type", "image/png");
        assertThat(png.headers().get("content-disposition")).startsWith("attachment;");
        assertThat(java.util.Arrays.copyOf(png.body(), 4))
                .containsExactly((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        assertThat(page.request()
                        .get(url("/portal/links/" + theirs + "/qr.png"))
                        .status())
                .isEqualTo(404);
    }

    /** A negative amount and a description past the limit: both said, and what was typed is kept. */
    private void refusedForm(Page page, String language, int width) {
        boolean fr = language.equals("fr");
        String description = ("Cotisation annuelle de l’association " + "x".repeat(500)).substring(0, 501);
        page.locator("#amount").fill("-4500");
        page.locator("#description").fill(description);
        page.locator("form.links-form button[type=submit]").click();
        assertThat(page.getByText(
                        fr
                                ? "Le montant doit être positif (supérieur à zéro)."
                                : "The amount must be positive (more than zero)."))
                .isVisible();
        assertThat(page.getByText(
                        fr
                                ? "La description a au plus 500 caractères ; celle-ci en compte 501. Raccourcissez-la."
                                : "The description has at most 500 characters; this one has 501. Please shorten it."))
                .isVisible();
        assertThat(page.locator("#description")).hasValue(description);
        assertThat(page.locator("#amount")).hasValue("-4500");
        PageChecks.check(page, "portal-links-refused-" + language + "-" + width, language);
    }
}
