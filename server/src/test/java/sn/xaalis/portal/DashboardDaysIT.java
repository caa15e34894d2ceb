package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;

/** The dashboard's days are the merchant's days, in its time zone, not UTC days. */
@IntegrationTest
class DashboardDaysIT extends ApiIntegrationTest {

    private static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");
    private static final ZoneId LAGOS = ZoneId.of("Africa/Lagos");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);
    /** A bar's tooltip in the chart: {@code <title>25 Nov 2026 : XOF 4,500</title>} inside its rect. */
    private static final Pattern BAR = Pattern.compile("<title>([^<]+)</title>\\s*</rect>");

    @Autowired
    MutableClock clock;

    @Autowired
    PaymentStatistics statistics;

    @Test
    void aPaymentPaidAt2330UtcCountsOnThatDayInDakarAndOnTheNextDayInLagos() {
        String email = "days" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        // On to the next 23:30 UTC (the clock only moves forward), then a payment paid at once.
        Instant now = clock.instant();
        Instant at = now.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofMinutes(23 * 60 + 30));
        clock.advance(Duration.between(now, at.isAfter(now) ? at : at.plus(Duration.ofDays(1))));
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        api.simulate(merchant, reference, "SUCCESS");
        Instant paidAt = Instant.parse(
                api.status(merchant, reference).json().get("paid_at").stringValue());
        assertThat(paidAt.atZone(ZoneOffset.UTC).getHour())
                .as("paid between 23:00 and 00:00 UTC")
                .isEqualTo(23);
        LocalDate day = LocalDate.ofInstant(paidAt, ZoneOffset.UTC);

        Set<ApplicationId> apps = Set.of(ApplicationId.valueOf(merchant.applicationId()));
        assertThat(collected(apps, day, DAKAR)).containsExactly("0.00", "4500.00", "0.00");
        assertThat(collected(apps, day, LAGOS)).containsExactly("0.00", "0.00", "4500.00");

        // The chart ends on the merchant's today: in Dakar the day of the payment, in Lagos the next one.
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        List<String> dakar = bars(portal.get("/portal/dashboard").body());
        assertThat(dakar).hasSize(30);
        assertThat(dakar.getLast()).isEqualTo(DAY.format(day) + " : XOF\u00a04,500");
        assertThat(dakar.get(28)).isEqualTo(DAY.format(day.minusDays(1)) + " : XOF\u00a00");

        assertThat(portal.post(
                                "/portal/account/time-zone",
                                Map.of("time_zone", "Africa/Lagos"),
                                portal.csrfFrom("/portal/account"))
                        .statusCode())
                .isEqualTo(200);
        List<String> lagos = bars(portal.get("/portal/dashboard").body());
        assertThat(lagos).hasSize(30);
        assertThat(lagos.getLast()).isEqualTo(DAY.format(day.plusDays(1)) + " : XOF\u00a04,500");
        assertThat(lagos.get(28)).isEqualTo(DAY.format(day) + " : XOF\u00a00");
    }

    /** The day before, the day of and the day after {@code day}, in {@code zone}'s days. */
    private List<String> collected(Set<ApplicationId> apps, LocalDate day, ZoneId zone) {
        return statistics.dailyCollected(apps, Environment.SANDBOX, day.minusDays(1), day.plusDays(1), zone).stream()
                .map(PaymentStatistics.Day::collected)
                .map(BigDecimal::toPlainString)
                .toList();
    }

    private static List<String> bars(String page) {
        List<String> bars = new ArrayList<>();
        Matcher bar = BAR.matcher(page);
        while (bar.find()) {
            bars.add(bar.group(1));
        }
        return bars;
    }
}
