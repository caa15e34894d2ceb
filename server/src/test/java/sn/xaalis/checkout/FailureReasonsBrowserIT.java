package sn.xaalis.checkout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.support.Api;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.Views;

/**
 * Issue 48 items 6 and 9, in Chromium ({@link Views}): why a payment or a payout failed is said in the
 * page's language on every page that shows it (the hosted page, the counter, the portal's payment, the
 * payouts), never as the provider's English with its code, which the API keeps; after an insufficient
 * balance or three refused codes the customer reads what to do next and that no money left their
 * account; and a number typed on a payment link's page is already in the hosted page's code form.
 */
@IntegrationTest
class FailureReasonsBrowserIT extends InBrowser {

    @Autowired
    PayoutSettings payoutSettings;

    @Test
    void aCustomerWhoseBalanceIsTooLowReadsWhyAndWhatToDoAndSoDoTheCashierAndTheOwner() {
        int n = 0;
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String email = "reasons" + System.nanoTime() + "@example.com";
            Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
            String reference = api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\"}");
            Page page = browser.newPage(view.width(), view.height(), view.language());
            page.navigate(local("/pay/" + reference));
            page.locator("#code-phone").fill("77 000 81 0" + n++);
            page.locator("#code-otp").fill("111111"); // the sandbox's insufficient balance
            page.locator("#code button[type=submit]").click();
            assertThat(page.locator(".over"))
                    .hasText(fr ? "Le paiement n’a pas abouti." : "The payment did not go through.");
            assertThat(page.locator("#reason"))
                    .hasText(
                            fr
                                    ? "Solde insuffisant : le compte Mobile Money n’a pas assez d’argent pour ce paiement."
                                    : "Insufficient balance: the Mobile Money account does not have enough money for"
                                            + " this payment.");
            assertThat(page.locator("#next"))
                    .hasText(
                            fr
                                    ? "Rechargez votre compte Mobile Money, puis payez à nouveau."
                                    : "Top up your Mobile Money account, then pay again.");
            assertThat(page.locator("#nomoney"))
                    .hasText(fr ? "Aucun argent n’a quitté votre compte." : "No money has left your account.");
            assertThat(page.locator("main")).not().containsText("2020");
            check(page, view.name("pay-failed-balance"), view.language());
            // The tester's sandbox page: the reason in the page's language, then the API's words.
            page.navigate(local("/sandbox/checkout/" + reference + "?app=MM"));
            assertThat(page.locator("#reason"))
                    .hasText(
                            fr
                                    ? "Solde insuffisant : le compte Mobile Money n’a pas assez d’argent pour ce paiement."
                                    : "Insufficient balance: the Mobile Money account does not have enough money for"
                                            + " this payment.");
            check(page, view.name("sandbox-failed-balance"), view.language());
            page.context().close();
            // The API's contract is unchanged: the provider's words and code.
            assertThat(api.status(merchant, reference)
                            .json()
                            .get("error_message")
                            .stringValue())
                    .isEqualTo("Insufficient balance (2020)");

            // The cashier's counter: the reason in the outcome, the provider's words only in the details.
            Page portal = signedIn(email, view);
            portal.navigate(url("/portal/counter/" + reference));
            assertThat(portal.locator("#outcome #reason"))
                    .hasText(
                            fr
                                    ? "Solde insuffisant : le compte Mobile Money n’a pas assez d’argent pour ce paiement."
                                    : "Insufficient balance: the Mobile Money account does not have enough money for"
                                            + " this payment.");
            assertThat(portal.locator("#outcome")).not().containsText("2020");
            PageChecks.check(portal, view.name("counter-failed-balance"), view.language());

