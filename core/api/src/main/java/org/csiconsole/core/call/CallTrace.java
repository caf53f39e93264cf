package org.csiconsole.core.call;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The call trace: a bounded, thread-safe ring of {@link TraceEntry}s shared by every client of one
 * console (gRPC and HTTP), with live listeners. Callers must pass entries that are already
 * redacted; see {@code org.csiconsole.core.call.Redactor} in core/client for gRPC messages.
 *
 * <p>The ring keeps the last {@link #capacity()} entries (default {@value #DEFAULT_CAPACITY}); older
 * ones are dropped first and counted in {@link #dropped()}, so a view can say that they were.
 * The {@link #origins()} carry the task that made a call into its entries.
 *
 * <p>Listeners run on the recording thread, one entry at a time in sequence order, and must not
 * block: hand the entry on (a queue, an executor) and return.
 */
public final class CallTrace {
    /** Default number of entries kept. */
    public static final int DEFAULT_CAPACITY = 10_000;
    /** The fewest entries a trace may be set to keep. */
    public static final int MIN_CAPACITY = 100;
    /** The most entries a trace may be set to keep (about 1 KiB each without their payloads built). */
    public static final int MAX_CAPACITY = 1_000_000;

    private volatile int capacity;
    private final ArrayDeque<TraceEntry> ring;
    private final AtomicLong seq = new AtomicLong();
    private long dropped;
    private final List<Consumer<TraceEntry>> listeners = new CopyOnWriteArrayList<>();
    private final CallOrigins origins = new CallOrigins();

    public CallTrace() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * @param capacity maximum entries kept; the oldest are dropped first
     * @throws IllegalArgumentException when {@code capacity} is below 1
     */
    public CallTrace(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        this.capacity = capacity;
        this.ring = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /** Records one attempt with text payloads and no targets or task, and notifies listeners. Returns the entry. */
    public TraceEntry record(String protocol, String endpoint, String method, int attempt, String request,
                             String response, String status, boolean ok, Instant start, Duration duration) {
        return record(new TraceEntry(0, start, protocol, endpoint, method, attempt, TracePayload.of(request),
                TracePayload.of(response), status, ok, duration, "", Map.of(), Map.of(), CallOrigin.NONE));
    }

    /** Records {@code entry} under the next sequence number (its own is ignored) and notifies listeners. Returns the numbered entry. */
    public TraceEntry record(TraceEntry entry) {
        synchronized (ring) {
            // Numbered and handed to the listeners under the lock, so the ring and every listener see
            // the entries in sequence order, whichever threads record them.
            TraceEntry e = entry.withSeq(seq.incrementAndGet());
            while (ring.size() >= capacity) {
                ring.removeFirst();
                dropped++;
            }
            ring.addLast(e);
            for (Consumer<TraceEntry> l : listeners) l.accept(e);
            return e;
        }
    }

    /** A copy of the entries currently held, oldest first. */
    public List<TraceEntry> snapshot() {
        synchronized (ring) {
            return List.copyOf(ring);
        }
    }

    /** Removes every entry; the count of {@link #dropped()} entries starts again at 0. */
    public void clear() {
        synchronized (ring) {
            ring.clear();
            dropped = 0;
        }
    }

    /** How many entries are kept at most. */
    public int capacity() {
        return capacity;
    }

    /**
     * Keeps at most {@code capacity} entries from now on, dropping the oldest beyond it at once.
     *
     * @throws IllegalArgumentException when {@code capacity} is outside
     *     [{@value #MIN_CAPACITY}, {@value #MAX_CAPACITY}]
     */
    public void setCapacity(int capacity) {
        if (capacity < MIN_CAPACITY || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("the trace keeps between " + MIN_CAPACITY + " and " + MAX_CAPACITY
                    + " calls, not " + capacity);
        }
        synchronized (ring) {
            this.capacity = capacity;
            while (ring.size() > capacity) {
                ring.removeFirst();
                dropped++;
            }
        }
    }

    /** How many of the oldest entries were dropped to stay within {@link #capacity()} since the start or the last {@link #clear()}. */
    public long dropped() {
        synchronized (ring) {
            return dropped;
        }
    }

    /** Carries the task that made a call into its entries (see {@link CallOrigins}). */
    public CallOrigins origins() {
        return origins;
    }

    /** Adds a listener; returns a handle that removes it. */
    public AutoCloseable subscribe(Consumer<TraceEntry> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
