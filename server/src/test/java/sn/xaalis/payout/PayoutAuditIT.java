package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * A payout change and its entry in the audit trail commit together or not at all: when the entry cannot
 * be written (here a constraint added for the test refuses it), the change is rolled back with it.
 */
@IntegrationTest
class PayoutAuditIT extends ApiIntegrationTest {

    private static final String REFUSAL = "test_refuses_audit_entry";

    @Autowired
    PayoutSettings settings;

    @Autowired
    PayoutReviews reviews;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @BeforeEach
    void signedIn() {
        // The person whose change it is, as a portal session would name them.
        SecurityContextHolder.getContext()
                .setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                        AuditActor.of("merchant", "owner@shop.example"), null, List.of()));
    }

    @AfterEach
    void signedOut() {
        SecurityContextHolder.clearContext();
        jdbc.sql("ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS " + REFUSAL)
                .update();
    }

    @Test
    void settingsAreNotChangedWhenTheirEntryCannotBeWritten() {
        Api.Merchant m = api.onboardBoth();
        ApplicationId app = ApplicationId.valueOf(m.applicationId());
        settings.save(app, new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
        assertThat(entries("payout.settings.changed", app.toString())).isEqualTo(1);

        refuseEntries("payout.settings.changed", app.toString());
        assertThatThrownBy(() ->
                        settings.save(app, new PayoutSettings.Settings(false, new BigDecimal("5000"), 3, List.of())))
                .isInstanceOf(DataAccessException.class);

        PayoutSettings.Settings now = settings.of(app);
        assertThat(now.enabled()).as("rolled back with its entry").isTrue();
        assertThat(now.dailyCountCap()).isEqualTo(100);
    }

    @Test
    void aReviewIsNotResolvedWhenItsEntryCannotBeWritten() {
        Api.Merchant m = api.onboardBoth();
        ApplicationId app = ApplicationId.valueOf(m.applicationId());
        settings.save(app, new PayoutSettings.Settings(true, new BigDecimal("1000000"), 100, List.of()));
        // The sandbox's number that never answers: asked about, found nowhere, left for review.
        String reference = api.post(
                        m,
                        "/payouts/",
                        "{\"provider\":\"WALLET_SN\",\"amount\":\"7000\",\"recipient_phone\":\"+221700000013\","
                                + "\"recipient_name\":\"Sans Réponse\"}",
                        Map.of("Idempotency-Key", "review-" + System.nanoTime()))
                .json()
                .get("reference")
                .stringValue();
        JsonNode payout = api.get(m, "/payouts/" + reference + "/").json();
        for (int i = 0; i < 30 && !payout.get("status").stringValue().equals("NEEDS_REVIEW"); i++) {
            clock.advance(Duration.ofMinutes(31));
            PayoutTests.sleep(300);
            payout = api.get(m, "/payouts/" + reference + "/").json();
        }
        assertThat(payout.get("status").stringValue()).isEqualTo("NEEDS_REVIEW");
        Caller caller = new Caller(
                app,
                MerchantId.valueOf(m.merchantId()),
                m.endpointKey(),
                Environment.SANDBOX,
                EnumSet.of(Provider.WALLET_SN),
                false);

        refuseEntries("payout.review.resolved", reference);
        assertThatThrownBy(() -> reviews.resolve(caller, reference, false)).isInstanceOf(DataAccessException.class);
        assertThat(api.get(m, "/payouts/" + reference + "/")
                        .json()
                        .get("status")
                        .stringValue())
                .as("rolled back with its entry")
                .isEqualTo("NEEDS_REVIEW");
        assertThat(PayoutTests.webhook(jdbc, reference + ":FAILED"))
                .as("nor announced")
                .isNull();

        jdbc.sql("ALTER TABLE audit_events DROP CONSTRAINT " + REFUSAL).update();
        assertThat(reviews.resolve(caller, reference, false)).isTrue();
        assertThat(entries("payout.review.resolved", reference)).isEqualTo(1);
    }

    /** The database refuses new entries of this action on this subject, as a failing write would. */
    private void refuseEntries(String action, String subject) {
        long last = jdbc.sql("SELECT COALESCE(MAX(id), 0) FROM audit_events")
                .query(Long.class)
                .single();
        jdbc.sql("ALTER TABLE audit_events ADD CONSTRAINT " + REFUSAL + " CHECK (id <= " + last + " OR action <> '"
                        + action + "' OR subject <> '" + subject + "')")
                .update();
    }

    private int entries(String action, String subject) {
        return jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE action = :action AND subject = :subject")
                .param("action", action)
                .param("subject", subject)
                .query(Integer.class)
                .single();
    }
}
