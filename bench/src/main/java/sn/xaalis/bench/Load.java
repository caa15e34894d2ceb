package sn.xaalis.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load tools of the benchmark harness (bench/run.py), where wrk cannot do the job: a webhook sink that
 * measures commit-to-delivery latency, constant-rate initiations, and payments driven to SUCCESS.
 *
 * <pre>
 * sink PORT [hang]                                   webhook sink; GET /stats, POST /reset
 * create BASE APPS N OUT                             N sandbox payments, references written to OUT
 * initiate-rate BASE APPS RATE SECONDS               open-model initiations at RATE/s, latency percentiles
 * sink-wait SINK EXPECTED START_MS                   waits for the sink to count EXPECTED deliveries
 * deliveries BASE APPS N SINK [RATE]                 N payments to SUCCESS (at RATE/s, or flat out), sink stats
 * </pre>
 *
 * APPS is a file of lines {@code endpoint_key api_key api_secret [hang]}.
 */
public final class Load {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .build();
    private static final Pattern PAID_AT = Pattern.compile("\"paid_at\":\"([^\"]+)\"");
    private static final Pattern REFERENCE = Pattern.compile("\"reference\":\"(SVC-[A-Z0-9]{8})\"");

    private Load() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "sink" -> sink(Integer.parseInt(args[1]), args.length > 2 && args[2].equals("hang"));
            case "create" -> create(args[1], apps(args[2]), Integer.parseInt(args[3]), Path.of(args[4]));
            case "initiate-rate" ->
                initiateRate(args[1], apps(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            case "sink-wait" -> sinkWait(args[1], Long.parseLong(args[2]), Long.parseLong(args[3]));
            case "deliveries" ->
                deliveries(
                        args[1],
                        apps(args[2]),
                        Integer.parseInt(args[3]),
                        args[4],
                        args.length > 5 ? Integer.parseInt(args[5]) : 0);
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        }
    }

    /** @param hanging whether this application's webhook URL is the hanging sink (M4) */
    record App(String endpointKey, String apiKey, String apiSecret, boolean hanging) {}

