package sn.xaalis.platform;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * A node-local cache whose entries live a fixed time, emptied wholesale when full or after a change.
 * Other nodes' changes empty it too (a signal between nodes); while this node cannot hear them,
 * entries live at most {@link #UNHEARD_TTL}, so a change still reaches this node within a second.
 */
public final class ShortLivedCache<K, V> {

    public static final Duration UNHEARD_TTL = Duration.ofSeconds(1);

    private final long ttlNanos;
    private final int capacity;
    private final BooleanSupplier hearsChanges;
    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    // Bumped by every clear: a value loaded before a change is not cached after it.
    private final AtomicLong generation = new AtomicLong();

    public ShortLivedCache(Duration ttl, int capacity, BooleanSupplier hearsChanges) {
        this.ttlNanos = ttl.toNanos();
        this.capacity = capacity;
        this.hearsChanges = hearsChanges;
    }

    /** The cached value while it is fresh, otherwise {@code load}'s, cached from now. */
    public V get(K key, Function<K, V> load) {
        long now = System.nanoTime();
        Entry<V> cached = entries.get(key);
        if (cached != null && now - cached.loadedAt() < ttlNanos() && cached.generation() == generation.get()) {
            return cached.value();
        }
        long loadedIn = generation.get();
        V value = load.apply(key);
        if (entries.size() >= capacity) {
            entries.clear();
        }
        if (generation.get() == loadedIn) {
            entries.put(key, new Entry<>(value, now, loadedIn));
        }
        return value;
    }

    public void clear() {
        generation.incrementAndGet();
        entries.clear();
    }

    private long ttlNanos() {
        return hearsChanges.getAsBoolean() ? ttlNanos : Math.min(ttlNanos, UNHEARD_TTL.toNanos());
    }

    private record Entry<V>(V value, long loadedAt, long generation) {}
}
