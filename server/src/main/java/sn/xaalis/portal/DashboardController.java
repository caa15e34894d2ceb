package sn.xaalis.portal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/** Today and the last 30 days at a glance, with a chart drawn on the server as SVG. */
@PageController
class DashboardController {

    static final int CHART_HEIGHT = 120;
    static final int BAR_WIDTH = 18;

    private final MerchantApplications merchants;
    private final PaymentStatistics statistics;
    private final LiveApprovals approvals;
    private final Clock clock;

    DashboardController(
            MerchantApplications merchants, PaymentStatistics statistics, LiveApprovals approvals, Clock clock) {
        this.merchants = merchants;
        this.statistics = statistics;
        this.approvals = approvals;
        this.clock = clock;
    }

    /** One bar of the chart, already in SVG coordinates. */
    record Bar(int x, int y, int height, LocalDate day, BigDecimal collected) {}

    @GetMapping("/portal/dashboard")
    ModelAndView dashboard(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "sandbox") String environment,
            @ModelAttribute("zone") ZoneId zone) {
        Environment env = Environment.fromValue(environment).orElse(Environment.SANDBOX);
        Set<ApplicationId> apps = merchants.applicationsOf(user.merchantId()).stream()
                .map(ApplicationSummary::id)
                .collect(Collectors.toSet());
        // "Today" and the chart's days are the merchant's days, in its time zone.
        LocalDate localToday = LocalDate.ofInstant(clock.instant(), zone);
        var days = statistics.dailyCollected(apps, env, localToday.minusDays(29), localToday, zone);
        BigDecimal max = days.stream().map(PaymentStatistics.Day::collected).reduce(BigDecimal.ZERO, BigDecimal::max);
        List<Bar> bars = bars(days, max);
        PeriodFigures today = PeriodFigures.of(
                statistics.summary(apps, env, localToday.atStartOfDay(zone).toInstant()));
        PeriodFigures month = PeriodFigures.of(statistics.summary(
                apps, env, localToday.minusDays(29).atStartOfDay(zone).toInstant()));
        List<PaymentStatistics.Day> collectedDays = days.stream()
                .filter(day -> day.collected().signum() > 0)
                .toList()
                .reversed();
        return new ModelAndView("portal/dashboard")
                .addObject("user", user)
                .addObject("environment", env.value())
                .addObject("today", today)
                .addObject("month", month)
                // Everything of the last 30 days happened today (a first day): one card, not two alike.
                .addObject("onlyToday", today.equals(month))
                .addObject("bars", bars)
                .addObject("chartWidth", days.size() * (BAR_WIDTH + 4))
                .addObject("chartHeight", CHART_HEIGHT)
                .addObject("barWidth", BAR_WIDTH)
                .addObject("chartMax", max)
                .addObject("firstDay", days.getFirst().date())
                .addObject("middleDay", days.get(days.size() / 2).date())
                .addObject("collectedDays", collectedDays)
                .addObject("providers", Provider.values())
                .addObject("suspension", approvals.suspension(user.merchantId()).orElse(null));
    }

    /** The chart's bars, each as tall as its day's collected amount against the highest day's. */
    private static List<Bar> bars(List<PaymentStatistics.Day> days, BigDecimal max) {
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < days.size(); i++) {
            var day = days.get(i);
            int height = max.signum() == 0
                    ? 0
                    : day.collected()
                            .multiply(BigDecimal.valueOf(CHART_HEIGHT))
                            .divide(max, 0, RoundingMode.HALF_UP)
                            .intValue();
            bars.add(new Bar(i * (BAR_WIDTH + 4), CHART_HEIGHT - height, height, day.date(), day.collected()));
        }
        return bars;
    }
}