    static List<App> apps(String file) throws IOException {
        List<App> apps = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(file))) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 3) {
                apps.add(new App(parts[0], parts[1], parts[2], parts.length > 3 && parts[3].equals("hang")));
            }
        }
        return apps;
    }

    // ---- the sink

    private static final AtomicLong received = new AtomicLong();
    private static final ConcurrentLinkedQueue<Long> latenciesMicros = new ConcurrentLinkedQueue<>();
    private static volatile long firstAt;
    private static volatile long lastAt;

    static void sink(int port, boolean hang) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/hook", exchange -> hook(exchange, hang));
        server.createContext("/stats", Load::stats);
        // What a waiting harness polls: the count alone, without sorting every latency so far.
        server.createContext(
                "/count",
                exchange -> respond(
                        exchange, 200, "{\"received\":" + received.get() + ",\"last_at\":" + lastAt + "}"));
        server.createContext("/reset", exchange -> {
            received.set(0);
            latenciesMicros.clear();
            firstAt = 0;
            lastAt = 0;
            respond(exchange, 200, "{}");
        });
        server.start();
        System.out.println("sink listening on " + port + (hang ? " (hanging)" : ""));
    }

    private static void hook(HttpExchange exchange, boolean hang) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        long now = System.currentTimeMillis();
        if (hang) {
            try {
                Thread.sleep(Duration.ofMinutes(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        if (exchange.getRequestHeaders().getFirst("X-SVC-Signature") != null) {
            received.incrementAndGet();
            if (firstAt == 0) {
                firstAt = now;
            }
            lastAt = now;
            Matcher paid = PAID_AT.matcher(new String(body, StandardCharsets.UTF_8));
            if (paid.find()) {
                Instant paidAt = Instant.parse(paid.group(1));
                Instant at = Instant.now();
                latenciesMicros.add(Duration.between(paidAt, at).toNanos() / 1000);
            }
        }
        respond(exchange, 200, "");
    }

    private static void stats(HttpExchange exchange) throws IOException {
        long[] values =
                latenciesMicros.stream().mapToLong(Long::longValue).sorted().toArray();
        String json = "{\"received\":" + received.get() + ",\"first_at\":" + firstAt + ",\"last_at\":" + lastAt
                + ",\"latency_ms\":" + percentiles(values) + "}";
        respond(exchange, 200, json);
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    // ---- clients

    private static final AtomicLong counter = new AtomicLong(System.nanoTime() % 1_000_000_000L);

    /** One sandbox initiation with a fresh idempotency key and metadata, whichever client sends it. */
    record Initiation(String path, Map<String, String> headers, String body) {
        static Initiation next(App app) {
            long n = counter.incrementAndGet();
            String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"" + (1000 + n % 5000)
                    + "\",\"description\":\"bench\",\"metadata\":{\"order_id\":\"o-" + n
                    + "\",\"channel\":\"bench\"}}";
            return new Initiation(
                    "/api/v1/" + app.endpointKey() + "/payments/initiate/",
                    Map.of(
                            "X-Api-Key",
                            app.apiKey(),
                            "X-Api-Secret",
                            app.apiSecret(),
                            "Content-Type",
                            "application/json",
                            "Idempotency-Key",
                            "bench-" + n),
                    body);
        }

        /** A 201 with a PNG QR code, or an exception. */
        static String checked(int status, String body) throws IOException {
            if (status != 201 || !body.contains("\"qr_code\":\"iVBOR")) {
                throw new IOException("initiation answered " + status);
            }
            return body;
        }
    }

    static String initiate(String base, App app) throws IOException, InterruptedException {
        Initiation initiation = Initiation.next(app);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + initiation.path()))
                .POST(HttpRequest.BodyPublishers.ofString(initiation.body()));
        initiation.headers().forEach(request::header);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        Matcher m = REFERENCE.matcher(Initiation.checked(response.statusCode(), response.body()));
        if (!m.find()) {
            throw new IOException("no reference");
        }
        return m.group(1);
    }

    /** The same initiation through the lean client of the open-model run. */
    static void initiate(KeepAliveClient client, App app) throws IOException, InterruptedException {
        Initiation initiation = Initiation.next(app);
        KeepAliveClient.Response response = client.post(initiation.path(), initiation.headers(), initiation.body());
        Initiation.checked(response.status(), response.body());
    }

    static void create(String base, List<App> apps, int n, Path out) throws Exception {
        List<String> lines = parallel(n, 32, i -> {
            App app = apps.get(i % apps.size());
            return app.endpointKey() + " " + app.apiKey() + " " + app.apiSecret() + " " + initiate(base, app);
        });
        Files.write(out, lines);
        System.out.println("{\"created\":" + lines.size() + "}");
    }

    static void initiateRate(String base, List<App> apps, int rate, int seconds) throws Exception {
        // This JVM's own warm-up (HTTP client, JIT) must not count as the server's latency.
        paced(base, apps, rate, Math.max(3, seconds / 2));
        String measured = paced(base, apps, rate, seconds);
        System.out.println(measured);
    }

    private static String paced(String base, List<App> apps, int rate, int seconds) throws Exception {
        KeepAliveClient client = new KeepAliveClient(base, 64);
        int total = rate * seconds;
        long[] latencies = new long[total];
        AtomicInteger errors = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(total);
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        for (int i = 0; i < total; i++) {
            long due = start + i * interval;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            int index = i;
            App app = apps.get(i % apps.size());
            Thread.ofVirtual().start(() -> {
                try {
                    initiate(client, app);
                } catch (Exception e) {
                    errors.incrementAndGet();
                } finally {
                    // Open model: latency counts from when the request was due, not when it was sent.
                    latencies[index] = (System.nanoTime() - due) / 1000;
                    done.countDown();
                }
            });
        }
        done.await();
        double elapsed = (System.nanoTime() - start) / 1e9;
        long[] firstHalf = Arrays.copyOf(latencies, total / 2);
        Arrays.sort(firstHalf);
        Arrays.sort(latencies);
        return "{\"sent\":" + total + ",\"errors\":" + errors.get() + ",\"rate\":" + (total / elapsed)
                + ",\"latency_ms\":" + percentiles(latencies) + ",\"first_half_latency_ms\":"
                + percentiles(firstHalf) + "}";
    }

    static void deliveries(String base, List<App> apps, int n, String sink, int rate) throws Exception {
        List<String> created = parallel(n, 32, i -> {
            App app = apps.get(i % apps.size());
            return (i % apps.size()) + " " + initiate(base, app);
        });
        HTTP.send(
                HttpRequest.newBuilder(URI.create(sink + "/reset"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        long start = System.currentTimeMillis();
        AtomicInteger errors = new AtomicInteger();
        Semaphore inFlight = new Semaphore(rate > 0 ? 1000 : 32);
        CountDownLatch done = new CountDownLatch(created.size());
        long startNanos = System.nanoTime();
        for (int i = 0; i < created.size(); i++) {
            if (rate > 0) {
                long wait = startNanos + i * (1_000_000_000L / rate) - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
            }
            inFlight.acquire();
            String[] parts = created.get(i).split(" ");
            App app = apps.get(Integer.parseInt(parts[0]));
            Thread.ofVirtual().start(() -> {
                try {
                    HttpResponse<String> response = HTTP.send(
                            HttpRequest.newBuilder(URI.create(base + "/api/v1/" + app.endpointKey()
                                            + "/sandbox/payments/" + parts[1] + "/simulate"))
                                    .header("X-Api-Key", app.apiKey())
                                    .header("X-Api-Secret", app.apiSecret())
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString("{\"outcome\":\"SUCCESS\"}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() != 200) {
                        errors.incrementAndGet();
                    }
                } catch (Exception e) {
                    errors.incrementAndGet();
                } finally {
                    inFlight.release();
                    done.countDown();
                }
            });
        }
        done.await();
        long expected = created.stream()
                        .filter(line ->
                                !apps.get(Integer.parseInt(line.split(" ")[0])).hanging())
                        .count()
                - errors.get();
        String stats = awaitSink(sink, expected);
        long count = field(stats, "received");
        double seconds = Math.max(0.001, (field(stats, "last_at") - start) / 1000.0);
        System.out.println("{\"simulated\":" + created.size() + ",\"errors\":" + errors.get() + ",\"delivered\":"
                + count + ",\"deliveries_per_s\":" + (count / seconds) + ",\"sink\":" + stats + "}");
    }

    /** Waits until the sink has counted {@code expected} deliveries; the rate counts from {@code startMillis}. */
    static void sinkWait(String sink, long expected, long startMillis) throws Exception {
        String stats = awaitSink(sink, expected);
        long count = field(stats, "received");
        double seconds = Math.max(0.001, (field(stats, "last_at") - startMillis) / 1000.0);
        System.out.println("{\"expected\":" + expected + ",\"delivered\":" + count + ",\"deliveries_per_s\":"
                + (count / seconds) + ",\"sink\":" + stats + "}");
    }

    /**
     * The sink's stats once it has counted {@code expected} deliveries, or once nothing new arrived for
     * 5 s (a simulation the driver lost, not a delivery), or after 3 minutes.
     */
    private static String awaitSink(String sink, long expected) throws Exception {
        String stats = "";
        long deadline = System.currentTimeMillis() + 180_000;
        long seen = -1;
        long seenAt = System.currentTimeMillis();
        while (System.currentTimeMillis() < deadline) {
            long received = field(get(sink + "/count"), "received");
            if (received >= expected) {
                break;
            }
            if (received != seen) {
                seen = received;
                seenAt = System.currentTimeMillis();
            } else if (received > 0 && System.currentTimeMillis() - seenAt > 5_000) {
                break;
            }
            Thread.sleep(20);
        }
        return get(sink + "/stats");
    }

    private static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static long field(String stats, String name) {
        return Long.parseLong(stats.replaceAll(".*\"" + name + "\":(\\d+).*", "$1"));
    }

    interface Task {
        String run(int index) throws Exception;
    }

    static List<String> parallel(int n, int concurrency, Task task) throws Exception {
        String[] results = new String[n];
        Semaphore slots = new Semaphore(concurrency);
        CountDownLatch done = new CountDownLatch(n);
        AtomicInteger failures = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            slots.acquire();
            int index = i;
            Thread.ofVirtual().start(() -> {
                try {
                    results[index] = task.run(index);
                } catch (Exception e) {
                    failures.incrementAndGet();
                } finally {
                    slots.release();
                    done.countDown();
                }
            });
        }
        done.await();
        List<String> list = new ArrayList<>();
        for (String r : results) {
            if (r != null) {
                list.add(r);
            }
        }
        if (failures.get() > 0) {
            System.err.println(failures.get() + " of " + n + " failed");
        }
        return list;
    }

    static String percentiles(long[] sortedMicros) {
        if (sortedMicros.length == 0) {
            return "null";
        }
        return "{\"p50\":" + at(sortedMicros, 0.50) + ",\"p99\":" + at(sortedMicros, 0.99) + ",\"p999\":"
                + at(sortedMicros, 0.999) + ",\"max\":" + sortedMicros[sortedMicros.length - 1] / 1000.0 + "}";
    }

    private static double at(long[] sorted, double q) {
        int index = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }
}
