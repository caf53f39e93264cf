package org.csiconsole.core.storage.replication;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Maps a list through an asynchronous function with at most {@code limit} calls in flight, keeping the order. */
final class Bounded {
    private Bounded() {
    }

    /**
     * Each of the {@code limit} slots takes the next item when its call ends; a call that is already
     * complete when it returns is taken in a loop, not by recursion, so any number of synchronous
     * answers (sources sampled from the listing alone) keeps the stack flat.
     *
     * @param fn must not throw; a failed future fails the whole result
     * @return the results in {@code items}' order
     */
    static <T, R> CompletableFuture<List<R>> map(List<T> items, int limit, Function<T, CompletableFuture<R>> fn) {
        return new Slots<>(items, fn).start(limit);
    }

    private static final class Slots<T, R> {
        private final List<T> items;
        private final Function<T, CompletableFuture<R>> fn;
        private final List<R> results;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger finished = new AtomicInteger();
        private final CompletableFuture<List<R>> done = new CompletableFuture<>();

        Slots(List<T> items, Function<T, CompletableFuture<R>> fn) {
            this.items = items;
            this.fn = fn;
            this.results = Collections.synchronizedList(new ArrayList<>(Collections.nCopies(items.size(), null)));
        }

        CompletableFuture<List<R>> start(int limit) {
            if (items.isEmpty()) done.complete(List.of());
            for (int k = 0; k < Math.min(limit, items.size()); k++) slot();
            return done;
        }

        /** Runs one slot until its call is in flight, or nothing is left. */
        private void slot() {
            while (true) {
                int i = next.getAndIncrement();
                if (i >= items.size() || done.isDone()) return;
                CompletableFuture<R> f;
                try {
                    f = fn.apply(items.get(i));
                } catch (RuntimeException e) {
                    f = CompletableFuture.failedFuture(e);
                }
                if (!f.isDone()) {
                    f.whenComplete((r, e) -> {
                        if (ended(i, r, e)) slot();
                    });
                    return;
                }
                R r = null;
                Throwable e = null;
                try {
                    r = f.join();
                } catch (CompletionException x) {
                    e = x.getCause();
                } catch (CancellationException x) {
                    e = x;
                }
                if (!ended(i, r, e)) return;
            }
        }

        /** Records call {@code i}'s end; true when the slot goes on to the next item. */
        private boolean ended(int i, R r, Throwable e) {
            if (e != null) {
                done.completeExceptionally(e);
                return false;
            }
            results.set(i, r);
            if (finished.incrementAndGet() == items.size()) {
                done.complete(List.copyOf(results));
                return false;
            }
            return true;
        }
    }
}
