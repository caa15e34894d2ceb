package sn.xaalis.merchant;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A node-local cache whose entries live a fixed time, emptied wholesale when full or after a change.
 * Short-lived on purpose: other nodes' changes reach this one within the time to live.
 */
final class ShortLivedCache<K, V> {

    private final long ttlNanos;
    private final int capacity;
    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();

    ShortLivedCache(Duration ttl, int capacity) {
        this.ttlNanos = ttl.toNanos();
        this.capacity = capacity;
    }

    /** The cached value while it is fresh, otherwise {@code load}'s, cached from now. */
    V get(K key, Function<K, V> load) {
        long now = System.nanoTime();
        Entry<V> cached = entries.get(key);
        if (cached != null && now - cached.loadedAt() < ttlNanos) {
            return cached.value();
        }
        V value = load.apply(key);
        if (entries.size() >= capacity) {
            entries.clear();
        }
        entries.put(key, new Entry<>(value, now));
        return value;
    }

    void clear() {
        entries.clear();
    }

    private record Entry<V>(V value, long loadedAt) {}
}
