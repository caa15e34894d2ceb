package sn.xaalis.paymentlink;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;

/**
 * Issue 48 item 11: each link in the portal's list says how many of its payments succeeded and what
 * they brought, read for the whole page in one query by the links' own rows (V47), never once per link
 * nor across the merchant's whole history; a link just created is shown first, where the merchant looks.
 */
@IntegrationTest
class PaymentLinkTakingsIT extends BrowserIntegrationTest {

    @Autowired
    PaymentLinks paymentLinks;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Autowired
    Database database;

    /** Three links of one merchant with payments of every outcome, and another merchant's. */
    record Shop(String email, String fixed, String range, String unpaid, String theirs) {}

    private Shop shop() {
        String email = "takings" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Links links = new Links(api, port);
        String fixed = links.code(merchant, "{\"amount\":\"4500\",\"description\":\"Thieboudienne\"}");
        String range = links.code(merchant, "{\"min_amount\":\"1000\",\"max_amount\":\"50000\"}");
        api.simulate(merchant, links.paid(fixed, Map.of()), "SUCCESS");
        api.simulate(merchant, links.paid(fixed, Map.of()), "SUCCESS");
        api.simulate(merchant, links.paid(fixed, Map.of()), "FAILED");
        api.simulate(merchant, links.paid(range, Map.of("amount", "2500")), "SUCCESS");
        links.paid(range, Map.of("amount", "7000")); // still awaiting the customer: not counted
        String unpaid = links.code(merchant, "{\"amount\":\"1000\"}");
        Api.Merchant other = api.onboard("WALLET_SN");
        String theirs = links.code(other, "{\"amount\":\"1000\"}");
        api.simulate(other, links.paid(theirs, Map.of()), "SUCCESS");
        return new Shop(email, fixed, range, unpaid, theirs);
    }

    @Test
    void theTakingsOfAWholePageComeFromOneQueryAndCountOnlySuccessfulPayments() {
        Shop shop = shop();
        Map<String, UUID> ids = Map.of(
                "fixed", id(shop.fixed()),
                "range", id(shop.range()),
                "unpaid", id(shop.unpaid()),
                "theirs", id(shop.theirs()));
        Map<UUID, LinkTakings> takings = paymentLinks.takings(ids.values());
        assertThat(takings.get(ids.get("fixed"))).isEqualTo(new LinkTakings(2, new BigDecimal("9000.00")));
        assertThat(takings.get(ids.get("range"))).isEqualTo(new LinkTakings(1, new BigDecimal("2500.00")));
        assertThat(takings.get(ids.get("theirs"))).isEqualTo(new LinkTakings(1, new BigDecimal("1000.00")));
        assertThat(takings).doesNotContainKey(ids.get("unpaid")).hasSize(3);

        // The portal's page asks once for all its links (H2 counts each statement it runs).
        if (database.embedded()) {
            jdbc.sql("SET QUERY_STATISTICS_MAX_ENTRIES 100000").update();
            jdbc.sql("SET QUERY_STATISTICS TRUE").update();
            try {
                long before = takingsQueries();
                Page page = browser.newPage(1280, 800, "en");
                signIn(page, shop.email());
                page.navigate(url("/portal/links"));
                assertThat(page.locator("ul.link-list > li")).hasCount(3);
                assertThat(takingsQueries() - before)
                        .as("one takings query for 3 links")
                        .isEqualTo(1);
                page.context().close();
            } finally {
                jdbc.sql("SET QUERY_STATISTICS FALSE").update();
            }
        }
    }

