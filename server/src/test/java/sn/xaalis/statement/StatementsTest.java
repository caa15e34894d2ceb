package sn.xaalis.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * The statement's arithmetic on random histories: the opening plus the movements is the closing, two
 * adjacent periods chain (the first's closing is the second's opening) and add up to the period that
 * covers both, whatever days the closing job ran on and whatever the merchant's time zone; the running
 * balance of the last line of the last page is the closing.
 */
class StatementsTest {

    private static final MerchantAccount ACCOUNT =
            new MerchantAccount(new ApplicationId(UUID.randomUUID()), Environment.LIVE, "XOF");
    private static final LocalDate FIRST = LocalDate.of(2026, 1, 1);
    private static final List<ZoneId> ZONES = List.of(
            ZoneId.of("Africa/Dakar"),
            ZoneId.of("Europe/Paris"),
            ZoneId.of("America/New_York"),
            ZoneId.of("Asia/Tokyo"));
    private static final List<String> TYPES =
            List.of("payment", "refund", "settlement", "settlement_reversal", "adjustment");

    record Step(String type, long minutes, long amount, long fee) {}

    @Provide
    Arbitrary<List<Step>> histories() {
        Arbitrary<Step> step = Combinators.combine(
                        Arbitraries.of(TYPES),
                        Arbitraries.longs().between(0, 90L * 24 * 60),
                        Arbitraries.longs().between(1, 500_000),
                        Arbitraries.longs().between(0, 5_000))
                .as(Step::new);
        return step.list().ofMaxSize(60);
    }

    private static Movement movement(Step step, int n) {
        BigDecimal amount = BigDecimal.valueOf(step.amount()).setScale(2);
        BigDecimal fee = BigDecimal.valueOf(Math.min(step.fee(), step.amount())).setScale(2);
        boolean credit = step.type().equals("payment")
                || step.type().equals("settlement_reversal")
                || (step.type().equals("adjustment") && n % 2 == 0);
        BigDecimal signed = credit ? amount : amount.negate();
        BigDecimal net = step.type().equals("payment") ? signed.subtract(fee) : signed;
        return new Movement(
                new UUID(0, n),
                step.type(),
                signed,
                step.type().equals("payment") ? fee : BigDecimal.ZERO.setScale(2),
                net,
                "SVC-" + n,
                FIRST.atStartOfDay(ZoneId.of("UTC")).toInstant().plus(Duration.ofMinutes(step.minutes())));
    }

    private static InMemorySource source(List<Step> history, List<Integer> closingRuns) {
        InMemorySource source = new InMemorySource(ACCOUNT);
        for (int i = 0; i < history.size(); i++) {
            source.add(movement(history.get(i), i));
        }
        StatementClosings job = new StatementClosings(
                source,
                new StatementProperties(Duration.ofHours(2), Duration.ofMinutes(15), Duration.ofMinutes(15), 50),
                java.time.Clock.systemUTC());
        // The job ran at these hours (after the whole history was written: a closing counts the past).
        for (int hour : closingRuns.stream().sorted().toList()) {
            job.close(ACCOUNT, FIRST.atStartOfDay(ZoneId.of("UTC")).toInstant().plus(Duration.ofHours(hour)));
        }
        return source;
    }

