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
 * executor is {@linkplain #carrying wrapped}.
 *
 * <p>The origin is held per thread, like gRPC's {@code Context}, one for the process (each
 * instance, one per {@link CallTrace}, numbers its own origins): a thread outside {@link #within}
 * sees {@link CallOrigin#NONE}, and code that waits on a timer of its own hands the origin on with
 * {@link #carrying}.
 */
public final class CallOrigins {
    private static final ThreadLocal<CallOrigin> CURRENT = new ThreadLocal<>();
    private final AtomicLong ids = new AtomicLong();

    /** A new origin with the next id, for a task titled {@code title}. */
    public CallOrigin next(String title) {
        return new CallOrigin(ids.incrementAndGet(), Objects.requireNonNull(title, "title"));
    }

    /** The origin of the work running on this thread, {@link CallOrigin#NONE} outside any. */
    public CallOrigin current() {
        CallOrigin o = CURRENT.get();
        return o == null ? CallOrigin.NONE : o;
    }

    /**
     * Runs {@code work} on this thread with {@code origin} as {@link #current()}, then restores
     * the origin that was current before (also when {@code work} throws).
     */
    public <T> T within(CallOrigin origin, Supplier<T> work) {
        CallOrigin before = CURRENT.get();
        if (origin == null || origin == CallOrigin.NONE) CURRENT.remove();
        else CURRENT.set(origin);
        try {
            return work.get();
        } finally {
            if (before == null) CURRENT.remove();
            else CURRENT.set(before);
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
     * {@code executor} running each task with the origin current on the thread that hands it over:
     * for the executors blocking clients (the CSP REST client) run their requests on, and for work
     * that goes on after a wait (a poll's next read after its interval), whose calls would otherwise
     * count to no task.
     */
    public static Executor carrying(Executor executor) {
        Objects.requireNonNull(executor, "executor");
        return task -> {
            CallOrigin origin = CURRENT.get();
            if (origin == null) executor.execute(task);
            else executor.execute(() -> runWithin(origin, task));
        };
    }

    /**
     * A daemon thread named {@code name}, not started, whose {@code work} runs with the origin
     * current where the thread is made: for a probe, a discovery or an exercise on a thread of its own.
     */
    public static Thread thread(String name, Runnable work) {
        Objects.requireNonNull(work, "work");
        CallOrigin origin = CURRENT.get();
        Thread t = new Thread(origin == null ? work : () -> runWithin(origin, work), name);
        t.setDaemon(true);
        return t;
    }

    private static void runWithin(CallOrigin origin, Runnable work) {
        CallOrigin before = CURRENT.get();
        CURRENT.set(origin);
        try {
            work.run();
        } finally {
            if (before == null) CURRENT.remove();
            else CURRENT.set(before);
        }
    }
}
