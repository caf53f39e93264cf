package org.csiconsole.views.task;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * One operation over several items, run as one task: the items one after another, progress
 * {@code "3 of 10 — pvc-web"}, each item's outcome kept ({@link BulkResult}). A failed item does
 * not stop the others. Cancelling stops before the next item: the item in flight runs to its end
 * (its call is not cut off half way) and the rest are {@link ItemOutcome.Status#NOT_RUN}.
 *
 * <p>Use {@link #start} as the work of {@link TaskRunner#submit}; {@link #finished()} completes
 * with every outcome once the last item started has ended, also after the task was cancelled
 * (when the task's own outcome no longer carries the result). Used through
 * {@link org.csiconsole.views.action.ActionRunner#runEach}.
 *
 * @param <T> the item type
 */
public final class BulkWork<T> {
    private final List<T> items;
    private final Function<? super T, String> name;
    private final Function<? super T, ? extends CompletableFuture<?>> operation;
    private final Function<Throwable, String> failureText;
    private final List<ItemOutcome<T>> outcomes = new ArrayList<>();
    private final CompletableFuture<BulkResult<T>> finished = new CompletableFuture<>();

    /**
     * @param items the items, in the order to run them
     * @param name an item in words for progress and results
     * @param operation starts the operation on one item and returns its future
     * @param failureText a failure in words for the results (the failure's own message)
     */
    public BulkWork(List<T> items, Function<? super T, String> name,
                    Function<? super T, ? extends CompletableFuture<?>> operation, Function<Throwable, String> failureText) {
        this.items = List.copyOf(items);
        this.name = Objects.requireNonNull(name);
        this.operation = Objects.requireNonNull(operation);
        this.failureText = Objects.requireNonNull(failureText);
    }

    /**
     * Starts the first item. The returned future completes with the result after the last item;
     * when something failed it tells {@code p} the task ends with errors.
     */
    public CompletableFuture<BulkResult<T>> start(Progress p) {
        CompletableFuture<BulkResult<T>> result = new CompletableFuture<>();
        next(0, p, result);
        return result;
    }

    /** Completes with every item's outcome once no item runs any more (after the last, or after a cancel). */
    public CompletableFuture<BulkResult<T>> finished() {
        return finished;
    }

    public List<T> items() {
        return items;
    }

    private void next(int from, Progress p, CompletableFuture<BulkResult<T>> result) {
        // Items answered at once (a completed future) are taken in this loop, not by recursion.
        for (int i = from; ; i++) {
            boolean stop = p.isCancelled() || result.isCancelled();
            if (i == items.size() || stop) {
                BulkResult<T> r = end(i, stop && i < items.size());
                if (r.failed() > 0) p.doneWithErrors(r.failed() + " of " + r.total() + " failed");
                result.complete(r);
                finished.complete(r);
                return;
            }
            T item = items.get(i);
            String label = name.apply(item);
            p.update((double) i / items.size(), (i + 1) + " of " + items.size() + " \u2014 " + label);
            CompletableFuture<?> call;
            try {
                call = Objects.requireNonNull(operation.apply(item), "the operation returned no future");
            } catch (RuntimeException e) {
                call = CompletableFuture.failedFuture(e);
            }
            CompletableFuture<Throwable> failure = call.handle((v, e) -> e);
            if (!failure.isDone()) {
                int at = i;
                failure.thenAccept(e -> {
                    record(item, label, e);
                    next(at + 1, p, result);
                });
                return;
            }
            record(item, label, failure.join());
        }
    }

    private void record(T item, String label, Throwable e) {
        record(new ItemOutcome<>(item, label, e == null ? ItemOutcome.Status.DONE : ItemOutcome.Status.FAILED,
                e == null ? "" : failureText.apply(unwrap(e))));
    }

    private synchronized void record(ItemOutcome<T> outcome) {
        outcomes.add(outcome);
    }

    private synchronized BulkResult<T> end(int from, boolean cancelled) {
        for (int j = from; j < items.size(); j++) {
            T item = items.get(j);
            outcomes.add(new ItemOutcome<>(item, name.apply(item), ItemOutcome.Status.NOT_RUN, "cancelled before it started"));
        }
        return new BulkResult<>(outcomes, cancelled);
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while (c instanceof CompletionException && c.getCause() != null) c = c.getCause();
        return c;
    }
}
