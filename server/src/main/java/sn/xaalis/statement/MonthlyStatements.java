package sn.xaalis.statement;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantMembers;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.merchant.MerchantRole;
import sn.xaalis.pages.Formats;
import sn.xaalis.payment.DirectCollections;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.PublicBaseUrl;

/**
 * E-mails each application's owners the statement of its live money for the month just ended (Dakar's
 * calendar; the period itself in the merchant's time zone, sent once it has ended there), with its
 * totals and a link to the portal's statement. Exactly once per application and month, on any number
 * of nodes and passes: the e-mails are written in the transaction that inserts the application's row
 * for the month, whose key lets one transaction in (on PostgreSQL a second one waits for the first's
 * commit and then inserts nothing). An application with nothing to tell (no balance, no movement, no
 * direct collection) gets its row and no e-mail.
 */
@Component
class MonthlyStatements {

    private static final Logger log = LoggerFactory.getLogger(MonthlyStatements.class);
    static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");
    /** Time for the payments started before the period's end to commit. */
    private static final Duration MARGIN = Duration.ofMinutes(10);

    private final StatementSource source;
    private final Statements statements;
    private final DirectCollections direct;
    private final MerchantApplications applications;
    private final MerchantMembers members;
    private final MerchantPreferences preferences;
    private final MonthlyMail mail;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;

