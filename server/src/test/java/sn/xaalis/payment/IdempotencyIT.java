package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

@IntegrationTest
class IdempotencyIT extends ApiIntegrationTest {

    private static final String BODY = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"metadata\":{\"order\":7}}";

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void sameKeyAndBodyReplaysTheFirstResponse() {
        Api.Response first = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "order-7"));
        Api.Response second = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "order-7"));

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(paymentCount()).isEqualTo(1);
    }

    @Test
    void aStoredAnswerIsReplayedEvenWhenTheSameRequestWouldNowBeRefused() {
        Api.Response first = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "before-change"));
        api.admin("PATCH", "/applications/" + merchant.applicationId(), "{\"providers\":[\"MOBILEMONEY_SN\"]}");

        Api.Response replay = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "before-change"));
        Api.Response fresh = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "after-change"));

        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(fresh.status()).isEqualTo(400);
        assertThat(paymentCount()).isEqualTo(1);
    }

    @Test
    void sameKeyWithAnotherBodyIs422() {
        api.initiate(merchant, BODY, Map.of("Idempotency-Key", "k1"));
        Api.Response other = api.initiate(merchant, BODY.replace("1500", "1600"), Map.of("Idempotency-Key", "k1"));
        assertThat(other.status()).isEqualTo(422);
        sn.xaalis.support.ApiAssertions.assertErrorBody(other.json(), 422, "Unprocessable Content");
        assertThat(paymentCount()).isEqualTo(1);
    }

    @Test
    void keysArePerApplication() {
        Api.Merchant other = api.onboardBoth();
        api.initiate(merchant, BODY, Map.of("Idempotency-Key", "shared"));
        Api.Response response = api.initiate(other, BODY, Map.of("Idempotency-Key", "shared"));
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void invalidKeysAreRefused() {
        assertThat(api.initiate(merchant, BODY, Map.of("Idempotency-Key", "x".repeat(256)))
                        .status())
                .isEqualTo(400);
        assertThat(api.initiate(merchant, BODY, Map.of("Idempotency-Key", "x".repeat(255)))
                        .status())
                .isEqualTo(201);
    }

    @Test
    void aFailedRequestLeavesNoRecordBehind() {
        Api.Response invalid =
                api.initiate(merchant, "{\"provider\":\"WALLET_SN\"}", Map.of("Idempotency-Key", "retry-me"));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(api.initiate(merchant, BODY, Map.of("Idempotency-Key", "retry-me"))
                        .status())
                .isEqualTo(201);
    }

    @Test
    void keysExpireAfter24Hours() {
        api.initiate(merchant, BODY, Map.of("Idempotency-Key", "daily"));
        clock.advance(Duration.ofHours(24).plusSeconds(1));
        Api.Response later = api.initiate(merchant, BODY, Map.of("Idempotency-Key", "daily"));
        assertThat(later.status()).isEqualTo(201);
        assertThat(later.header("Idempotent-Replayed")).isNull();
        assertThat(paymentCount()).isEqualTo(2);
    }

    @Test
    void expiredRecordsArePurged() {
        api.initiate(merchant, BODY, Map.of("Idempotency-Key", "old"));
        clock.advance(Duration.ofHours(25));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (records() > 0 && System.nanoTime() < deadline) {
            sleep(50);
        }
        assertThat(records()).isZero();
    }

    private long records() {
        return jdbc.sql("SELECT COUNT(*) FROM idempotency_records WHERE application_id = CAST(:app AS UUID)")
                .param("app", merchant.applicationId())
                .query(Long.class)
                .single();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void concurrentDuplicatesCreateExactlyOnePayment() throws Exception {
        int clients = 16;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Api.Response>> futures = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            futures.add(pool.submit(() -> {
                start.await();
                return api.initiate(merchant, BODY, Map.of("Idempotency-Key", "race"));
            }));
        }
        start.countDown();
        List<Api.Response> responses = new ArrayList<>();
        for (Future<Api.Response> future : futures) {
            responses.add(future.get());
        }
        pool.shutdown();

        assertThat(paymentCount()).isEqualTo(1);
        List<Api.Response> created =
                responses.stream().filter(r -> r.status() == 201).toList();
        assertThat(created).isNotEmpty();
        assertThat(created.stream().map(Api.Response::body).distinct()).hasSize(1);
        assertThat(responses).allSatisfy(r -> assertThat(r.status()).isIn(201, 409));
        assertThat(responses.stream().filter(r -> r.status() == 201 && r.header("Idempotent-Replayed") == null))
                .hasSize(1);
    }

    private long paymentCount() {
        return jdbc.sql("SELECT COUNT(*) FROM payments WHERE application_id = CAST(:app AS UUID)")
                .param("app", merchant.applicationId())
                .query(Long.class)
                .single();
    }
}
