package sn.xaalis.payment;

import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The cost of parsing an amount exactly (D2); in the payment package because the parser is internal. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AmountsBenchmark {

    private static final BigDecimal MAX = new BigDecimal("100000000.00");

    @Benchmark
    public Object quotedDecimal() {
        return Amounts.parse("1500.50", true, MAX, false);
    }

    @Benchmark
    public Object wholeNumber() {
        return Amounts.parse("25000", false, MAX, true);
    }
}