    MonthlyStatements(
            StatementSource source,
            Statements statements,
            DirectCollections direct,
            MerchantApplications applications,
            MerchantMembers members,
            MerchantPreferences preferences,
            MonthlyMail mail,
            JdbcClient jdbc,
            TransactionTemplate transactions,
            Clock clock) {
        this.source = source;
        this.statements = statements;
        this.direct = direct;
        this.applications = applications;
        this.members = members;
        this.preferences = preferences;
        this.mail = mail;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob monthlyStatementsJob(MonthlyStatements monthly, StatementProperties properties) {
        return PeriodicJob.every(properties.monthlyInterval(), "monthly-statements", monthly::sendDue);
    }

    /** One pass: how many applications' statements of last month it e-mailed. */
    int sendDue() {
        Instant now = clock.instant();
        YearMonth month = YearMonth.from(LocalDate.ofInstant(now, DAKAR)).minusMonths(1);
        Set<ApplicationId> done = mailed(month);
        // A day either side of the month covers every merchant's time zone.
        Instant wideFrom = month.atDay(1).minusDays(1).atStartOfDay(DAKAR).toInstant();
        Instant wideTo = month.atEndOfMonth().plusDays(2).atStartOfDay(DAKAR).toInstant();
        Set<ApplicationId> candidates = new TreeSet<>(java.util.Comparator.comparing(ApplicationId::value));
        source.accounts().stream()
                .filter(a -> a.environment() == Environment.LIVE)
                .map(MerchantAccount::applicationId)
                .forEach(candidates::add);
        candidates.addAll(direct.applications(Environment.LIVE, wideFrom, wideTo));
        candidates.removeAll(done);
        int sent = 0;
        for (ApplicationId id : candidates) {
            try {
                if (send(id, month, now)) {
                    sent++;
                }
            } catch (DataIntegrityViolationException anotherNode) {
                // H2: another node's transaction inserted the month's row first; it sends.
            } catch (RuntimeException e) {
                log.warn(
                        "The monthly statement of application {} failed, the next pass tries again: {}",
                        id,
                        e.toString());
            }
        }
        return sent;
    }

    private Set<ApplicationId> mailed(YearMonth month) {
        return new LinkedHashSet<>(jdbc.sql("SELECT application_id FROM statement_mailings WHERE for_month = :month")
                .param("month", java.sql.Date.valueOf(month.atDay(1)))
                .query((rs, n) -> ApplicationId.from(rs, "application_id"))
                .list());
    }

    /** The application's statement of {@code month}, if its month has ended where the merchant lives. */
    boolean send(ApplicationId id, YearMonth month, Instant now) {
        ApplicationDetails app = applications.operatorDetails(id);
        ZoneId zone = preferences.timeZone(app.merchantId());
        Period period = Period.month(month, zone);
        if (now.isBefore(period.end().plus(MARGIN))) {
            return false;
        }
        Boolean sent = transactions.execute(tx -> {
            int inserted = jdbc.sql("INSERT INTO statement_mailings (application_id, for_month, recipients, sent_at)"
                            + " VALUES (:app, :month, 0, :now) ON CONFLICT DO NOTHING")
                    .param("app", id.value())
                    .param("month", java.sql.Date.valueOf(month.atDay(1)))
                    .param("now", sn.xaalis.platform.Timestamps.toDatabase(now))
                    .update();
            if (inserted != 1) {
                return false;
            }
            MerchantAccount account = new MerchantAccount(id, Environment.LIVE, mail.currency());
            Statement statement = statements.statement(account, period);
            var collected = direct.total(id, Environment.LIVE, account.currency(), period.start(), period.end());
            if (statement.count() == 0 && statement.opening().signum() == 0 && collected.count() == 0) {
                return false;
            }
            List<String> owners = owners(app);
            for (String owner : owners) {
                mail.enqueue(owner, app, month, statement, collected);
            }
            jdbc.sql("UPDATE statement_mailings SET recipients = :n WHERE application_id = :app AND for_month = :month")
                    .param("n", owners.size())
                    .param("app", id.value())
                    .param("month", java.sql.Date.valueOf(month.atDay(1)))
                    .update();
            return !owners.isEmpty();
        });
        return Boolean.TRUE.equals(sent);
    }

    /** The account's holder and every owner who joined the team. */
    private List<String> owners(ApplicationDetails app) {
        Set<String> emails = new LinkedHashSet<>();
        emails.add(members.holder(app.merchantId()).email());
        members.team(app.merchantId()).stream()
                .filter(m -> m.active() && m.role() == MerchantRole.OWNER)
                .forEach(m -> emails.add(m.email()));
        return List.copyOf(emails);
    }

    /** The e-mail itself: French then English, as the merchant's language is not known. */
    @Component
    static class MonthlyMail {

        private final MailOutbox outbox;
        private final MessageSource messages;
        private final PublicBaseUrl baseUrl;
        private final sn.xaalis.payment.PaymentProperties payments;

        MonthlyMail(
                MailOutbox outbox,
                MessageSource messages,
                PublicBaseUrl baseUrl,
                sn.xaalis.payment.PaymentProperties payments) {
            this.outbox = outbox;
            this.messages = messages;
            this.baseUrl = baseUrl;
            this.payments = payments;
        }

        String currency() {
            return payments.currencies().getFirst();
        }

        void enqueue(
                String to,
                ApplicationDetails app,
                YearMonth month,
                Statement statement,
                DirectCollections.Total collected) {
            Period period = statement.period();
            String link = baseUrl.value() + "/portal/applications/" + app.id()
                    + "/statement?env=live&period=custom&from=" + period.from() + "&to=" + period.to();
            String subject = text("statement.mail.subject", Locale.FRENCH, month, app, statement, collected, link);
            String body = text("statement.mail.body", Locale.FRENCH, month, app, statement, collected, link)
                    + "\n\n— English —\n\n"
                    + text("statement.mail.body", Locale.ENGLISH, month, app, statement, collected, link);
            outbox.enqueue(new Mail(to, subject, body, "monthly-statement"));
        }

        private String text(
                String key,
                Locale locale,
                YearMonth month,
                ApplicationDetails app,
                Statement statement,
                DirectCollections.Total collected,
                String link) {
            String currency = statement.account().currency();
            Object[] args = {
                DateTimeFormatter.ofPattern("MMMM yyyy", locale).format(month),
                app.name(),
                Formats.amount(statement.opening(), currency, locale),
                statement.count(),
                Formats.amount(statement.fees(), currency, locale),
                Formats.amount(statement.closing(), currency, locale),
                Formats.amount(collected.amount(), currency, locale),
                link
            };
            return java.util.Objects.requireNonNullElse(messages.getMessage(key, args, key, locale), key);
        }
    }
}
