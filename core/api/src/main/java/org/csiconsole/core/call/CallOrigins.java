package org.csiconsole.core.call;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Carries the {@link CallOrigin} of the task being run to the calls it makes, without a parameter
 * on every port method: the task runner starts a task's work {@link #within} its origin, and the
 * call policy reads {@link #current()} when a call starts and keeps it for every attempt and
 * for the completion of the call's future, so calls chained on that future (create, then read
 * back) are counted to the same task. Work handed to another executor keeps its origin when the
 * executor is {@linkplain #propagating wrapped}.
 *
 * <p>The origin is held per thread, like gRPC's {@code Context}: each instance (one per
 * {@link CallTrace}) keeps its own, and a thread outside {@link #within} sees {@link CallOrigin#NONE}.
 */
public final class CallOrigins {
    private final ThreadLocal<CallOrigin> current = new ThreadLocal<>();
    private final AtomicLong ids = new AtomicLong();

    /** A new origin with the next id, for a task titled {@code title}. */
    public CallOrigin next(String title) {
        return new CallOrigin(ids.incrementAndGet(), Objects.requireNonNull(title, "title"));
    }

    /** The origin of the work running on this thread, {@link CallOrigin#NONE} outside any. */
    public CallOrigin current() {
        CallOrigin o = current.get();
        return o == null ? CallOrigin.NONE : o;
    }

    /**
     * Runs {@code work} on this thread with {@code origin} as {@link #current()}, then restores
     * the origin that was current before (also when {@code work} throws).
     */
    public <T> T within(CallOrigin origin, Supplier<T> work) {
        CallOrigin before = current.get();
        if (origin == null || origin == CallOrigin.NONE) current.remove();
        else current.set(origin);
        try {
            return work.get();
        } finally {
            if (before == null) current.remove();
            else current.set(before);
        }
    }

    /** As {@link #within(CallOrigin, Supplier)} for work without a result. */
    public void run(CallOrigin origin, Runnable work) {
        within(origin, () -> {
            work.run();
            return null;
        });
    }

    /**
     * An executor that runs each task with the origin current where it was submitted: for the
     * executors blocking clients (the CSP REST client) run their requests on.
     */
    public Executor propagating(Executor executor) {
        Objects.requireNonNull(executor, "executor");
        return task -> {
            CallOrigin origin = current();
            if (origin == CallOrigin.NONE) executor.execute(task);
            else executor.execute(() -> run(origin, task));
        };
    }
}
