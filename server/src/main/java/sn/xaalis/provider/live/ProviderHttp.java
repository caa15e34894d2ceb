package sn.xaalis.provider.live;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.provider.ProviderProperties;

/**
 * HTTP to one provider: timeouts, a circuit breaker per account ({@link CircuitBreakers}), one retry for
 * idempotent calls, no proxy, no redirects, and every attempt recorded in {@link ProviderExchanges}.
 */
final class ProviderHttp {

    private static final int MAX_RESPONSE = 1 << 20;
    private static final long RETRY_PAUSE_MILLIS = 200;

    private final Provider provider;
    private final HttpClient client;
    private final ProviderProperties.Http settings;
    private final CircuitBreakers breakers;
    private final ProviderExchanges exchanges;
    private final ProviderCallMetrics metrics;

    ProviderHttp(
            Provider provider,
            ProviderProperties.Http settings,
            ProviderExchanges exchanges,
            ProviderCallMetrics metrics,
            Clock clock) {
        this.metrics = metrics;
        this.provider = provider;
        this.settings = settings;
        this.exchanges = exchanges;
        this.breakers = new CircuitBreakers(settings.circuitFailures(), settings.circuitOpenFor(), clock);
        this.client = HttpClient.newBuilder()
                .connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .proxy(HttpClient.Builder.NO_PROXY)
                .build();
    }

    /**
     * One call.
     *
     * @param connection the account the call is made in (its circuit): a merchant's connection, or null
     *     for the installation's own account
     * @param reference our payment reference, for the log (null for token requests)
     * @param headers sent as is and never recorded (they carry credentials)
     * @param recordedBody what the log keeps of the request body (null to keep the body itself)
     * @param contentType sent even without a body when not null
     * @param idempotent whether a failed attempt may be repeated safely
     */
    record Call(
            @Nullable ConnectionId connection,
            String operation,
            @Nullable String reference,
            String method,
            URI uri,
            Map<String, String> headers,
            @Nullable String contentType,
            @Nullable String body,
            @Nullable String recordedBody,
            boolean idempotent) {}

    /** What came back: a response (any status), or no response at all. */
    sealed interface Reply {

        /** Whether the provider may have done what was asked though no clear answer came (5xx, no answer). */
        default boolean uncertain() {
            return switch (this) {
                case Answered answered -> answered.status() >= 500;
                case NoAnswer none -> !none.reason().startsWith("circuit open");
                case Refusal refusal -> false;
            };
        }

        record Answered(int status, String body) implements Reply {
            boolean ok() {
                return status >= 200 && status < 300;
            }

            /** A 4xx other than credentials trouble or throttling: the provider said no to this request. */
            boolean refused() {
                return status >= 400 && status < 500 && status != 401 && status != 403 && status != 429;
            }
        }

        record NoAnswer(String reason) implements Reply {}

        /** No call was made: the account's credentials were refused first (its token), in these words. */
        record Refusal(String reason) implements Reply {}
    }

    Reply send(Call call) {
        Reply reply = attempt(call);
        if (call.idempotent() && retryable(reply)) {
            try {
                Thread.sleep(RETRY_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return reply;
            }
            reply = attempt(call);
        }
        return reply;
    }

    /** Why a call that got no usable answer failed, in words safe for the merchant (no credentials). */
    String unavailable(Reply reply) {
        return switch (reply) {
            case Reply.Answered answered ->
                answered.status() == 401 || answered.status() == 403
                        ? provider + " refused this account's credentials"
                        : provider + " is not available (HTTP " + answered.status() + "); try again";
            case Reply.Refusal refusal -> refusal.reason();
            case Reply.NoAnswer none -> provider + " is not reachable (" + none.reason() + "); try again";
        };
    }

    private static boolean retryable(Reply reply) {
        return switch (reply) {
            case Reply.Answered answered -> answered.status() >= 500 || answered.status() == 429;
            case Reply.NoAnswer none -> !none.reason().startsWith("circuit open");
            case Reply.Refusal refusal -> false;
        };
    }

    private Reply attempt(Call call) {
        String recorded = call.recordedBody() != null ? call.recordedBody() : call.body();
        CircuitBreaker breaker = breakers.of(call.connection());
        if (!breaker.allow()) {
            Reply.NoAnswer refused =
                    new Reply.NoAnswer("circuit open: " + provider + " failed repeatedly in this account");
            record(call, recorded, null, null, refused.reason(), 0);
            return refused;
        }
        HttpRequest request = request(call);
        long started = System.nanoTime();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            long millis = (System.nanoTime() - started) / 1_000_000;
            byte[] bytes = response.body();
            String body = new String(bytes, 0, Math.min(bytes.length, MAX_RESPONSE), StandardCharsets.UTF_8);
            int status = response.statusCode();
            if (status >= 500 || status == 429) {
                breaker.failed();
            } else {
                breaker.succeeded();
            }
            record(call, recorded, status, body, "HTTP " + status, millis);
            return new Reply.Answered(status, body);
        } catch (HttpTimeoutException e) {
            return failure(breaker, call, recorded, "timed out", started);
        } catch (IOException e) {
            return failure(
                    breaker,
                    call,
                    recorded,
                    "connection failed: " + e.getClass().getSimpleName(),
                    started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(breaker, call, recorded, "interrupted", started);
        }
    }

    private HttpRequest request(Call call) {
        HttpRequest.Builder request = HttpRequest.newBuilder(call.uri()).timeout(settings.readTimeout());
        call.headers().forEach(request::header);
        if (call.body() != null) {
            request.method(call.method(), HttpRequest.BodyPublishers.ofString(call.body(), StandardCharsets.UTF_8));
        } else {
            request.method(call.method(), HttpRequest.BodyPublishers.noBody());
        }
        if (call.contentType() != null) {
            // Some providers refuse even a GET without it (the operator answers 415).
            request.header("Content-Type", call.contentType());
        }
        request.header("Accept", "application/json");
        return request.build();
    }

    private Reply failure(CircuitBreaker breaker, Call call, @Nullable String recorded, String reason, long started) {
        breaker.failed();
        record(call, recorded, null, null, reason, (System.nanoTime() - started) / 1_000_000);
        return new Reply.NoAnswer(reason);
    }

    private void record(
            Call call,
            @Nullable String requestBody,
            @Nullable Integer status,
            @Nullable String responseBody,
            String outcome,
            long ms) {
        metrics.record(provider, call.operation(), status, outcome, ms);
        exchanges.record(
                call.reference(),
                provider,
                ProviderExchanges.Direction.OUTBOUND,
                call.operation(),
                call.method(),
                call.uri().toString(),
                requestBody,
                status,
                responseBody,
                outcome,
                ms);
    }
}
