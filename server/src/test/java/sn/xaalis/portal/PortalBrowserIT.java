package sn.xaalis.portal;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.Browser;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageSweep;

/** The portal in a real headless Chromium, as a merchant's staff uses it. */
@IntegrationTest
@ExtendWith(Browser.Available.class)
class PortalBrowserIT extends ApiIntegrationTest {

    static Browser browser;

    @BeforeAll
    static void launch() {
        browser = Browser.shared();
    }

    @AfterAll
    static void quit() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void signInAndChangeTheWebhookUrlIncludingARefusedPrivateAddress() {
        String email = "browser" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Page page = browser.newPage(1280, 800);

        page.navigate("http://localhost:" + port + "/portal/applications");
        assertThat(page).hasURL(java.util.regex.Pattern.compile(".*/portal/login$"));
        Browser.screenshot(page, "portal-login");
        page.getByLabel("Email").fill(email);
        page.getByLabel("Password").fill(Api.PASSWORD);
        page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in"))
                .click();
        assertThat(page).hasURL(java.util.regex.Pattern.compile(".*/portal/dashboard$"));
        Browser.screenshot(page, "portal-dashboard");
        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.LINK,
                        new Page.GetByRoleOptions().setName("Applications").setExact(true))
                .click();

        assertThat(page.getByRole(
                        com.microsoft.playwright.options.AriaRole.HEADING,
                        new Page.GetByRoleOptions().setName("Applications")))
                .isVisible();
        assertThat(page.getByText(merchant.endpointKey())).isVisible();
        Browser.screenshot(page, "portal-applications");

        page.getByText("Shop app").click();
        page.getByLabel("Webhook URL").fill("http://192.168.1.10/hook");
        page.getByText("Save settings").click();
        assertThat(page.getByText("Webhook URL must point to a public address (192.168.1.10 is private)"))
                .isVisible();
        Browser.screenshot(page, "portal-settings-refused");

