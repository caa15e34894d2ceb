package sn.xaalis.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;
import sn.xaalis.egress.WebhookUrls;

/**
 * Outbound POSTs to merchants' servers (D12): every address is checked by {@link WebhookUrls} inside
 * the DNS step, so the connection goes to exactly the addresses that were checked; no redirects, no
 * proxy from the environment, a total deadline, and at most a snippet of the response is read.
 */
final class WebhookHttp implements AutoCloseable {

    static final int SNIPPET_BYTES = 2048;

    /** What happened to one POST. */
    sealed interface Result {
        record Answered(int status, String snippet) implements Result {}

        record Blocked(String reason) implements Result {}

        /** @param error a short class of failure: timeout, connection refused, … */
        record Failed(String error) implements Result {}
    }

    private final CloseableHttpClient client;
    private final WebhookUrls urls;
    private final long timeoutMillis;
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "webhook-deadlines");
        thread.setDaemon(true);
        return thread;
    });

    WebhookHttp(WebhookUrls urls, Duration timeout, int maxConnections) {
        this.urls = urls;
        this.timeoutMillis = timeout.toMillis();
        Timeout limit = Timeout.ofMilliseconds(timeoutMillis);
        var connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(new CheckedResolver(urls))
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(limit)
                        .setSocketTimeout(limit)
                        .build())
                .setMaxConnTotal(maxConnections)
                .setMaxConnPerRoute(8)
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(
                        RequestConfig.custom().setResponseTimeout(limit).build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .disableDefaultUserAgent()
                .build();
    }

    Result post(String url, byte[] body, Map<String, String> headers) {
        List<String> problems = urls.check(url, false);
        if (!problems.isEmpty()) {
            return new Result.Blocked(String.join("; ", problems));
        }
        String host = URI.create(url).getHost();
        // The connection goes to exactly the addresses just checked: the DNS step below returns them
        // instead of asking again, so a rebinding DNS gets no second answer.
        switch (urls.resolve(host)) {
            case WebhookUrls.Resolution.Refused refused -> {
                return new Result.Blocked(refused.reason());
            }
            case WebhookUrls.Resolution.Unresolved unresolved -> {
                return new Result.Failed("unknown host");
            }
            case WebhookUrls.Resolution.Permitted permitted -> PINNED.set(new Pinned(host, permitted.addresses()));
        }
        try {
            return send(url, body, headers);
        } finally {
            PINNED.remove();
        }
    }

    private Result send(String url, byte[] body, Map<String, String> headers) {
        HttpPost request = new HttpPost(url);
        headers.forEach(request::setHeader);
        request.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        // Socket timeouts bound each read; this bounds the whole exchange (a receiver dribbling bytes).
        ScheduledFuture<?> deadline = deadlines.schedule(request::cancel, timeoutMillis, TimeUnit.MILLISECONDS);
        CloseableHttpResponse response = null;
        try {
            response = client.execute(request);
            String snippet = snippet(response.getEntity(), request);
            return new Result.Answered(response.getCode(), snippet);
        } catch (UnknownHostException e) {
            return new Result.Failed("unknown host");
        } catch (ConnectException e) {
            return new Result.Failed("connection refused");
        } catch (SocketTimeoutException e) {
            return new Result.Failed("timeout");
        } catch (InterruptedIOException e) {
            return new Result.Failed(request.isCancelled() ? "timeout" : "interrupted");
        } catch (IOException e) {
            return new Result.Failed(
                    request.isCancelled() ? "timeout" : e.getClass().getSimpleName());
        } catch (RuntimeException e) {
            // The client's state checks can trip over a cancellation racing the exchange; the attempt
            // must still be recorded as a failure, never escape and leave its notification leased.
            return new Result.Failed(
                    request.isCancelled() ? "timeout" : e.getClass().getSimpleName());
        } finally {
            deadline.cancel(false);
            release(response, request);
        }
    }

    /**
     * A cancelled request (deadline, or a body too long to read) has already dropped and released its
     * connection: closing the response then would try to drain the rest of the body, and fails with an
     * IllegalStateException that used to escape and leave the attempt unrecorded.
     */
    private static void release(@Nullable CloseableHttpResponse response, HttpPost request) {
        if (response == null || request.isCancelled()) {
            return;
        }
        try {
            response.close();
        } catch (IOException | RuntimeException e) {
            // the answer is already read; a connection that cannot be reused is simply dropped
        }
    }

    /** Reads at most a few KiB; a longer body is cut off by dropping the connection, never drained. */
    private static String snippet(@Nullable HttpEntity entity, HttpPost request) throws IOException {
        if (entity == null) {
            return "";
        }
        InputStream in = entity.getContent();
        byte[] head = in.readNBytes(SNIPPET_BYTES);
        if (head.length == SNIPPET_BYTES && in.read() != -1) {
            request.cancel();
        }
        return new String(head, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        deadlines.shutdownNow();
        client.close();
    }

    /** The addresses checked for this request's host, handed to the connection on the same thread. */
    private record Pinned(String host, List<InetAddress> addresses) {}

    private static final ThreadLocal<Pinned> PINNED = new ThreadLocal<>();

    private record CheckedResolver(WebhookUrls urls) implements DnsResolver {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            Pinned pinned = PINNED.get();
            if (pinned != null && pinned.host().equalsIgnoreCase(host)) {
                return pinned.addresses().toArray(InetAddress[]::new);
            }
            // Not reached in normal use; still never connect anywhere unchecked.
            return switch (urls.resolve(host)) {
                case WebhookUrls.Resolution.Permitted permitted ->
                    permitted.addresses().toArray(InetAddress[]::new);
                case WebhookUrls.Resolution.Refused refused -> throw new UnknownHostException("refused: " + host);
                case WebhookUrls.Resolution.Unresolved unresolved -> throw new UnknownHostException("refused: " + host);
            };
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }
}
