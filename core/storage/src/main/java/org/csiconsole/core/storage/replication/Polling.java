package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigins;
import org.csiconsole.core.call.FailureKind;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls a read until its answer satisfies a condition, a stop is requested, or a timeout passes. */
final class Polling {
    /** Thrown into a poll's future when a stop was requested while waiting. */
    static final class Stopped extends RuntimeException {
        Stopped() {
            super("stopped", null, false, false);
        }
    }

    private Polling() {
    }

    /**
     * @param read one read; a failed read is tolerated (remembered) until the timeout
     * @param done when the answer is the one waited for
     * @param each called with every answer (for progress)
     * @param what the wait in words, for the timeout failure
     */
    static <T> CompletableFuture<T> until(Supplier<CompletableFuture<T>> read, Predicate<T> done, Consumer<T> each,
                                          Duration interval, Duration timeout, BooleanSupplier stop, Clock clock, String what) {
        CompletableFuture<T> out = new CompletableFuture<>();
        Instant deadline = clock.instant().plus(timeout);
        step(read, done, each, interval, deadline, stop, clock, what, out, new Throwable[1]);
        return out;
    }

    private static <T> void step(Supplier<CompletableFuture<T>> read, Predicate<T> done, Consumer<T> each, Duration interval,
                                 Instant deadline, BooleanSupplier stop, Clock clock, String what, CompletableFuture<T> out,
                                 Throwable[] last) {
        if (stop.getAsBoolean()) {
            out.completeExceptionally(new Stopped());
            return;
        }
        read.get().whenComplete((v, e) -> {
            if (e == null) {
                each.accept(v);
                if (done.test(v)) {
                    out.complete(v);
                    return;
                }
            } else {
                last[0] = e;
            }
            if (clock.instant().isAfter(deadline)) {
                CallFailure f = CallFailure.unwrap(last[0]);
                out.completeExceptionally(new CallFailure(FailureKind.TIMEOUT, what,
                        "it did not happen before the wait's time limit" + (f == null ? "" : " (the last read failed: " + f.why() + ")"),
                        "Check the pair's health and the replication link, then run the step again.", f == null ? "" : f.detail(), last[0]));
                return;
            }
            // the next read counts to the same task as this one (the call trace groups a workflow's calls)
            Executor later = CallOrigins.carrying(CompletableFuture.delayedExecutor(interval.toMillis(), TimeUnit.MILLISECONDS));
            later.execute(() -> step(read, done, each, interval, deadline, stop, clock, what, out, last));
        });
    }
}
