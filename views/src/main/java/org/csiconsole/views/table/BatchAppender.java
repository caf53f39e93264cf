package org.csiconsole.views.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Collects items from any thread and hands them to the UI in batches: however many items arrive
 * before the UI executor gets to run, they reach {@code target} as one list (one list change, one
 * re-filter and re-sort pass). Use it for pages streaming from a listing and for live traces.
 */
public final class BatchAppender<T> {
    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
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

    public void addAll(Collection<? extends T> items) {
        if (items.isEmpty()) return;
        queue.addAll(items);
        schedule();
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) ui.execute(this::drain);
    }

    private void drain() {
        scheduled.set(false);
        List<T> batch = new ArrayList<>();
        T item;
        while ((item = queue.poll()) != null) batch.add(item);
        if (!batch.isEmpty()) target.accept(batch);
    }
}
