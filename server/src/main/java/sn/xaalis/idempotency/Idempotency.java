package sn.xaalis.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.SqlStep;
import sn.xaalis.platform.Timestamps;

/**
 * Idempotency keys (D14). A stored response commits in the caller's transaction, so a request that
 * dies leaves nothing behind; a key being processed on this node is refused ({@link
 * IdempotencyRefusal.InProgress}, 409 at the edge); a key being processed on another node makes our
 * insert wait for its commit, then replays its response.
 */
@Component
public class Idempotency {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";
    private static final Duration RETENTION = Duration.ofHours(24);
    private static final int MAX_KEY_LENGTH = 255;

    private final JdbcClient jdbc;
    private final Clock clock;
    private final TransactionTemplate transactions;
    private final Set<Scope> inFlight = ConcurrentHashMap.newKeySet();

    Idempotency(JdbcClient jdbc, Clock clock, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.transactions = transactions;
    }

    /** A response, and whether it is the replay of an earlier one. */
    public record Answer(StoredResponse response, boolean replayed) {}

    /**
     * Runs {@code work} in a transaction that also stores its response under the key (D14). Without a
     * key there is nothing to store with it, so the work runs as it is (its writes bring their own
     * atomicity), and a provider call it makes holds no database connection. Failures (exceptions)
     * store nothing.
     */
    public Answer execute(@Nullable Keyed keyed, Supplier<StoredResponse> work) {
        return once(
                keyed,
                work,
                key -> transactions.execute(tx -> {
                    StoredResponse produced = work.get();
                    if (!record(key, produced)) {
                        tx.setRollbackOnly();
                        return null;
                    }
                    return produced;
                }));
    }

    /**
     * Like {@link #execute}, for work that must not run inside a transaction (it calls a provider and
     * commits its own rows first): its answer is recorded after it; if another node recorded one for the
     * key meanwhile, that one is replayed. Failures (exceptions) store nothing.
     */
    public Answer executeThenRecord(@Nullable Keyed keyed, Supplier<StoredResponse> work) {
        return once(keyed, work, key -> {
            StoredResponse response = work.get();
            return record(key, response) ? response : null;
        });
    }

    /** How {@link #once} runs the work and records its answer under the key. */
    private interface Recorded {
        /** The answer recorded, or null when another request recorded one for the key first. */
        @Nullable
        StoredResponse run(Keyed keyed);
    }

    /** The work once per key: without a key it simply runs; with one, an earlier answer is replayed. */
    private Answer once(@Nullable Keyed keyed, Supplier<StoredResponse> work, Recorded recorded) {
        if (keyed == null) {
            return new Answer(work.get(), false);
        }
        Optional<Answer> earlier = replay(keyed);
        if (earlier.isPresent()) {
            return earlier.get();
        }
        begin(keyed.scope());
        try {
            StoredResponse response = recorded.run(keyed);
            return response != null
                    ? new Answer(response, false)
                    : replay(keyed).orElseThrow();
        } finally {
            end(keyed.scope());
        }
    }

    private Optional<Answer> replay(Keyed keyed) {
        return switch (prior(keyed)) {
            case Prior.None none -> Optional.empty();
            case Prior.Replay replay -> Optional.of(new Answer(replay.response(), true));
            case Prior.Mismatch mismatch -> throw new IdempotencyRefusal.KeyReused();
        };
    }

    /** Keys are per application and environment. */
    public record Scope(ApplicationId applicationId, Environment environment, String key) {}

    /**
     * A request under a key: the key's scope and the request's fingerprint (method, path and body,
     * compared on replay), which travel together. A request without a key has neither: null.
     */
    public record Keyed(Scope scope, String requestHash) {

        /** Null without a key; else the key in its scope, with the fingerprint {@code requestHash} makes. */
        public static @Nullable Keyed of(
                ApplicationId applicationId,
                Environment environment,
                @Nullable String key,
                Supplier<String> requestHash) {
            return key == null ? null : new Keyed(new Scope(applicationId, environment, key), requestHash.get());
        }
    }

    public record StoredResponse(int status, String body) {}

    /** What an earlier request with the same key means for this one. */
    public sealed interface Prior {
        record None() implements Prior {}

        record Replay(StoredResponse response) implements Prior {}

        record Mismatch() implements Prior {}
    }

    /** Validates the header value; null when the header is absent. */
    public static @Nullable String validKey(@Nullable String header) {
        if (header == null) {
            return null;
        }
        boolean printable = header.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
        if (header.isEmpty() || header.length() > MAX_KEY_LENGTH || !printable) {
            throw new IdempotencyRefusal.KeyMalformed();
        }
        return header;
    }

