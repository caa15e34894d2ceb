package sn.xaalis.checkout;

import com.microsoft.playwright.assertions.PageAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import sn.xaalis.support.BrowserIntegrationTest;

/** What the customer pages' browser tests share besides Chromium: the merchant's site to end on. */
abstract class InBrowser extends BrowserIntegrationTest {

    /** Long enough for a few rounds of the hosted page's 3 s polling. */
    static final PageAssertions.HasURLOptions SOON = new PageAssertions.HasURLOptions().setTimeout(15_000);

    static MerchantSite shop;

    @BeforeAll
    static void openShop() {
        shop = new MerchantSite();
    }

    @AfterAll
    static void closeShop() {
        if (shop != null) {
            shop.close();
        }
    }

    /** A page of this server as customers reach it (the public base URL's host, not the API client's). */
    String local(String path) {
        return "http://localhost:" + port + path;
    }
}
