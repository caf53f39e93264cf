package org.csiconsole.views.task;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.csiconsole.core.call.CallOrigins;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Runs work that returns a {@link CompletableFuture} (every core operation does) and reports its
 * progress and outcome on the UI executor: {@code Platform::runLater} in the application, a direct
 * executor in tests. The FX thread never waits: the work function must only start the work and
 * return its future.
 *
 * <p>{@link #tasks()} lists running tasks and the most recent finished ones (up to
 * {@link #KEEP_FINISHED}); it must be read and changed on the UI thread only.
 */
public final class TaskRunner {
    /** How many finished tasks stay listed before the oldest finished ones are dropped. */
    public static final int KEEP_FINISHED = 50;

    private final Executor ui;
    private final Clock clock;
    private final CallOrigins origins;
    private final ObservableList<UiTask<?>> tasks = FXCollections.observableArrayList(
            t -> new javafx.beans.Observable[]{t.stateProperty()});
    private final IntegerBinding running = Bindings.createIntegerBinding(
            () -> (int) tasks.stream().filter(t -> t.state() == TaskState.RUNNING).count(), tasks);

    /** @param ui where callbacks and property changes run */
    public TaskRunner(Executor ui) {
        this(ui, Clock.systemUTC());
    }

    public TaskRunner(Executor ui, Clock clock) {
        this(ui, clock, null);
    }

    /**
     * @param ui where callbacks and property changes run
     * @param clock when tasks start and end
     * @param origins gives each task an origin its calls are traced to ({@link CallOrigins}); null for none
     */
    public TaskRunner(Executor ui, Clock clock, CallOrigins origins) {
        this.ui = Objects.requireNonNull(ui, "ui");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.origins = origins;
    }

    /**
     * Starts {@code work} and lists it. Call on the UI thread.
     *
     * @param title what the task does, in words, e.g. {@code "Delete volume pvc-1"}
     * @param work starts the work and returns its future; it may report through the given
     *             {@link Progress}. A function that throws is treated as a failed task. The calls
     *             it starts, and those chained on their futures, are traced to the task.
     * @return the task; its {@link UiTask#outcome()} completes on the UI executor
     */
    public <T> UiTask<T> submit(String title, Function<Progress, CompletableFuture<T>> work) {
        UiTask<T> task = new UiTask<>(title, ui, clock);
        tasks.add(0, task);
        trimFinished();
        CompletableFuture<T> future;
        try {
            future = Objects.requireNonNull(origins == null ? work.apply(task.reporter())
                    : origins.within(origins.next(title), () -> work.apply(task.reporter())), "work returned no future");
        } catch (RuntimeException e) {
            future = CompletableFuture.failedFuture(e);
        }
        task.attach(future);
        return task;
    }

    /** Where task callbacks and property changes run (the UI thread in the application). */
    public Executor ui() {
        return ui;
    }

    /** Running tasks and recent finished ones, newest first. UI thread only. */
    public ObservableList<UiTask<?>> tasks() {
        return tasks;
    }

    /** Number of running tasks. */
    public IntegerBinding runningCount() {
        return running;
    }

    /** Removes every finished task from {@link #tasks()}. */
    public void clearFinished() {
        tasks.removeIf(t -> t.state().isFinal());
    }

    private void trimFinished() {
        long finished = tasks.stream().filter(t -> t.state().isFinal()).count();
        for (int i = tasks.size() - 1; i >= 0 && finished > KEEP_FINISHED; i--) {
            if (tasks.get(i).state().isFinal()) {
                tasks.remove(i);
                finished--;
            }
        }
    }
}