            // The owner's payment page: the same words, the provider's in the technical details.
            portal.navigate(url("/portal/transactions/" + reference));
            assertThat(portal.locator("#payment-error"))
                    .hasText(
                            fr
                                    ? "Solde insuffisant : le compte Mobile Money n’a pas assez d’argent pour ce paiement."
                                    : "Insufficient balance: the Mobile Money account does not have enough money for"
                                            + " this payment.");
            PageChecks.check(portal, view.name("transaction-failed-balance"), view.language());
            portal.context().close();
        }
    }

    @Test
    void aCustomerWhoseCodesAreRefusedThreeTimesIsToldWhatToDoNext() {
        int n = 0;
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            Api.Merchant merchant = api.onboardBoth();
            String reference = api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}");
            Page page = browser.newPage(view.width(), view.height(), view.language());
            page.navigate(local("/pay/" + reference));
            String phone = "77 000 82 0" + n++;
            for (int attempt = 0; attempt < 3; attempt++) {
                page.locator("#code-phone").fill(phone);
                page.locator("#code-otp").fill("000000"); // the sandbox's wrong code
                page.locator("#code button[type=submit]").click();
                page.waitForLoadState();
            }
            assertThat(page.locator(".over"))
                    .hasText(fr ? "Le paiement n’a pas abouti." : "The payment did not go through.");
            assertThat(page.locator("#reason"))
                    .hasText(
                            fr
                                    ? "Le code de paiement a été refusé trois fois : code incorrect, expiré ou solde"
                                            + " insuffisant."
                                    : "The payment code was refused three times: wrong or expired code, or insufficient"
                                            + " balance.");
            assertThat(page.locator("#next")).containsText("#144#391#");
            assertThat(page.locator("#nomoney"))
                    .hasText(fr ? "Aucun argent n’a quitté votre compte." : "No money has left your account.");
            assertThat(page.locator("main")).not().containsText("sandbox)");
            check(page, view.name("pay-failed-codes"), view.language());
            page.context().close();
        }
    }

    @Test
    void theNumberTypedOnALinksPageIsAlreadyInTheCodeForm() {
        Api.Merchant merchant = api.onboardBoth();
        int n = 0;
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String code = api.post(merchant, "/payment-links/", "{\"amount\":\"3000\"}", Map.of())
                    .json()
                    .get("code")
                    .stringValue();
            Page page = browser.newPage(view.width(), view.height(), view.language());
            page.navigate(local("/l/" + code));
            page.locator("input[name=provider][value=MOBILEMONEY_SN]").check();
            String phone = "77 000 83 0" + n++;
            page.locator("#customer_phone").fill(phone);
            page.locator("button.pay").click();
            assertThat(page).hasURL(Pattern.compile(".*/pay/SVC-[A-Z0-9]{8}.*"));
            assertThat(page.locator("#code-heading"))
                    .hasText(
                            fr
                                    ? "Pas de smartphone ? Payez avec un code Mobile Money"
                                    : "No smartphone? Pay with a Mobile Money code");
            assertThat(page.locator("#code-phone")).hasValue(phone);
            assertThat(page.locator("#code-otp")).hasValue("");
            check(page, view.name("pay-code-from-link"), view.language());
            page.context().close();
        }

        // A number the merchant sent through the API is not shown to whoever holds the page's address.
        String byApi = api.newPayment(
                merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"3000\",\"customer_phone\":\"+221770008399\"}");
        assertThat(api.send("GET", "/pay/" + byApi, Map.of(), null).body())
                .contains("id=\"code-phone\"")
                .doesNotContain("77 000 83 99");
    }

    @Test
    void aFailedPayoutSaysWhyInThePagesLanguage() {
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String email = "payout-reasons" + System.nanoTime() + "@example.com";
            Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
            payoutSettings.save(
                    ApplicationId.valueOf(merchant.applicationId()),
                    new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
            // The sandbox's number whose payouts fail: the recipient reached their limit.
            Api.Response created = api.post(
                    merchant,
                    "/payouts/",
                    "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\",\"recipient_phone\":\"+221700000011\"}",
                    Map.of("Idempotency-Key", "reasons-" + System.nanoTime()));
            assertThat(created.status()).isEqualTo(201);
            String payout = created.json().get("reference").stringValue();
            awaitFailed(merchant, payout);

            Page page = signedIn(email, view);
            page.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
            assertThat(page.locator("#recent .failure"))
                    .hasText(
                            fr
                                    ? "Le destinataire a atteint son plafond Wallet."
                                    : "The recipient has reached their Wallet limit.");
            assertThat(page.locator("#recent")).not().containsText("monthly limit");
            PageChecks.check(page, view.name("payouts-failed-reason"), view.language());
            page.context().close();
        }
    }

    private void awaitFailed(Api.Merchant merchant, String payout) {
        long until = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < until) {
            var json = api.get(merchant, "/payouts/" + payout + "/").json();
            if ("FAILED".equals(json.get("status").stringValue())) {
                // The API keeps the provider's code and words.
                assertThat(json.get("failure_code").stringValue()).isEqualTo("recipient-limit-exceeded");
                return;
            }
            sleep();
        }
        throw new AssertionError("payout " + payout + " did not fail");
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Page signedIn(String email, Views view) {
        Page page = browser.newPage(view.width(), view.height(), view.language());
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("form button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
        return page;
    }

    private static void check(Page page, String screenshot, String language) {
        PageChecks.check(page, screenshot, language);
        PageChecks.touchTargets(page);
    }
}
