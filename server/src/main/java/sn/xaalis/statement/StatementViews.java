package sn.xaalis.statement;

import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.util.UriComponentsBuilder;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.payment.DirectCollections;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.platform.Environment;

/**
 * What the statement's pages show, for the merchant in the portal and for the operator in the console
 * alike: the period chosen, the statement's figures, a page of its movements, the payments collected on
 * the application's own connections.
 */
@Component
class StatementViews {

    /** The payments collected directly that a page lists; the download has them all. */
    static final int DIRECT_SHOWN = 100;
    /** The movements the printable page lists; the download has them all. */
    static final int PRINTED = 1000;

    private final Statements statements;
    private final DirectCollections direct;
    private final PaymentProperties payments;
    private final StatementProperties properties;
    private final Clock clock;

    StatementViews(
            Statements statements,
            DirectCollections direct,
            PaymentProperties payments,
            StatementProperties properties,
            Clock clock) {
        this.statements = statements;
        this.direct = direct;
        this.payments = payments;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * The period and environment asked for: {@code this-month} (the default), {@code last-month}, or
     * {@code custom} with both days; a custom period that cannot be read is this month, with its error.
     */
    record Choice(String kind, Period period, Environment environment, @Nullable String error) {

        /** The query string that asks for the same statement again, for links and the download. */
        public String query() {
            var uri = UriComponentsBuilder.newInstance()
                    .queryParam("env", environment.value())
                    .queryParam("period", kind);
            if (kind.equals("custom")) {
                uri.queryParam("from", period.from()).queryParam("to", period.to());
            }
            return uri.build().encode().toUriString();
        }
    }

    Choice choose(ApplicationDetails app, String kind, String from, String to, String env, ZoneId zone) {
        Environment environment =
                Environment.fromValue(env).orElse(app.liveEnabled() ? Environment.LIVE : Environment.SANDBOX);
        YearMonth month = YearMonth.from(LocalDate.ofInstant(clock.instant(), zone));
        Period thisMonth = Period.month(month, zone);
        return switch (kind) {
            case "last-month" -> new Choice(kind, Period.month(month.minusMonths(1), zone), environment, null);
            case "custom" -> {
                try {
                    yield new Choice(
                            kind,
                            new Period(LocalDate.parse(from.strip()), LocalDate.parse(to.strip()), zone),
                            environment,
                            null);
                } catch (DateTimeParseException | IllegalArgumentException unreadable) {
                    yield new Choice("this-month", thisMonth, environment, "statement.error.period");
                }
            }
            default -> new Choice("this-month", thisMonth, environment, null);
        };
    }

    MerchantAccount account(ApplicationDetails app, Environment environment) {
        // The installation's first currency, as the balance API's: XOF unless the operator allows others.
        return new MerchantAccount(app.id(), environment, payments.currencies().getFirst());
    }

    /** The page: the figures, one page of movements (after {@code cursor}), the direct collections. */
    ModelAndView page(
            String template,
            ApplicationDetails app,
            Choice choice,
            @Nullable String cursor,
            String base,
            int movements) {
        MerchantAccount account = account(app, choice.environment());
        Statement statement = statements.statement(account, choice.period());
        PaymentFilter.@Nullable Position after =
                cursor == null ? null : PaymentFilter.Position.parse(cursor).orElse(null);
        Statements.Page page = statements.page(account, choice.period(), after, movements);
        var period = choice.period();
        var directTotal =
                direct.total(app.id(), choice.environment(), account.currency(), period.start(), period.end());
        List<DirectCollections.Collected> directShown = directTotal.count() == 0
                ? List.of()
                : direct.list(
                        app.id(), choice.environment(), account.currency(), period.start(), period.end(), DIRECT_SHOWN);
        return new ModelAndView(template)
                .addObject("app", app)
                .addObject("choice", choice)
                .addObject("period", period)
                .addObject("zone", period.zone())
                .addObject("statement", statement)
                .addObject("currency", account.currency())
                .addObject("lines", page.lines())
                .addObject("next", page.next() == null ? null : page.next().cursor())
                .addObject("paged", after != null)
                .addObject("directTotal", directTotal)
                .addObject("direct", directShown)
                .addObject("base", base)
                .addObject("query", choice.query());
    }

    int pageSize() {
        return properties.pageSize();
    }
}
