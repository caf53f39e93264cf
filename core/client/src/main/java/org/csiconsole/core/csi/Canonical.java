package org.csiconsole.core.csi;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Shares equal immutable values (strings, topologies) among the records mapped from a listing.
 * ListVolumes over 100,000 volumes repeats the same few {@code volume_context} keys, pools and
 * accessible-topology segments in every entry; without sharing each copy stays on the heap as long
 * as the rows are shown, and the garbage collector copies each one while the listing streams in.
 *
 * <p>Bounded: once more than {@code capacity} distinct values were seen, the pool starts over, so
 * values that never repeat (serial numbers, ids) cost a lookup and no lasting memory. Thread-safe.
 */
final class Canonical {
    private final int capacity;
    private final ConcurrentHashMap<Object, Object> pool = new ConcurrentHashMap<>();

    /** @param capacity distinct values kept before the pool starts over */
    Canonical(int capacity) {
        this.capacity = capacity;
    }

    /** The shared instance equal to {@code value} (which becomes it when none is held). */
    @SuppressWarnings("unchecked")
    <T> T of(T value) {
        Object held = pool.putIfAbsent(value, value);
        if (held != null) return (T) held;
        if (pool.size() > capacity) pool.clear();
        return value;
    }

    /** A copy of {@code map} with shared keys and values. */
    Map<String, String> map(Map<String, String> map) {
        if (map.isEmpty()) return Map.of();
        Map<String, String> out = new HashMap<>(map.size() * 2);
        for (Map.Entry<String, String> e : map.entrySet()) out.put(of(e.getKey()), of(e.getValue()));
        return out;
    }
}