    public static String fingerprint(String method, String path, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
            sha.update(body);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Prior prior(Keyed keyed) {
        Optional<Stored> stored = find(keyed.scope());
        if (stored.isEmpty()) {
            return new Prior.None();
        }
        return stored.get().requestHash().equals(keyed.requestHash())
                ? new Prior.Replay(
                        new StoredResponse(stored.get().status(), stored.get().body()))
                : new Prior.Mismatch();
    }

    /** Marks the key as being processed here; refused when it already is. */
    public void begin(Scope scope) {
        if (!inFlight.add(scope)) {
            throw new IdempotencyRefusal.InProgress();
        }
    }

    public void end(Scope scope) {
        inFlight.remove(scope);
    }

    /**
     * Stores the response inside the current transaction. Returns false when another request stored
     * one first (the caller must roll back and answer from {@link #prior}).
     */
    public boolean record(Keyed keyed, StoredResponse response) {
        Scope scope = keyed.scope();
        Instant now = clock.instant();
        jdbc.sql("DELETE FROM idempotency_records WHERE application_id = :app AND environment = :env"
                        + " AND idempotency_key = :key AND created_at <= :cutoff")
                .param("app", scope.applicationId().value())
                .param("env", scope.environment().value())
                .param("key", scope.key())
                .param("cutoff", Timestamps.toDatabase(now.minus(RETENTION)))
                .update();
        int inserted = jdbc.sql("INSERT INTO idempotency_records (application_id, environment, idempotency_key,"
                        + " request_hash, response_status, response_body, created_at)"
                        + " VALUES (:app, :env, :key, :hash, :status, :body, :at) ON CONFLICT DO NOTHING")
                .param("app", scope.applicationId().value())
                .param("env", scope.environment().value())
                .param("key", scope.key())
                .param("hash", keyed.requestHash())
                .param("status", response.status())
                .param("body", response.body())
                .param("at", Timestamps.toDatabase(Timestamps.truncate(now)))
                .update();
        return inserted == 1;
    }

    private static final String INSERT_RETURNING = "INSERT INTO idempotency_records (application_id, environment,"
            + " idempotency_key, request_hash, response_status, response_body, created_at) VALUES (:idemApp,"
            + " :idemEnv, :idemKey, :idemHash, :idemStatus, :idemBody, :idemAt) ON CONFLICT DO NOTHING RETURNING 1";

    /**
     * The insert of {@link #record} as one step of a caller's larger PostgreSQL statement (kept for its
     * single round trip): an {@code INSERT … RETURNING} that returns a row when the record was stored
     * and none when the key is taken, by a live record or by an expired one that {@link #record} would
     * have replaced (the caller then uses {@link #record}). The caller names the step and binds {@code
     * params} with its own; they are named after this module ({@code idem…}), so they never meet the
     * caller's.
     */
    public SqlStep insertStep(Keyed keyed, StoredResponse response) {
        Scope scope = keyed.scope();
        return new SqlStep(
                INSERT_RETURNING,
                Map.of(
                        "idemApp", scope.applicationId().value(),
                        "idemEnv", scope.environment().value(),
                        "idemKey", scope.key(),
                        "idemHash", keyed.requestHash(),
                        "idemStatus", response.status(),
                        "idemBody", response.body(),
                        "idemAt", Timestamps.toDatabase(Timestamps.truncate(clock.instant()))));
    }

    /** Deletes records past the 24 h window, a batch at a time; returns how many went. */
    public int purgeExpired(int batch) {
        return jdbc.sql("DELETE FROM idempotency_records WHERE (application_id, environment, idempotency_key) IN"
                        + " (SELECT application_id, environment, idempotency_key FROM idempotency_records"
                        + " WHERE created_at <= :cutoff LIMIT :batch)")
                .param("cutoff", Timestamps.toDatabase(clock.instant().minus(RETENTION)))
                .param("batch", batch)
                .update();
    }

    private Optional<Stored> find(Scope scope) {
        return jdbc.sql("SELECT request_hash, response_status, response_body FROM idempotency_records"
                        + " WHERE application_id = :app AND environment = :env AND idempotency_key = :key"
                        + " AND created_at > :cutoff")
                .param("app", scope.applicationId().value())
                .param("env", scope.environment().value())
                .param("key", scope.key())
                .param("cutoff", Timestamps.toDatabase(clock.instant().minus(RETENTION)))
                .query((rs, n) -> new Stored(rs.getString(1), rs.getInt(2), rs.getString(3)))
                .optional();
    }

    private record Stored(String requestHash, int status, String body) {}
}
