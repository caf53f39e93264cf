package org.csiconsole.core.csi;

import org.csiconsole.core.model.Topology;

import java.util.Map;

/**
 * Shares equal immutable values (strings, topologies) among the records mapped from a listing.
 * ListVolumes over 100,000 volumes repeats the same few {@code volume_context} keys, pools and
 * accessible-topology segments in every entry; without sharing each copy stays on the heap as long
 * as the rows are shown, and the garbage collector copies each one while the listing streams in.
 *
 * <p>Bounded and lossy: {@code capacity} slots, each holding the last value whose hash fell into it.
 * A value that never repeats (a serial number, an id) costs a lookup and takes one slot until
 * another value takes it; a value that repeats is shared from its second use on, and again from
 * the use after another value took its slot. Lookups neither lock nor allocate. Thread-safe: the
 * values are immutable, so a thread that reads a slot another thread wrote sees the whole value.
 */
final class Canonical {
    private final Object[] slots;
    private final int mask;

    /** @param capacity the slots, rounded up to a power of two: the most values held at once */
    Canonical(int capacity) {
        this.slots = new Object[capacity <= 1 ? 1 : Integer.highestOneBit(capacity - 1) << 1];
        this.mask = slots.length - 1;
    }

    /** The shared instance equal to {@code value} (which becomes it when none is held). */
    @SuppressWarnings("unchecked")
    <T> T of(T value) {
        int slot = slot(value.hashCode());
        Object held = slots[slot];
        if (value.equals(held)) return (T) held;
        slots[slot] = value;
        return value;
    }

    /** An immutable copy of {@code map} with shared keys and values. */
    Map<String, String> map(Map<String, String> map) {
        int n = map.size();
        if (n == 0) return Map.of();
        @SuppressWarnings("unchecked")
        Map.Entry<String, String>[] entries = new Map.Entry[n];
        int i = 0;
        for (Map.Entry<String, String> e : map.entrySet()) entries[i++] = Map.entry(of(e.getKey()), of(e.getValue()));
        return Map.ofEntries(entries);
    }

    /**
     * The shared topology with these {@code segments}; one is made, with shared keys and values, only
     * when none is held: the volumes of a listing mostly name the same few.
     */
    Topology topology(Map<String, String> segments) {
        int slot = slot(segments.hashCode());
        if (slots[slot] instanceof Topology held && held.segments().equals(segments)) return held;
        Topology made = new Topology(map(segments));
        slots[slot] = made;
        return made;
    }

    private int slot(int hash) {
        return (hash ^ (hash >>> 16)) & mask;
    }
}
