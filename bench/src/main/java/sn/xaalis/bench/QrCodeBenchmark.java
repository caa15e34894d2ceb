package sn.xaalis.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import sn.xaalis.qr.QrCodePng;

/** The cost of one payment's QR code: matrix, 1-bit PNG and base64, for a typical sandbox deep link. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class QrCodeBenchmark {

    private long counter;

    @Benchmark
    public String sandboxDeepLink() {
        // A different reference each time, as in production: nothing can be cached.
        String reference = "SVC-"
                + Long.toString(100_000_000L + (counter++ % 900_000_000L), 36).toUpperCase();
        return QrCodePng.base64("https://xaalis.example.sn/sandbox/checkout/" + reference + "?app=WALLET");
    }
}
