package sn.xaalis.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import sn.xaalis.webhook.WebhookSigner;

/** The cost of signing one notification (SPEC §6.3), with one secret and during a rotation (two). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SignatureBenchmark {

    private static final byte[] BODY = ("{\"id\":\"SVC-AB12CD34:SUCCESS\",\"event\":\"transaction.success\","
                    + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                    + "\"transaction_uuid\":\"01934a5e-7c1a-7b3e-9f00-0123456789ab\",\"reference\":\"SVC-AB12CD34\","
                    + "\"provider\":\"WALLET_SN\",\"environment\":\"sandbox\",\"amount\":\"1500.00\",\"currency\":\"XOF\","
                    + "\"status\":\"SUCCESS\",\"provider_reference\":\"sbx_0123456789ab\","
                    + "\"paid_at\":\"2026-11-22T08:42:44.000000Z\",\"expired_at\":null,\"error_message\":null,"
                    + "\"metadata\":{\"order_id\":\"o-42\"}}}")
            .getBytes(StandardCharsets.UTF_8);
    private static final List<String> ONE = List.of("sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD");
    private static final List<String> TWO = List.of(ONE.getFirst(), "sk_test_ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcd");

    private long t = 1_795_336_965L;

    @Benchmark
    public String oneSecret() {
        return WebhookSigner.header(t++, BODY, ONE);
    }

    @Benchmark
    public String rotation() {
        return WebhookSigner.header(t++, BODY, TWO);
    }
}
