package org.csiconsole.core.call;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Time as the call policy sees it: a monotonic clock and a way to wait without blocking a thread.
 * Tests inject a fake that records waits and completes them at once.
 */
public interface CallTimer {
    /** Monotonic time in nanoseconds. */
    long nanoTime();

    /** A future completed after {@code delay}; cancelling it abandons the wait. */
    CompletableFuture<Void> delay(Duration delay);

    /** The system clock and {@link CompletableFuture#delayedExecutor}. */
    static CallTimer system() {
        return new CallTimer() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public CompletableFuture<Void> delay(Duration delay) {
                return CompletableFuture.runAsync(() -> { },
                        CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS));
            }
        };
    }
}
