package sn.xaalis.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import sn.xaalis.support.Api;
import sn.xaalis.support.WebhookReceiver;

/**
 * Merchants' clients under faults: each client initiates sandbox payments with an Idempotency-Key,
 * then drives each one to an outcome (the simulation API, sometimes two conflicting outcomes at
 * once on two nodes, or a magic phone that the server resolves itself, D13). Every request that gets
 * no answer, or a 5xx, is sent again with the same key (to the next node, when there are several)
 * until it is answered, as a well-behaved client would. Everything clients saw is kept for the
 * invariant checks.
 */
final class MixedLoad implements AutoCloseable {

    static final String[] OUTCOMES = {"SUCCESS", "FAILED", "CANCELLED", "EXPIRED"};
    static final Map<String, String> MAGIC_PHONES =
            Map.of("+221700000001", "SUCCESS", "+221700000002", "FAILED", "+221700000003", "CANCELLED");
    private static final List<String> MAGIC = List.of("+221700000001", "+221700000002", "+221700000003");
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration GIVE_UP_AFTER = Duration.ofSeconds(75);

    /**
     * One HTTP exchange as the client saw it; {@code status} 0 means no answer. {@code retryAfter} is
     * the Retry-After header, or null.
     */
    record Observation(String what, long startNanos, long endNanos, int status, String body, String retryAfter) {
        long millis() {
            return (endNanos - startNanos) / 1_000_000;
        }
    }

    private final Api.Merchant merchant;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final int clients;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Future<?>> running = new ArrayList<>();
    private final AtomicInteger sequence = new AtomicInteger();
    private volatile List<String> bases;
    private volatile boolean stopping;

    // What clients saw, for the checks.
    final Set<String> keysSent = ConcurrentHashMap.newKeySet();
    final Map<String, String> createdByKey = new ConcurrentHashMap<>();
    /** Reference → the outcomes a simulation request was answered 200 for (more than one is a bug). */
    final Map<String, List<String>> appliedOutcomes = new ConcurrentHashMap<>();
    /** Reference → the status a magic phone must lead to. */
    final Map<String, String> magicExpected = new ConcurrentHashMap<>();

    final AtomicInteger conflictingPairs = new AtomicInteger();
    final AtomicLong requests = new AtomicLong();
    final AtomicLong noAnswer = new AtomicLong();
    final AtomicLong serverErrors = new AtomicLong();
    final AtomicLong replayed = new AtomicLong();
    final AtomicLong refused409 = new AtomicLong();
    final List<Observation> observations = new CopyOnWriteArrayList<>();
    final List<String> unexpected = new CopyOnWriteArrayList<>();

    /**
     * A merchant whose receiver refuses the first attempt of one notification in five with
     * {@code refusal}, so that retries are part of every fault test's load.
     */
    static Api.Merchant merchantWithFlakyReceiver(Api api, WebhookReceiver receiver, int refusal) {
        Api.Merchant merchant = api.onboardBoth();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        receiver.acceptingSecrets(merchant.apiSecret()).respondWith(r -> {
            String id = Api.JSON.readTree(r.body()).get("id").stringValue();
            return seen.add(id) && Math.floorMod(id.hashCode(), 5) == 0 ? refusal : 200;
        });
        api.setWebhook(merchant, receiver.url("/hooks"));
        return merchant;
    }

    MixedLoad(Api.Merchant merchant, List<String> bases, int clients) {
        this.merchant = merchant;
        this.bases = List.copyOf(bases);
        this.clients = clients;
    }

    /** The nodes requests go to (a restarted node has a new port; a dead one may stay listed). */
    void targets(List<String> bases) {
        this.bases = List.copyOf(bases);
    }

    void start() {
        for (int c = 0; c < clients; c++) {
            running.add(pool.submit(this::client));
        }
    }

    int paymentsStarted() {
        return sequence.get();
    }

    /** Stops starting new payments and waits until every started one has its final answers. */
    void finish(Duration timeout) throws Exception {
        stopping = true;
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Future<?> client : running) {
            long left = deadline - System.nanoTime();
            try {
                client.get(Math.max(1, left), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("clients did not get answers to every request within " + timeout + " ("
                        + noAnswer.get() + " unanswered attempts so far)");
            }
        }
    }

    private void client() {
        while (!stopping) {
            int i = sequence.getAndIncrement();
            payment(i);
        }
    }