    private static BigDecimal everythingBefore(InMemorySource source, Instant at) {
        return source.movements.stream()
                .filter(m -> m.createdAt().isBefore(at))
                .map(Movement::net)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    @Property(tries = 300)
    void adjacentPeriodsChainAndAddUp(
            @ForAll("histories") List<Step> history,
            @ForAll List<@IntRange(min = 0, max = 100 * 24) Integer> closingRuns,
            @ForAll @IntRange(min = 0, max = 95) int a,
            @ForAll @IntRange(min = 0, max = 40) int ab,
            @ForAll @IntRange(min = 0, max = 40) int bc,
            @ForAll @IntRange(min = 0, max = 3) int zoneIndex) {
        InMemorySource source = source(history, closingRuns);
        Statements statements = new Statements(source);
        ZoneId zone = ZONES.get(zoneIndex);
        LocalDate dayA = FIRST.minusDays(3).plusDays(a);
        LocalDate dayB = dayA.plusDays(ab);
        LocalDate dayC = dayB.plusDays(1 + bc);

        Statement first = statements.statement(ACCOUNT, new Period(dayA, dayB, zone));
        Statement second = statements.statement(ACCOUNT, new Period(dayB.plusDays(1), dayC, zone));
        Statement whole = statements.statement(ACCOUNT, new Period(dayA, dayC, zone));

        // The opening is the whole past, however much of it the closings summed up.
        assertThat(first.opening())
                .isEqualByComparingTo(everythingBefore(source, first.period().start()));
        assertThat(whole.closing())
                .isEqualByComparingTo(everythingBefore(source, whole.period().end()));
        // Opening plus movements is the closing; the periods chain and add up.
        assertThat(first.closing()).isEqualByComparingTo(first.opening().add(first.net()));
        assertThat(second.opening()).isEqualByComparingTo(first.closing());
        assertThat(whole.opening()).isEqualByComparingTo(first.opening());
        assertThat(whole.closing()).isEqualByComparingTo(second.closing());
        assertThat(whole.count()).isEqualTo(first.count() + second.count());
        assertThat(whole.fees()).isEqualByComparingTo(first.fees().add(second.fees()));

        // Reading the whole period in pages of 7: the running balance ends on the closing.
        List<Statements.Line> lines = new ArrayList<>();
        PaymentFilter.Position after = null;
        do {
            Statements.Page page = statements.page(ACCOUNT, whole.period(), after, 7);
            lines.addAll(page.lines());
            after = page.next();
        } while (after != null);
        assertThat(lines).hasSize((int) whole.count());
        BigDecimal running = whole.opening();
        for (Statements.Line line : lines) {
            running = running.add(line.movement().net());
            assertThat(line.balance()).isEqualByComparingTo(running);
        }
        assertThat(running).isEqualByComparingTo(whole.closing());
        // The download's lines are the pages' lines.
        List<Statements.Line> streamed = new ArrayList<>();
        statements.each(ACCOUNT, whole, streamed::add);
        assertThat(streamed).isEqualTo(lines);
    }

    @Test
    void aClosingIsWrittenOnceADayHasEndedAndItsPostingsCommitted() {
        InMemorySource source = source(List.of(new Step("payment", 60, 1000, 10)), List.of());
        StatementClosings job = new StatementClosings(
                source,
                new StatementProperties(Duration.ofHours(2), Duration.ofMinutes(15), Duration.ofMinutes(15), 50),
                java.time.Clock.systemUTC());
        Instant midnight = FIRST.plusDays(1).atStartOfDay(ZoneId.of("UTC")).toInstant();
        // An hour after midnight the day is not closed yet: a posting begun before midnight may commit still.
        assertThat(job.close(ACCOUNT, midnight.plus(Duration.ofHours(1)))).isFalse();
        assertThat(job.close(ACCOUNT, midnight.plus(Duration.ofHours(2)))).isTrue();
        assertThat(source.closings.get(FIRST).balance()).isEqualByComparingTo("990");
        // Twice, or on another node: nothing more.
        assertThat(job.close(ACCOUNT, midnight.plus(Duration.ofHours(3)))).isFalse();
        assertThat(source.closings).hasSize(1);
        // Days without movement write no row.
        assertThat(job.close(ACCOUNT, midnight.plus(Duration.ofDays(5)))).isFalse();
        assertThat(source.closings).hasSize(1);
    }

    @Test
    void theOpeningReadsOnlyTheMovementsSinceTheLastClosing() {
        List<Step> history = new ArrayList<>();
        for (int day = 0; day < 30; day++) {
            history.add(new Step("payment", day * 24L * 60 + 600, 1000, 0));
        }
        InMemorySource source = source(history, List.of(20 * 24 + 3));
        Statements statements = new Statements(source);
        Instant at = FIRST.plusDays(25).atStartOfDay(ZoneId.of("UTC")).toInstant();
        source.sums = 0;
        assertThat(statements.balanceAt(ACCOUNT, at)).isEqualByComparingTo("25000");
        // One sum, from the end of day 19's closing: 5 movements rather than 25.
        assertThat(source.sums).isEqualTo(1);
        assertThat(source.lastClosing(ACCOUNT, LocalDate.MAX).orElseThrow().movements())
                .isEqualTo(20);
    }

    @Test
    void aPeriodIsTheMerchantsDays() {
        Period november = Period.month(java.time.YearMonth.of(2026, 11), ZoneId.of("Europe/Paris"));
        assertThat(november.start()).isEqualTo(Instant.parse("2026-10-31T23:00:00Z"));
        assertThat(november.end()).isEqualTo(Instant.parse("2026-11-30T23:00:00Z"));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new Period(LocalDate.of(2026, 2, 1), LocalDate.of(2026, 1, 31), ZoneId.of("UTC")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