        page.getByLabel("Webhook URL").fill("https://shop.example/webhooks/xaalis");
        page.getByText("Save settings").click();
        assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .hasText("Settings saved.");
        assertThat(page.getByLabel("Webhook URL")).hasValue("https://shop.example/webhooks/xaalis");
        Browser.screenshot(page, "portal-settings-saved");
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId(), null)
                        .json()
                        .get("webhook_url")
                        .stringValue())
                .isEqualTo("https://shop.example/webhooks/xaalis");

        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Sign out"))
                .click();
        assertThat(page.getByText("You are signed out.")).isVisible();
    }

    @org.springframework.beans.factory.annotation.Autowired
    sn.xaalis.support.MutableClock clock;

    @Test
    void findAPaymentApproveItSeeItsWebhookResendItAndExportCsv() throws Exception {
        String email = "tx" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        try (var receiver = new sn.xaalis.support.WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            String reference = api.newPayment(
                    merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4200\",\"metadata\":{\"cart\":\"=cmd\"}}");
            api.newPayment(merchant);
            Page page = browser.newPage(1280, 900);
            signIn(page, email);

            page.getByRole(
                            com.microsoft.playwright.options.AriaRole.LINK,
                            new Page.GetByRoleOptions().setName("Transactions").setExact(true))
                    .click();
            page.getByLabel("Find a reference, a payment id or a customer’s number")
                    .fill(reference);
            page.getByText("Filter").click();
            assertThat(page.getByRole(
                            com.microsoft.playwright.options.AriaRole.HEADING,
                            new Page.GetByRoleOptions().setName(reference)))
                    .isVisible();
            assertThat(page.locator("#payment-status")).hasAttribute("data-status", "PROCESSING");
            assertThat(page.locator("#payment-status")).hasText("Processing");
            assertThat(page.locator("#payment-amount")).hasText("XOF\u00a04,200");

            page.getByRole(
                            com.microsoft.playwright.options.AriaRole.BUTTON,
                            new Page.GetByRoleOptions().setName("Customer pays"))
                    .click();
            assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                    .hasText("Payment is now Successful.");
            // No pricing plan: the installation's default takes no fee.
            assertThat(page.locator("#payment-fee")).hasText("XOF\u00a00");
            assertThat(page.locator("#payment-net")).hasText("XOF\u00a04,200");
            receiver.await(r -> r.size() == 1, java.time.Duration.ofSeconds(20));
            reloadUntil(page, ".notification-state", "received");
            assertThat(page.locator(".notification-state").first()).hasAttribute("data-state", "DELIVERED");
            assertThat(page.locator("tr.attempt").first()).containsText("answer 200");
            Browser.screenshot(page, "portal-transaction");

            page.getByText("Resend").click();
            assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                    .hasText("Notification queued for a new delivery.");
            receiver.await(r -> r.size() == 2, java.time.Duration.ofSeconds(20));
            reloadUntilCount(page, "tr.attempt", 2);
            assertThat(receiver.received()).hasSize(2);

            page.navigate("http://localhost:" + port + "/portal/transactions?status=SUCCESS");
            Browser.screenshot(page, "portal-transactions");
            var download = page.waitForDownload(
                    () -> page.getByText("Export these transactions as CSV").click());
            String csv = java.nio.file.Files.readString(download.path());
            assertThat(csv).startsWith("reference,transaction_uuid,application,");
            assertThat(csv.lines().findFirst().orElseThrow()).endsWith(",provider_reference,fee,net_amount");
            assertThat(csv).contains("\"" + reference + "\"", "\"4200.00\"", "\"SUCCESS\"");
            assertThat(csv.lines().skip(1).findFirst().orElseThrow()).endsWith(",\"0.00\",\"4200.00\"");
            assertThat(csv.lines().count())
                    .as("header + the one SUCCESS payment")
                    .isEqualTo(2);
        }
    }

    @Test
    void rotateKeysUseTheNewSecretThenRevokeTheOldKey() {
        String email = "keys" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = browser.newPage(1280, 900);
        signIn(page, email);
        page.navigate("http://localhost:" + port + "/portal/applications");
        page.getByText("Shop app").click();

        page.getByLabel("Your password").fill("wrong password");
        page.getByText("Issue new keys").click();
        assertThat(page.getByText("Password is not correct")).isVisible();

        page.getByLabel("Your password").fill(Api.PASSWORD);
        page.getByText("Issue new keys").click();
        assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .containsText("Copy the secret now");
        String newKey = page.locator("#new-key").textContent();
        String newSecret = page.locator("#new-secret").textContent();
        assertThat(newSecret).matches("sk_test_[0-9A-Za-z]{40}");
        Browser.screenshot(page, "portal-keys-rotated");

        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}";
        assertThat(api.initiate(merchant.withKeys(newKey, newSecret), body).status())
                .isEqualTo(201);
        assertThat(api.initiate(merchant, body).status())
                .as("old pair within the overlap")
                .isEqualTo(201);

        page.getByLabel("Revoke key " + merchant.apiKey()).click();
        assertThat(page.locator("#revoked-key")).hasText(merchant.apiKey());
        assertThat(page.locator("#revoke-effect")).containsText("401");
        assertThat(page.locator("#revoke-last")).hasCount(0);
        page.getByLabel("Your password").fill(Api.PASSWORD);
        page.getByText("Revoke the key").click();
        assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .hasText("Key " + merchant.apiKey() + " revoked: it no longer works.");
        assertThat(api.initiate(merchant, body).status()).isEqualTo(401);
        assertThat(api.initiate(merchant.withKeys(newKey, newSecret), body).status())
                .isEqualTo(201);
        page.navigate("http://localhost:" + port + "/portal/applications/" + merchant.applicationId());
        assertThat(page.getByText(newKey)).isVisible();
        assertThat(page.content()).as("the secret is shown once").doesNotContain(newSecret);
    }

    private void signIn(Page page, String email) {
        page.navigate("http://localhost:" + port + "/portal/login");
        page.getByLabel("Email").fill(email);
        page.getByLabel("Password").fill(Api.PASSWORD);
        page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in"))
                .click();
        assertThat(page).hasURL(java.util.regex.Pattern.compile(".*/portal/dashboard$"));
    }

    private static void reloadUntil(Page page, String selector, String text) {
        for (int i = 0; i < 50 && !page.locator(selector).first().textContent().contains(text); i++) {
            page.waitForTimeout(200);
            page.reload();
        }
        assertThat(page.locator(selector).first()).hasText(text);
    }

    private static void reloadUntilCount(Page page, String selector, int count) {
        for (int i = 0; i < 50 && page.locator(selector).count() < count; i++) {
            page.waitForTimeout(200);
            page.reload();
        }
        assertThat(page.locator(selector)).hasCount(count);
    }

    @Test
    @PageSweep
    void theSandboxCheckoutFitsAPhone() {
        Api.Merchant merchant = api.onboardBoth();
        String reference = api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"12500\"}");
        Page phone = browser.newPage(390, 844);
        phone.navigate("http://localhost:" + port + "/sandbox/checkout/" + reference + "?app=MM");
        assertThat(phone.getByText("12,500")).isVisible();
        Browser.screenshot(phone, "sandbox-checkout-phone");
        assertThat((Integer) phone.evaluate("document.documentElement.scrollWidth"))
                .isLessThanOrEqualTo(390);

        phone.getByText("Approve payment").click();
        // On, as the provider's app would: with no page of the merchant's, to the hosted page's outcome.
        assertThat(phone).hasURL("http://localhost:" + port + "/pay/" + reference);
        assertThat(phone.getByText("This payment has been made. Thank you!")).isVisible();
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("SUCCESS");
    }
}
