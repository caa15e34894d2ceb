package sn.xaalis.statement;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import sn.xaalis.ledger.LedgerHistory.MerchantAccount;
import sn.xaalis.ledger.LedgerHistory.Movement;
import sn.xaalis.ledger.LedgerHistory.Sum;
import sn.xaalis.ledger.LedgerHistory.TypeTotal;
import sn.xaalis.payment.PaymentFilter;

/** One merchant account's ledger and closings in memory, answering as the database does. */
final class InMemorySource implements StatementSource {

    private static final Comparator<Movement> ORDER =
            Comparator.comparing(Movement::createdAt).thenComparing(Movement::id);

    final MerchantAccount account;
    final List<Movement> movements = new ArrayList<>();
    final TreeMap<LocalDate, Closing> closings = new TreeMap<>();
    int sums;

    InMemorySource(MerchantAccount account) {
        this.account = account;
    }

    void add(Movement movement) {
        movements.add(movement);
        movements.sort(ORDER);
    }

    @Override
    public List<MerchantAccount> accounts() {
        return List.of(account);
    }

    @Override
    public Optional<Closing> lastClosing(MerchantAccount account, LocalDate day) {
        return Optional.ofNullable(closings.floorEntry(day)).map(java.util.Map.Entry::getValue);
    }

    @Override
    public void saveClosing(MerchantAccount account, Closing closing) {
        closings.putIfAbsent(closing.day(), closing);
    }

    private Sum sum(Predicate<Movement> which) {
        sums++;
        var chosen = movements.stream().filter(which).toList();
        return new Sum(chosen.size(), chosen.stream().map(Movement::net).reduce(BigDecimal.ZERO, BigDecimal::add));
    }

    @Override
    public Sum sum(MerchantAccount account, @Nullable Instant from, Instant to) {
        return sum(m ->
                (from == null || !m.createdAt().isBefore(from)) && m.createdAt().isBefore(to));
    }

    @Override
    public Sum sumBefore(MerchantAccount account, Instant from, PaymentFilter.Position before) {
        return sum(m -> !m.createdAt().isBefore(from) && before(m, before));
    }

    private static boolean before(Movement m, PaymentFilter.Position position) {
        int c = m.createdAt().compareTo(position.createdAt());
        return c < 0 || (c == 0 && m.id().compareTo(position.id()) < 0);
    }

    private List<Movement> in(Instant from, Instant to) {
        return movements.stream()
                .filter(m -> !m.createdAt().isBefore(from) && m.createdAt().isBefore(to))
                .toList();
    }

    @Override
    public List<TypeTotal> totals(MerchantAccount account, Instant from, Instant to) {
        TreeMap<String, TypeTotal> totals = new TreeMap<>();
        for (Movement m : in(from, to)) {
            totals.merge(
                    m.type(),
                    new TypeTotal(m.type(), 1, m.amount(), m.fee(), m.net()),
                    (a, b) -> new TypeTotal(
                            a.type(),
                            a.count() + b.count(),
                            a.amount().add(b.amount()),
                            a.fee().add(b.fee()),
                            a.net().add(b.net())));
        }
        return List.copyOf(totals.values());
    }

    @Override
    public List<Movement> movements(
            MerchantAccount account, Instant from, Instant to, PaymentFilter.@Nullable Position after, int limit) {
        return in(from, to).stream()
                .filter(m -> after == null
                        || before(
                                new Movement(
                                        after.id(),
                                        "",
                                        BigDecimal.ZERO,
                                        BigDecimal.ZERO,
                                        BigDecimal.ZERO,
                                        null,
                                        after.createdAt()),
                                m.position()))
                .limit(limit)
                .toList();
    }
}
