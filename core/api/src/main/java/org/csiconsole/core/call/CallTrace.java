package org.csiconsole.core.call;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The call trace: a bounded, thread-safe ring of {@link TraceEntry}s shared by every client of one
 * console (gRPC and HTTP), with live listeners. Callers must pass text that is already redacted;
 * see {@link org.csiconsole.core.call.Redactor} for gRPC messages.
 *
 * <p>Listeners run on the recording thread and must not block.
 */
public final class CallTrace {
    /** Default number of entries kept. */
    public static final int DEFAULT_CAPACITY = 5_000;

    private final int capacity;
    private final ArrayDeque<TraceEntry> ring;
    private final AtomicLong seq = new AtomicLong();
    private final List<Consumer<TraceEntry>> listeners = new CopyOnWriteArrayList<>();

    public CallTrace() {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity maximum entries kept; the oldest are dropped first */
    public CallTrace(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        this.capacity = capacity;
        this.ring = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /** Records one attempt and notifies listeners. Returns the entry. */
    public TraceEntry record(String protocol, String endpoint, String method, int attempt, String request,
                             String response, String status, boolean ok, Instant start, Duration duration) {
        TraceEntry e = new TraceEntry(seq.incrementAndGet(), start, protocol, endpoint, method, attempt,
                request == null ? "" : request, response == null ? "" : response, status, ok, duration);
        synchronized (ring) {
            if (ring.size() == capacity) ring.removeFirst();
            ring.addLast(e);
        }
        for (Consumer<TraceEntry> l : listeners) l.accept(e);
        return e;
    }

    /** A copy of the entries currently held, oldest first. */
    public List<TraceEntry> snapshot() {
        synchronized (ring) {
            return List.copyOf(ring);
        }
    }

    public void clear() {
        synchronized (ring) {
            ring.clear();
        }
    }

    /** Adds a listener; returns a handle that removes it. */
    public AutoCloseable subscribe(Consumer<TraceEntry> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
