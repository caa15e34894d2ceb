package sn.xaalis.payout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.FilePayload;
import com.microsoft.playwright.options.RequestOptions;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import tools.jackson.databind.JsonNode;

/**
 * Issue 34, the portal's Payouts page in Chromium, as a shop owner uses it on a phone: payouts turned on
 * with the password, one payout confirmed with the number and the name shown back (sent once however
 * often the confirmation is sent), and a bulk file with bad lines: previewed, refused over the day's cap,
 * confirmed, followed to its end, and its result file downloaded.
 */
@IntegrationTest
class PayoutPagesBrowserIT extends BrowserIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    sn.xaalis.support.MutableClock clock;

    @Test
    void aShopOwnerTurnsPayoutsOnAndSendsOneConfirmedWithTheNumberAndNameShownBack() {
        String email = "payouts" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Page page = browser.newPage(360, 780, "fr");
        signIn(page, email);
        page.navigate(url("/portal/applications/" + merchant.applicationId()));
        page.locator("main").getByText("Paiements sortants").first().click();
        assertThat(page.getByRole(
                        AriaRole.HEADING,
                        new Page.GetByRoleOptions()
                                .setName("Paiements sortants")
                                .setExact(true)))
                .isVisible();
        assertThat(page.locator("#send")).containsText("Les paiements sortants sont désactivés");
        PageChecks.check(page, "payouts-off-fr-360", "fr");

        // Turned on: not without the password.
        Locator settings = page.locator("#settings");
        settings.getByLabel("Autoriser les paiements sortants").check();
        settings.getByLabel("Montant maximum par jour").fill("1 000 000");
        settings.getByLabel("Nombre maximum de paiements par jour").fill("50");
        settings.getByLabel("Mot de passe").fill("pas le bon");
        settings.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Enregistrer les réglages"))
                .click();
        assertThat(page.locator("#settings")).containsText("n’est pas correct");
        assertThat(page.locator("#send")).containsText("Les paiements sortants sont désactivés");
        settings = page.locator("#settings");
        settings.getByLabel("Autoriser les paiements sortants").check();
        settings.getByLabel("Mot de passe").fill(Api.PASSWORD);
        settings.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Enregistrer les réglages"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("Réglages enregistrés.");

        // A number the operator cannot pay is refused before anything is shown to confirm.
        Locator send = page.locator("#send");
        send.getByLabel("Numéro du destinataire").fill("33 822 00 00");
        send.getByLabel("Montant").fill("5 000");
        send.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Vérifier avant d’envoyer"))
                .click();
        assertThat(page.locator("#send")).containsText("n’est pas un numéro mobile du Sénégal");

        send = page.locator("#send");
        send.getByLabel("Envoyer avec").selectOption("WALLET_SN");
        send.getByLabel("Numéro du destinataire").fill("77 123 45 67");
        send.getByLabel("Montant").fill("5 000");
        send.getByLabel("Nom du destinataire (facultatif)").fill("Awa Diop");
        send.getByLabel("Motif (facultatif)").fill("Commission novembre");
        send.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Vérifier avant d’envoyer"))
                .click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Confirmer le paiement")))
                .isVisible();
        assertThat(page.locator("#confirm-phone")).hasText("77 123 45 67");
        assertThat(page.locator("#confirm-name")).hasText("Awa Diop");
        assertThat(page.locator("#confirm-amount")).hasText("5\u00a0000\u00a0FCFA");
        assertThat(page.locator("main")).containsText("environ 50\u00a0FCFA");
        PageChecks.check(page, "payouts-confirm-fr-360", "fr");
        String confirmUrl = page.url();
        String key = page.locator("input[name=key]").inputValue();
        String csrf = page.locator("input[name=_csrf]").first().inputValue();

        // Not sent without the password (a session alone pays nobody), nor with a wrong one.
        page.getByLabel("Votre mot de passe").fill("pas le bon");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Envoyer 5\u00a0000\u00a0FCFA"))
                .click();
        assertThat(page.locator("main")).containsText("n’est pas correct");
        assertThat(page.locator("#confirm-phone")).hasText("77 123 45 67");
        assertThat(countPayouts(merchant)).isZero();
        page.getByLabel("Votre mot de passe").fill(Api.PASSWORD);
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Envoyer 5\u00a0000\u00a0FCFA"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).containsText("Paiement OUT-");
        String reference = page.getByRole(AriaRole.STATUS).textContent().replaceAll(".*(OUT-[A-Z0-9]{8}).*", "$1");
        assertThat(confirmUrl).contains("/payouts/review");

        // The same confirmation again (a second tap, a reload): the same payout, not another.
        APIResponse again = page.request()
                .post(
                        url("/portal/applications/" + merchant.applicationId() + "/payouts/send?env=sandbox"),
                        RequestOptions.create()
                                .setForm(com.microsoft.playwright.options.FormData.create()
                                        .set("_csrf", csrf)
                                        .set("provider", "WALLET_SN")
                                        .set("recipient_phone", "+221771234567")
                                        .set("amount", "5000")
                                        .set("recipient_name", "Awa Diop")
                                        .set("reason", "Commission novembre")
                                        .set("password", Api.PASSWORD)
                                        .set("key", key))
                                .setMaxRedirects(0));
        assertThat(again.status()).isEqualTo(302);
        assertThat(again.headers().get("location")).contains(reference);
        // Without the CSRF token, nothing.
        APIResponse forged = page.request()
                .post(
                        url("/portal/applications/" + merchant.applicationId() + "/payouts/send?env=sandbox"),
                        RequestOptions.create()
                                .setForm(com.microsoft.playwright.options.FormData.create()
                                        .set("provider", "WALLET_SN")
                                        .set("recipient_phone", "+221771234567")
                                        .set("amount", "5000")
                                        .set("key", "A".repeat(32)))
                                .setMaxRedirects(0));
        assertThat(forged.status()).isEqualTo(403);

        JsonNode list = api.get(merchant, "/payouts/").json();
        assertThat(list.get("data").size())
                .as("one payout for two confirmations")
                .isEqualTo(1);
        JsonNode payout = PayoutTests.awaitPayout(api, merchant, reference, "SUCCESS", Duration.ofSeconds(20));
        assertThat(payout.get("recipient_phone").stringValue()).isEqualTo("+221771234567");
        assertThat(payout.get("recipient_name").stringValue()).isEqualTo("Awa Diop");
        assertThat(payout.get("amount").stringValue()).isEqualTo("5000.00");

        // Who and from where, for the audit trail.
        var asked = jdbc.sql("SELECT requested_by, requested_from FROM payouts WHERE reference = :r")
                .param("r", reference)
                .query((rs, n) -> List.of(rs.getString(1), rs.getString(2)))
                .single();
        assertThat(asked.get(0)).isEqualTo(email);
        assertThat(asked.get(1)).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");

        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        assertThat(page.locator("#recent")).containsText(reference);
        assertThat(page.locator("#recent")).containsText("Payé");
        assertThat(page.locator("#recent")).containsText("77 123 45 67");
        PageChecks.check(
                page,
                "payouts-on-fr-360",
                "fr"); // The refused settings (a wrong password) and the second confirmation wrote nothing.
        assertThat(AuditRows.actionsBy(jdbc, email).stream()
                        .filter(action -> action.startsWith("payout."))
                        .toList())
                .containsExactly("payout.settings.changed", "payout.requested");
    }

    @Test
    void aBulkFileIsPreviewedWithItsBadLinesHeldToTheCapsSentOnceAndExplainedLineByLine() throws Exception {
        String email = "bulk" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Page page = browser.newPage(360, 780, "fr");
        signIn(page, email);
        turnOn(page, merchant, "2");

        // A file too large for any payout list is refused in words, nothing kept.
        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        page.locator("#file input[type=file]")
                .setInputFiles(new FilePayload(
                        "enorme.csv",
                        "text/csv",
                        "771234567;1000;x;y\n".repeat(130_000).getBytes(StandardCharsets.UTF_8)));
        page.locator("#file button[type=submit]").click();
        assertThat(page.getByRole(AriaRole.ALERT)).containsText("Ce fichier est trop lourd : 2 Mo au plus.");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM payout_batches WHERE application_id = CAST(:app AS UUID)")
                        .param("app", merchant.applicationId())
                        .query(Integer.class)
                        .single())
                .isZero();

        // Excel in French: ';', Windows-1252, a header; three bad lines and three good ones.
        String csv = "Numéro;Montant;Nom;Motif\r\n"
                + "77 123 45 67;4 500;Aïssatou Ndiaye;Salaire novembre\r\n"
                + "+221 70 000 00 11;1000;Échec Attendu;Test échec\r\n"
                + "33 822 00 00;2000;Fixe;\r\n"
                + "78 000 00 01;abc;Montant faux;\r\n"
                + "771234567;300;Doublon;\r\n"
                + ";;;\r\n"
                + "76 555 44 33;12 000 FCFA;Moussa Sow;Prime\r\n";
        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        Locator file = page.locator("#file");
        file.getByLabel("Envoyer avec").selectOption("WALLET_SN");
        file.getByLabel("Fichier CSV")
                .setInputFiles(new FilePayload(
                        "paie-novembre.csv", "text/csv", csv.getBytes(Charset.forName("windows-1252"))));
        file.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Vérifier le fichier"))
                .click();

        assertThat(page.locator("#good-lines")).hasText("3 paiements");
        assertThat(page.locator("#bad-lines")).hasText("3 lignes");
        assertThat(page.locator("#total")).hasText("17\u00a0500\u00a0FCFA");
        assertThat(page.locator("#fees")).containsText("175\u00a0FCFA");
        Locator bad = page.locator("#bad");
        assertThat(bad).containsText("Numéro non valide");
        assertThat(bad).containsText("Montant non valide");
        assertThat(bad).containsText("Numéro déjà présent plus haut dans le fichier");
        assertThat(page.locator("#good")).containsText("Aïssatou Ndiaye");
        assertThat(countPayouts(merchant))
                .as("nothing sent before the confirmation")
                .isZero();
        PageChecks.check(page, "payouts-file-preview-fr-360", "fr");
        String fileUrl = page.url();

        // Not confirmed without the password, nor with a wrong one.
        page.locator("#summary input[name=password]").fill("pas le bon");
        page.locator("#confirm-file").click();
        assertThat(page.locator("#summary")).containsText("n’est pas correct");
        assertThat(countPayouts(merchant)).isZero();

        // Three payouts over a cap of two a day: the whole file is refused, nothing sent.
        page.locator("#summary input[name=password]").fill(Api.PASSWORD);
        page.locator("#confirm-file").click();
        assertThat(page.getByRole(AriaRole.ALERT)).containsText("dépasserait votre plafond du jour");
        assertThat(countPayouts(merchant)).isZero();

        turnOn(page, merchant, "50");
        page.navigate(fileUrl);
        page.locator("#summary input[name=password]").fill(Api.PASSWORD);
        page.locator("#confirm-file").click();
        assertThat(page.locator("#progress")).containsText("sur 3 terminés");
        // Confirmed again (another tab still on the preview): nothing made twice.
        APIResponse again = page.request()
                .post(
                        fileUrl.replace("?", "/confirm?"),
                        RequestOptions.create()
                                .setForm(com.microsoft.playwright.options.FormData.create()
                                        .set("_csrf", csrfOf(page))
                                        .set("password", Api.PASSWORD))
                                .setMaxRedirects(0));
        assertThat(again.status()).isEqualTo(302);
        assertThat(countPayouts(merchant)).isEqualTo(3);

        // The page follows the payouts to their end by itself.
        assertThat(page.locator("#progress h2"))
                .hasText(
                        "Envoi terminé",
                        new com.microsoft.playwright.assertions.LocatorAssertions.HasTextOptions().setTimeout(30_000));
        assertThat(page.locator("#count-SUCCESS")).containsText("2 · 16\u00a0500\u00a0FCFA");
        assertThat(page.locator("#count-FAILED")).containsText("1 · 1\u00a0000\u00a0FCFA");
        PageChecks.check(page, "payouts-file-done-fr-360", "fr");

        Download download = page.waitForDownload(
                () -> page.getByText("Télécharger le résultat (CSV)").click());
        String result = Files.readString(download.path(), StandardCharsets.UTF_8);
        List<String> lines = result.lines().toList();
        assertThat(lines).hasSize(7);
        // In the page's language, numbers one way (issue 48 item 10): digits, no grouping, the unit in the header.
        assertThat(lines.get(0)).startsWith("\ufeff\"Ligne\";\"Numéro\";\"Montant (FCFA)\"");
        assertThat(lines.get(1))
                .startsWith("\"2\";\"771234567\";\"4500\";\"Aïssatou Ndiaye\";\"Salaire novembre\";\"OUT-");
        assertThat(lines.get(1)).contains("\"Payé\"");
        assertThat(lines.get(2))
                .startsWith("\"3\";\"700000011\";\"1000\"")
                .contains("\"Échoué\"")
                // why, in the file's language (issue 48 item 6), not the provider's English
                .contains("Le destinataire a atteint son plafond")
                .doesNotContain("monthly limit");
        assertThat(lines.get(3))
                .startsWith("\"4\";\"33 822 00 00\";\"2000\"")
                .contains("\"Écarté\"", "Numéro non valide");
        // An amount that is not one is not written in the amounts' column: the detail quotes it.
        assertThat(lines.get(4)).startsWith("\"5\";\"780000001\";;").contains("Montant non valide : « abc »");
        assertThat(lines.get(5)).startsWith("\"6\";\"771234567\";\"300\"").contains("Numéro déjà présent");
        assertThat(lines.get(6)).startsWith("\"8\";\"765554433\";\"12000\"").contains("\"Payé\"");
        assertThat(result).doesNotContain("SUCCESS", "FAILED", ".00\"");

        // Another merchant sees none of it: the same 404 as a file that does not exist.
        String other = "other" + System.nanoTime() + "@example.com";
        api.onboardAs(other, "WALLET_SN");
        Page intruder = browser.newPage(360, 780, "fr");
        signIn(intruder, other);
        assertThat(intruder.navigate(fileUrl).status()).isEqualTo(404);
        assertThat(intruder.navigate(fileUrl.replace("?", "/result.csv?")).status())
                .isEqualTo(404);
        assertThat(intruder.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"))
                        .status())
                .isEqualTo(404);

        // A file sent again by mistake is discarded; the trail holds one confirmation (the second one
        // found it done) and the discard, under the owner.
        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        file = page.locator("#file");
        file.getByLabel("Envoyer avec").selectOption("WALLET_SN");
        file.getByLabel("Fichier CSV")
                .setInputFiles(new FilePayload(
                        "paie-novembre.csv", "text/csv", csv.getBytes(Charset.forName("windows-1252"))));
        file.locator("button[type=submit]").click();
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Abandonner ce fichier"))
                .click();
        assertThat(AuditRows.actionsBy(jdbc, email).stream()
                        .filter(action -> action.startsWith("payout.file."))
                        .toList())
                .containsExactly("payout.file.confirmed", "payout.file.discarded");
    }

    @Test
    void aPayoutTheProviderCannotAccountForIsResolvedByTheMerchantWithThePassword() {
        String email = "review" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Page page = browser.newPage(360, 780, "fr");
        signIn(page, email);
        turnOn(page, merchant, "50");
        // The sandbox's number that never answers: asked about, found nowhere, left for review.
        String reference = api.post(
                        merchant,
                        "/payouts/",
                        "{\"provider\":\"WALLET_SN\",\"amount\":\"7000\",\"recipient_phone\":\"+221700000013\","
                                + "\"recipient_name\":\"Sans Réponse\"}",
                        java.util.Map.of("Idempotency-Key", "review-" + System.nanoTime()))
                .json()
                .get("reference")
                .stringValue();
        assertThat(jdbc.sql("SELECT requested_by FROM payouts WHERE reference = :r")
                        .param("r", reference)
                        .query(String.class)
                        .single())
                .isEqualTo("api");
        JsonNode u = api.get(merchant, "/payouts/" + reference + "/").json();
        for (int i = 0; i < 30 && !u.get("status").stringValue().equals("NEEDS_REVIEW"); i++) {
            clock.advance(Duration.ofMinutes(31));
            PayoutTests.sleep(300);
            u = api.get(merchant, "/payouts/" + reference + "/").json();
        }
        assertThat(u.get("status").stringValue()).isEqualTo("NEEDS_REVIEW");

        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        Locator review = page.locator("#reviews");
        assertThat(review).containsText(reference);
        assertThat(review).containsText("7\u00a0000\u00a0FCFA");
        assertThat(review).containsText("70 000 00 13");
        PageChecks.check(page, "payouts-review-fr-360", "fr");
        review.getByLabel("Non, il n’est pas parti").check();
        review.getByLabel("Mot de passe").fill("pas le bon");
        review.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Enregistrer"))
                .click();
        assertThat(page.locator("#reviews")).containsText("n’est pas correct");
        assertThat(api.get(merchant, "/payouts/" + reference + "/")
                        .json()
                        .get("status")
                        .stringValue())
                .isEqualTo("NEEDS_REVIEW");

        review = page.locator("#reviews");
        review.getByLabel("Non, il n’est pas parti").check();
        review.getByLabel("Mot de passe").fill(Api.PASSWORD);
        review.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Enregistrer"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("C’est noté : ce paiement est marqué comme non payé.");
        assertThat(page.locator("#reviews")).hasCount(0);
        JsonNode resolved = api.get(merchant, "/payouts/" + reference + "/").json();
        assertThat(resolved.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(resolved.get("failure_code").stringValue()).isEqualTo("merchant-review");
        assertThat(PayoutTests.webhook(jdbc, reference + ":FAILED")).isEqualTo("payout.failed");
        assertThat(AuditRows.changes(jdbc, "payout.review.resolved", email)).hasSize(1);
        // Its share of the day's caps is back.
        assertThat(jdbc.sql("SELECT payouts FROM payout_days WHERE application_id = CAST(:app AS UUID)")
                        .param("app", merchant.applicationId())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void bothConfirmationsAskForThePasswordInFrenchAndEnglish() {
        String email = "reauth" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        int expected = 0;
        for (String language : List.of("fr", "en")) {
            int width = language.equals("fr") ? 390 : 1280;
            Page page = browser.newPage(width, 844, language);
            signIn(page, email);
            turnOn(page, merchant, "50");

            // One payout: the confirmation page asks who is there; a wrong answer sends nothing.
            Locator send = page.locator("#send");
            send.locator("input[name=recipient_phone]").fill("77 123 45 67");
            send.locator("input[name=amount]").fill("2 500");
            send.locator("button[type=submit]").click();
            Locator password = page.locator("main input[name=password]");
            assertThat(password).isVisible();
            assertThat(password).hasAttribute("autocomplete", "current-password");
            password.fill("wrong " + language);
            page.locator("main form button.primary").click();
            assertThat(page.locator("main p.error"))
                    .hasText(language.equals("fr") ? "n’est pas correct." : "is not correct.");
            assertThat(countPayouts(merchant)).isEqualTo(expected);
            PageChecks.check(page, "payouts-confirm-identity-" + language + "-" + width, language);
            page.locator("main input[name=password]").fill(Api.PASSWORD);
            page.locator("main form button.primary").click();
            assertThat(page.locator("p.notice[role=status]")).containsText("OUT-");
            assertThat(countPayouts(merchant)).isEqualTo(++expected);

            // A file likewise, on its one confirmation.
            Locator file = page.locator("#file");
            file.locator("input[type=file]")
                    .setInputFiles(new FilePayload(
                            "f.csv", "text/csv", "771234567,1000\n761234567,2000\n".getBytes(StandardCharsets.UTF_8)));
            file.locator("button[type=submit]").click();
            page.locator("#summary input[name=password]").fill("wrong " + language);
            page.locator("#confirm-file").click();
            assertThat(page.locator("#summary p.error"))
                    .hasText(language.equals("fr") ? "n’est pas correct." : "is not correct.");
            assertThat(countPayouts(merchant)).isEqualTo(expected);
            PageChecks.check(page, "payouts-file-identity-" + language + "-" + width, language);
            page.locator("#summary input[name=password]").fill(Api.PASSWORD);
            page.locator("#confirm-file").click();
            assertThat(page.locator("#progress")).isVisible();
            expected += 2;
            assertThat(countPayouts(merchant)).isEqualTo(expected);
            page.context().close();
        }
    }

    @Test
    @PageSweep
    void thePayoutPagesFitAPhoneAndADesktopInBothLanguages() {
        String email = "payoutsweep" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{360, 780}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                signIn(page, email);
                turnOn(page, merchant, "50");
                page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
                page.locator("main details summary").all().forEach(summary -> summary.click());
                PageChecks.check(page, "payouts-" + language + "-" + size[0], language);
                Locator file = page.locator("#file");
                file.locator("input[type=file]")
                        .setInputFiles(new FilePayload(
                                "f.csv", "text/csv", "771234567,1000\n12,x\n".getBytes(StandardCharsets.UTF_8)));
                file.locator("button[type=submit]").click();
                assertThat(page.locator("#bad")).isVisible();
                PageChecks.check(page, "payouts-file-" + language + "-" + size[0], language);
                page.context().close();
            }
        }
    }

    /**
     * Issue 48 item 10: the Payouts page, reached from the menu, says test or real as the counter does (its
     * switch, its banner), an application not live yet says so; the caps read as people read them, in the
     * text and in the fields, and the fields' grouped numbers are read back as they are shown.
     */
    @ParameterizedTest(name = "{0} at {1} px")
    @MethodSource("sn.xaalis.support.Views#arguments")
    void thePayoutsPageSaysTestOrRealAsTheCounterDoesAndTheCapsAsPeopleReadThem(String language, int width) {
        boolean fr = language.equals("fr");
        String email = "mode" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = browser.newPage(width, width < 900 ? 844 : 800, language);
        signIn(page, email);
        page.navigate(url("/portal/payouts"));
        assertThat(page).hasURL(Pattern.compile(".*/portal/applications/" + merchant.applicationId() + "/payouts$"));
        assertThat(page.locator("main nav.switch a[aria-current=page]")).hasText("Test");
        assertThat(page.locator("#mode-test"))
                .hasText(fr ? "Mode test : aucun argent réel ne circule." : "Test mode: no real money moves.");
        assertThat(page.locator("#mode-live")).hasCount(0);
        assertThat(spaced(page.locator("#caps")))
                .isEqualTo(
                        fr
                                ? "Plafonds : 50 000 000 FCFA et 20 000 paiements par jour au plus."
                                : "Caps: XOF 50,000,000 and 20,000 payouts a day at most.");
        Locator settings = page.locator("#settings");
        assertThat(settings.locator("input[name=daily_amount_cap]")).hasValue(fr ? "50 000 000" : "50,000,000");
        assertThat(settings.locator("input[name=daily_count_cap]")).hasValue(fr ? "20 000" : "20,000");
        assertThat(spaced(page.locator("#caps-limit"))).contains(fr ? "50 000 000 FCFA" : "XOF 50,000,000");
        assertThat(page.locator("main")).not().containsText("50000000");
        PageChecks.check(page, "payouts-test-" + language + "-" + width, language);

        // Saved as shown: the grouped numbers are read back, in either language.
        settings.locator("input[name=enabled]").check();
        settings.locator("input[name=password]").fill(Api.PASSWORD);
        settings.locator("button[type=submit]").click();
        assertThat(page.locator("p.notice[role=status]")).isVisible();
        assertThat(spaced(page.locator("#caps")))
                .contains(fr ? "50 000 000 FCFA et 20 000" : "XOF 50,000,000 and 20,000");

        // Real, for an application not live yet: said, with the way back to test, as at the counter.
        page.locator("main nav.switch").getByText(fr ? "Réel" : "Live").click();
        assertThat(page.locator("#not-live")).isVisible();
        assertThat(page.locator("main nav.switch a[aria-current=page]")).hasText(fr ? "Réel" : "Live");
        PageChecks.check(page, "payouts-not-live-" + language + "-" + width, language);
        page.locator("main a.button").click();
        assertThat(page.locator("#mode-test")).isVisible();
        page.context().close();

        // A live application's real payouts: the switch on "Réel" and the page says money really leaves.
        String liveEmail = "modelive" + System.nanoTime() + "@example.com";
        // Going live needs PostgreSQL and a provider connection (PortalSettingsIT): here the row says it is.
        Api.Merchant live = api.onboardAs(liveEmail, "WALLET_SN");
        api.admin("POST", "/applications/" + live.applicationId() + "/keys", "{\"environment\":\"live\"}");
        jdbc.sql("UPDATE applications SET live_enabled = TRUE WHERE id = :id")
                .param("id", java.util.UUID.fromString(live.applicationId()))
                .update();
        Page real = browser.newPage(width, width < 900 ? 844 : 800, language);
        signIn(real, liveEmail);
        real.navigate(url("/portal/applications/" + live.applicationId() + "/payouts?env=live"));
        assertThat(real.locator("main nav.switch a[aria-current=page]")).hasText(fr ? "Réel" : "Live");
        assertThat(real.locator("#mode-live")).containsText(fr ? "Mode réel" : "Live mode");
        assertThat(real.locator("#mode-test")).hasCount(0);
        PageChecks.check(real, "payouts-live-" + language + "-" + width, language);
        real.context().close();
    }

    /** An element's text with its no-break spaces (grouping, before a unit) as plain ones. */
    private static String spaced(Locator locator) {
        return locator.textContent().replaceAll("[\\u00a0\\u202f]", " ").strip();
    }

    private void turnOn(Page page, Api.Merchant merchant, String countCap) {
        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        Locator settings = page.locator("#settings");
        settings.locator("details").evaluate("d => d.open = true");
        settings.locator("input[name=enabled]").check();
        settings.locator("input[name=daily_amount_cap]").fill("1000000");
        settings.locator("input[name=daily_count_cap]").fill(countCap);
        settings.locator("input[name=password]").fill(Api.PASSWORD);
        settings.locator("button[type=submit]").click();
        assertThat(page.locator("p.notice[role=status]")).isVisible();
    }

    private int countPayouts(Api.Merchant merchant) {
        return jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = CAST(:app AS UUID)")
                .param("app", merchant.applicationId())
                .query(Integer.class)
                .single();
    }

    private static String csrfOf(Page page) {
        return page.locator("input[name=_csrf]").first().inputValue();
    }
}
