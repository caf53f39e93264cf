package org.csiconsole.core.call;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A {@link CallTimer} for tests: each wait is recorded, moves the clock forward and completes at once. */
public final class FakeTimer implements CallTimer {
    private final AtomicLong now = new AtomicLong();
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public CompletableFuture<Void> delay(Duration delay) {
        waits.add(delay);
        now.addAndGet(delay.toNanos());
        return CompletableFuture.completedFuture(null);
    }

    /** Every wait asked for, in order. */
    public List<Duration> waits() {
        return List.copyOf(waits);
    }
}
