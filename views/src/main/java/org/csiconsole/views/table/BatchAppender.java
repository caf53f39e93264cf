package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Collects items from any thread and hands them to the UI in batches: however many items arrive
 * before the UI executor gets to run, they reach {@code target} as one list (one list change, one
 * re-filter and re-sort pass). Use it for pages streaming from a listing and for live traces.
 *
 * <p>{@link #addAll} answers when its items have reached the target, so a paged listing can wait
 * for the table before asking the plugin for the next page ({@link org.csiconsole.core.call.PageSink}).
 */
public final class BatchAppender<T> {
    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** Completes once the batch being collected now has reached the target. */
    private final AtomicReference<CompletableFuture<Void>> nextDrain = new AtomicReference<>(new CompletableFuture<>());
    private final Executor ui;
    private final Consumer<List<T>> target;

    /**
     * @param ui the UI executor
     * @param target receives each batch on the UI executor, never empty
     */
    public BatchAppender(Executor ui, Consumer<List<T>> target) {
        this.ui = Objects.requireNonNull(ui);
        this.target = Objects.requireNonNull(target);
    }

    public void add(T item) {
        queue.add(item);
        schedule();
    }

    /**
     * Queues {@code items} for the next batch.
     *
     * @return completes on the UI executor once the items have been handed to the target
     */
    public CompletableFuture<Void> addAll(Collection<? extends T> items) {
        if (items.isEmpty()) return CompletableFuture.completedFuture(null);
        queue.addAll(items);
        // Read after queueing: a drain that swaps the future before this line may already have taken
        // the items; then the drain scheduled below completes the returned future a little late.
        CompletableFuture<Void> drained = nextDrain.get();
        schedule();
        return drained;
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) ui.execute(this::drain);
    }

    private void drain() {
        scheduled.set(false);
        CompletableFuture<Void> drained = nextDrain.getAndSet(new CompletableFuture<>());
        List<T> batch = new ArrayList<>();
        T item;
        while ((item = queue.poll()) != null) batch.add(item);
        try {
            if (!batch.isEmpty()) target.accept(batch);
        } finally {
            drained.complete(null);
        }
    }
}
