package org.csiconsole.core.call;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The call trace: a bounded, thread-safe ring of {@link TraceEntry}s shared by every client of one
 * console (gRPC and HTTP), with live listeners. Callers must pass text that is already redacted;
 * see {@link org.csiconsole.core.call.Redactor} for gRPC messages.
 *
 * <p>Listeners run on the recording thread and must not block.
 *
 * <p>{@link #recordLazily} keeps the request and response text unbuilt until an entry is read
 * ({@link #snapshot()}) or a listener is subscribed, so a console or command whose trace nobody
 * looks at spends nothing on printing messages.
 */
public final class CallTrace {
    /** Default number of entries kept. */
    public static final int DEFAULT_CAPACITY = 5_000;

    private final int capacity;
    /** {@link TraceEntry}s, and {@link UnbuiltEntry} ones whose text is built when read. */
    private final ArrayDeque<Object> ring;
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

    /**
     * As {@link #record}, with the request and response text built only when the entry is read: at
     * once when a listener is subscribed, else on the next {@link #snapshot()}, else never (the
     * entry was dropped first). The suppliers must return redacted text and may run on any thread.
     */
    public void recordLazily(String protocol, String endpoint, String method, int attempt, Supplier<String> request,
                             Supplier<String> response, String status, boolean ok, Instant start, Duration duration) {
        if (!listeners.isEmpty()) {
            record(protocol, endpoint, method, attempt, request.get(), response.get(), status, ok, start, duration);
            return;
        }
        UnbuiltEntry p = new UnbuiltEntry(seq.incrementAndGet(), start, protocol, endpoint, method, attempt, request, response, status, ok, duration);
        synchronized (ring) {
            if (ring.size() == capacity) ring.removeFirst();
            ring.addLast(p);
        }
    }

    /** A copy of the entries currently held, oldest first (building the text of lazily recorded ones). */
    public List<TraceEntry> snapshot() {
        synchronized (ring) {
            if (ring.stream().anyMatch(UnbuiltEntry.class::isInstance)) {
                List<Object> built = ring.stream().map(o -> o instanceof UnbuiltEntry p ? (Object) p.entry() : o).toList();
                ring.clear();
                ring.addAll(built);
            }
            return ring.stream().map(TraceEntry.class::cast).toList();
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

    /** An entry recorded by {@link #recordLazily}, its text not built yet. */
    private record UnbuiltEntry(long seq, Instant start, String protocol, String endpoint, String method, int attempt,
                           Supplier<String> request, Supplier<String> response, String status, boolean ok, Duration duration) {
        TraceEntry entry() {
            String req = request.get();
            String resp = response.get();
            return new TraceEntry(seq, start, protocol, endpoint, method, attempt, req == null ? "" : req,
                    resp == null ? "" : resp, status, ok, duration);
        }
    }
}