    private void payment(int i) {
        String key = "fault-" + run + "-" + i;
        keysSent.add(key);
        String phone = i % 4 == 3 ? MAGIC.get((i / 4) % MAGIC.size()) : "+221771234567";
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"customer_phone\":\"" + phone
                + "\",\"metadata\":{\"key\":\"" + key + "\"}}";
        Observation created = untilAnswered("initiate", i, "/payments/initiate/", body, key, Set.of(201));
        if (created == null) {
            return;
        }
        String reference = Api.JSON.readTree(created.body()).get("reference").stringValue();
        createdByKey.put(key, reference);
        if (MAGIC_PHONES.containsKey(phone)) {
            magicExpected.put(reference, MAGIC_PHONES.get(phone));
            return;
        }
        String path = "/sandbox/payments/" + reference + "/simulate";
        String outcome = OUTCOMES[i % OUTCOMES.length];
        if (i % 5 == 0) {
            // Two different outcomes asked at once (of two nodes when there are several): one wins.
            conflictingPairs.incrementAndGet();
            String other = OUTCOMES[(i + 1) % OUTCOMES.length];
            Future<Observation> second = pool.submit(() -> untilAnswered(
                    "simulate", i + 1, path, "{\"outcome\":\"" + other + "\"}", key + "-b", Set.of(200, 409)));
            simulated(
                    reference,
                    outcome,
                    untilAnswered(
                            "simulate", i, path, "{\"outcome\":\"" + outcome + "\"}", key + "-a", Set.of(200, 409)));
            try {
                simulated(reference, other, second.get());
            } catch (Exception e) {
                unexpected.add("conflicting simulation failed: " + e);
            }
        } else {
            simulated(
                    reference,
                    outcome,
                    untilAnswered(
                            "simulate", i, path, "{\"outcome\":\"" + outcome + "\"}", key + "-s", Set.of(200, 409)));
        }
    }

    private void simulated(String reference, String outcome, Observation answer) {
        if (answer == null) {
            return;
        }
        if (answer.status() == 200) {
            appliedOutcomes
                    .computeIfAbsent(reference, r -> new CopyOnWriteArrayList<>())
                    .add(outcome);
        } else {
            refused409.incrementAndGet();
        }
    }

    /** Sends until a final answer; unanswered attempts and 5xx are retried with the same key. */
    private Observation untilAnswered(
            String what, int spread, String path, String body, String key, Set<Integer> expected) {
        long giveUp = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        for (int attempt = 0; System.nanoTime() < giveUp; attempt++) {
            List<String> nodes = bases;
            String base = nodes.get(Math.floorMod(spread + attempt, nodes.size()));
            Observation answer = send(what, base, path, body, key);
            if (answer.status() != 0 && answer.status() < 500 && answer.status() != 409) {
                if (!expected.contains(answer.status())) {
                    unexpected.add(what + " " + key + " answered " + answer.status() + ": " + answer.body());
                    return null;
                }
                return answer;
            }
            // 409 for a key still being processed (our earlier attempt, given up on by the client
            // but still running on the server) asks for a retry; any other 409 is an answer.
            if (answer.status() == 409
                    && expected.contains(409)
                    && !answer.body().contains("still being processed")) {
                return answer;
            }
            pause(attempt == 0 ? 100 : 250);
        }
        unexpected.add(what + " " + key + " never answered within " + GIVE_UP_AFTER);
        return null;
    }

    private Observation send(String what, String base, String path, String body, String key) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/" + merchant.endpointKey() + path))
                .timeout(REQUEST_TIMEOUT)
                .header("X-Api-Key", merchant.apiKey())
                .header("X-Api-Secret", merchant.apiSecret())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        requests.incrementAndGet();
        long start = System.nanoTime();
        Observation observation;
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            observation = new Observation(
                    what,
                    start,
                    System.nanoTime(),
                    response.statusCode(),
                    response.body(),
                    response.headers().firstValue("Retry-After").orElse(null));
            if (response.headers().firstValue("Idempotent-Replayed").isPresent()) {
                replayed.incrementAndGet();
            }
            if (response.statusCode() >= 500) {
                serverErrors.incrementAndGet();
            }
        } catch (IOException e) {
            noAnswer.incrementAndGet();
            observation = new Observation(what, start, System.nanoTime(), 0, e.toString(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            observation = new Observation(what, start, System.nanoTime(), 0, "interrupted", null);
        }
        observations.add(observation);
        return observation;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopping = true;
        pool.shutdownNow();
        http.close();
    }
}
