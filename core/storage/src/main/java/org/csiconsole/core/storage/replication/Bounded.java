package org.csiconsole.core.storage.replication;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Maps a list through an asynchronous function with at most {@code limit} calls in flight, keeping the order. */
final class Bounded {
    private Bounded() {
    }

    /**
     * @param fn must not throw; a failed future fails the whole result
     * @return the results in {@code items}' order
     */
    static <T, R> CompletableFuture<List<R>> map(List<T> items, int limit, Function<T, CompletableFuture<R>> fn) {
        int n = items.size();
        CompletableFuture<List<R>> done = new CompletableFuture<>();
        if (n == 0) {
            done.complete(List.of());
            return done;
        }
        List<R> results = Collections.synchronizedList(new ArrayList<>(Collections.nCopies(n, null)));
        AtomicInteger next = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        Runnable[] start = new Runnable[1];
        start[0] = () -> {
            int i = next.getAndIncrement();
            if (i >= n || done.isDone()) return;
            CompletableFuture<R> f;
            try {
                f = fn.apply(items.get(i));
            } catch (RuntimeException e) {
                f = CompletableFuture.failedFuture(e);
            }
            f.whenComplete((r, e) -> {
                if (e != null) {
                    done.completeExceptionally(e);
                    return;
                }
                results.set(i, r);
                if (finished.incrementAndGet() == n) {
                    done.complete(List.copyOf(results));
                } else {
                    start[0].run();
                }
            });
        };
        for (int k = 0; k < Math.min(limit, n); k++) start[0].run();
        return done;
    }
}