    /**
     * V47 finds the payments links started before it by their metadata: run again now, its query finds
     * exactly the rows the checkout wrote (3 payments of one link, 2 of another, none of the third).
     */
    @Test
    void theMigrationFindsExactlyThePaymentsStartedFromEachLink() throws Exception {
        Shop shop = shop();
        List<UUID> ids = List.of(id(shop.fixed()), id(shop.range()), id(shop.unpaid()));
        String migration;
        try (var in = getClass().getResourceAsStream("/db/migration/V47__payment_link_payments.sql")) {
            migration = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String backfill =
                migration.substring(migration.indexOf("SELECT l.id, p.id")).trim();
        backfill = backfill.substring(0, backfill.length() - 1); // its ";"
        List<String> found = jdbc.sql(backfill + " AND l.id IN (:links)")
                .param("links", ids)
                .query((rs, n) -> rs.getObject(1, UUID.class) + "/" + rs.getObject(2, UUID.class))
                .list();
        List<String> written = jdbc.sql(
                        "SELECT link_id, payment_id FROM payment_link_payments WHERE link_id IN (:links)")
                .param("links", ids)
                .query((rs, n) -> rs.getObject(1, UUID.class) + "/" + rs.getObject(2, UUID.class))
                .list();
        assertThat(written).hasSize(5);
        assertThat(found).containsExactlyInAnyOrderElementsOf(written);
    }

    /** On PostgreSQL, with sequential scans priced out, the query reads by its keys, never a whole table. */
    @Test
    void theTakingsQueryReadsTheLinksOwnRowsNeverTheWholePaymentsTable() {
        org.junit.jupiter.api.Assumptions.assumeFalse(database.embedded(), "H2 has no EXPLAIN of PostgreSQL's kind");
        String plan = transactions.execute(tx -> {
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + PaymentLinks.TAKINGS)
                            .param("links", List.of(UUID.randomUUID(), UUID.randomUUID()))
                            .query(String.class)
                            .list());
        });
        assertThat(plan)
                .doesNotContain("Seq Scan on payments")
                .doesNotContain("Seq Scan on payment_link_payments")
                .contains("payment_link_payments_pkey")
                .contains("payments_pkey");
    }

    @PageSweep
    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390", "en, 1280"})
    void eachLinkSaysWhatItBroughtAndANewLinkShowsFirst(String language, int width) {
        boolean fr = language.equals("fr");
        Shop shop = shop();
        Page page = browser.newPage(width, 844, language);
        signIn(page, shop.email());
        page.navigate(url("/portal/links"));
        assertThat(page.locator("#takings-" + shop.fixed()))
                .hasText(fr ? "2 paiements réussis : 9\u00a0000\u00a0FCFA" : "2 successful payments: XOF\u00a09,000");
        assertThat(page.locator("#takings-" + shop.range()))
                .hasText(fr ? "1 paiement réussi : 2\u00a0500\u00a0FCFA" : "1 successful payment: XOF\u00a02,500");
        assertThat(page.locator("#takings-" + shop.unpaid()))
                .hasText(fr ? "Aucun paiement réussi pour l’instant" : "No successful payment yet");
        assertThat(page.locator("#takings-" + shop.theirs())).hasCount(0);
        PageChecks.check(page, "portal-links-takings-" + language + "-" + width, language);

        // A new link: shown at once at the top of the page, ready to share, and not a second time below.
        page.locator("#amount").fill("3000");
        page.locator("#description").fill("Yassa");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(fr ? "Créer le lien" : "Create the link"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).isVisible();
        var created = page.locator("#created-link");
        assertThat(created).isVisible();
        String code = created.locator("li").getAttribute("id").substring("link-".length());
        assertThat(page.locator("#link-" + code)).hasCount(1);
        assertThat(created.locator("#url-" + code)).hasText(url("/l/" + code));
        assertThat(created.locator("#takings-" + code))
                .hasText(fr ? "Aucun paiement réussi pour l’instant" : "No successful payment yet");
        assertThat(created).containsText(fr ? "Votre nouveau lien, prêt à partager" : "Your new link, ready to share");
        double top = created.boundingBox().y;
        double form = page.locator("#amount").boundingBox().y;
        assertThat(top).as("above the form").isLessThan(form);
        assertThat(top).as("in the first screen").isLessThan(844);
        assertThat(page.locator("ul.link-list > li")).hasCount(4);
        PageChecks.check(page, "portal-links-created-" + language + "-" + width, language);
        page.context().close();
    }

    private UUID id(String code) {
        return jdbc.sql("SELECT id FROM payment_links WHERE code = :code")
                .param("code", code)
                .query(UUID.class)
                .single();
    }

    /** How many times H2 ran the takings query since its statistics were switched on. */
    private long takingsQueries() {
        return jdbc.sql("SELECT COALESCE(SUM(EXECUTION_COUNT), 0) FROM INFORMATION_SCHEMA.QUERY_STATISTICS"
                        + " WHERE SQL_STATEMENT LIKE CONCAT('%FROM payment', '_link_payments lp JOIN%')")
                .query(Long.class)
                .single();
    }
}
