package org.csiconsole.views.task;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One piece of work started through {@link TaskRunner}: its title, state, progress and outcome.
 * Properties change only on the UI executor. {@link #outcome()} completes on the UI executor too,
 * after the properties show the final state.
 *
 * @param <T> the result type
 */
public final class UiTask<T> {
    private final String title;
    private final Instant started;
    private final java.time.Clock clock;
    private final ReadOnlyObjectWrapper<Instant> ended = new ReadOnlyObjectWrapper<>(this, "ended");
    private final Executor ui;
    private final ReadOnlyObjectWrapper<TaskState> state = new ReadOnlyObjectWrapper<>(this, "state", TaskState.RUNNING);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", Progress.INDETERMINATE);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<Throwable> failure = new ReadOnlyObjectWrapper<>(this, "failure");
    private final CompletableFuture<T> outcome = new CompletableFuture<>();
    private final AtomicBoolean cancelRequested = new AtomicBoolean();
    private final AtomicReference<double[]> pendingFraction = new AtomicReference<>();
    private final AtomicReference<String> pendingMessage = new AtomicReference<>();
    private final AtomicBoolean updateScheduled = new AtomicBoolean();
    private final AtomicReference<String> errors = new AtomicReference<>();
    private volatile CompletableFuture<T> work;

    UiTask(String title, Executor ui, java.time.Clock clock) {
        this.title = title;
        this.ui = ui;
        this.clock = clock;
        this.started = clock.instant();
    }

    /** The reporter handed to the work. */
    Progress reporter() {
        return new Progress() {
            @Override
            public void update(double fraction, String text) {
                pendingFraction.set(new double[]{fraction});
                pendingMessage.set(text == null ? "" : text);
                if (updateScheduled.compareAndSet(false, true)) ui.execute(UiTask.this::applyProgress);
            }

            @Override
            public void doneWithErrors(String what) {
                errors.set(what == null ? "" : what);
            }

            @Override
            public boolean isCancelled() {
                return cancelRequested.get();
            }
        };
    }

    void attach(CompletableFuture<T> future) {
        this.work = future;
        future.whenComplete((value, error) -> ui.execute(() -> finish(value, error)));
    }

    private void applyProgress() {
        updateScheduled.set(false);
        if (state.get().isFinal()) return;
        double[] f = pendingFraction.get();
        if (f != null) progress.set(f[0]);
        String m = pendingMessage.get();
        if (m != null) message.set(m);
    }

    private void finish(T value, Throwable error) {
        if (state.get().isFinal()) return;
        ended.set(clock.instant());
        Throwable cause = unwrap(error);
        if (cause == null) {
            progress.set(1);
            String partly = errors.get();
            if (partly != null) message.set(partly);
            state.set(partly == null ? TaskState.SUCCEEDED : TaskState.DONE_WITH_ERRORS);
            outcome.complete(value);
        } else if (cause instanceof CancellationException || cancelRequested.get()) {
            state.set(TaskState.CANCELLED);
            message.set("Cancelled");
            outcome.completeExceptionally(cause instanceof CancellationException ? cause : new CancellationException());
        } else {
            failure.set(cause);
            state.set(TaskState.FAILED);
            outcome.completeExceptionally(cause);
        }
    }

    /**
     * Asks the work to stop: cancels its future (which cancels the underlying call in core) and
     * marks the task cancelled. Does nothing once the task has finished. Call on the UI thread.
     */
    public void cancel() {
        if (state.get().isFinal() || !cancelRequested.compareAndSet(false, true)) return;
        CompletableFuture<T> w = work;
        if (w != null) w.cancel(true);
        finish(null, new CancellationException("Cancelled by the user"));
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while (c instanceof CompletionException && c.getCause() != null) c = c.getCause();
        return c;
    }

    public String title() {
        return title;
    }

    public Instant started() {
        return started;
    }

    /** When the task succeeded, failed or was cancelled; null while it runs. */
    public ReadOnlyObjectProperty<Instant> endedProperty() {
        return ended.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TaskState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public TaskState state() {
        return state.get();
    }

    /** 0..1, or {@link Progress#INDETERMINATE}; 1 once succeeded. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The failure (unwrapped from {@code CompletionException}), set when the state is FAILED. */
    public ReadOnlyObjectProperty<Throwable> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /**
     * Completes on the UI executor with the result, or exceptionally with the failure or a
     * {@link CancellationException}.
     */
    public CompletableFuture<T> outcome() {
        return outcome;
    }
}
