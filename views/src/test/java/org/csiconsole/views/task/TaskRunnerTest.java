package org.csiconsole.views.task;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class TaskRunnerTest {
    /** Runs posted callbacks only when the test says so, like a UI thread that is busy. */
    static final class ManualExecutor implements Executor {
        final Queue<Runnable> queue = new ArrayDeque<>();

        @Override
        public void execute(Runnable r) {
            queue.add(r);
        }

        int runAll() {
            int n = 0;
            Runnable r;
            while ((r = queue.poll()) != null) {
                r.run();
                n++;
            }
            return n;
        }
    }

    @Test
    void successReachesTheUiExecutorWithResult() {
        ManualExecutor ui = new ManualExecutor();
        TaskRunner runner = new TaskRunner(ui);
        CompletableFuture<String> work = new CompletableFuture<>();
        UiTask<String> task = runner.submit("Create volume pvc-1", p -> work);

        assertThat(runner.tasks()).containsExactly(task);
        assertThat(runner.runningCount().get()).isEqualTo(1);
        work.complete("vol-1");
        assertThat(task.state()).as("not before the UI executor runs").isEqualTo(TaskState.RUNNING);
        ui.runAll();
        assertThat(task.state()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(task.outcome()).isCompletedWithValue("vol-1");
        assertThat(task.progressProperty().get()).isEqualTo(1.0);
        assertThat(runner.runningCount().get()).isZero();
    }

    @Test
    void failureIsUnwrappedAndKept() {
        TaskRunner runner = new TaskRunner(Runnable::run);
        IllegalStateException boom = new IllegalStateException("boom");
        UiTask<Object> task = runner.submit("Delete volume", p -> CompletableFuture.supplyAsync(() -> {
            throw boom;
        }, Runnable::run));
        assertThat(task.state()).isEqualTo(TaskState.FAILED);
        assertThat(task.failureProperty().get()).isSameAs(boom);
        assertThat(task.outcome()).isCompletedExceptionally();
    }

    @Test
    void aWorkFunctionThatThrowsIsAFailedTask() {
        TaskRunner runner = new TaskRunner(Runnable::run);
        UiTask<Object> task = runner.submit("List volumes", p -> {
            throw new IllegalArgumentException("bad page token");
        });
        assertThat(task.state()).isEqualTo(TaskState.FAILED);
        assertThat(task.failureProperty().get()).hasMessage("bad page token");
    }

    @Test
    void cancelCancelsTheWorkAndMarksTheTask() {
        TaskRunner runner = new TaskRunner(Runnable::run);
        CompletableFuture<String> work = new CompletableFuture<>();
        AtomicReference<Progress> progress = new AtomicReference<>();
        UiTask<String> task = runner.submit("Expand volume", p -> {
            progress.set(p);
            return work;
        });
        task.cancel();
        assertThat(work).isCancelled();
        assertThat(progress.get().isCancelled()).isTrue();
        assertThat(task.state()).isEqualTo(TaskState.CANCELLED);
        assertThat(task.outcome()).isCompletedExceptionally();
        assertThat(task.outcome().handle((v, e) -> e).join()).isInstanceOf(CancellationException.class);
        task.cancel();
        assertThat(task.state()).isEqualTo(TaskState.CANCELLED);
    }

    @Test
    void progressUpdatesAreCoalescedIntoOneUiCallback() {
        ManualExecutor ui = new ManualExecutor();
        TaskRunner runner = new TaskRunner(ui);
        AtomicReference<Progress> progress = new AtomicReference<>();
        UiTask<Void> task = runner.submit("List volumes", p -> {
            progress.set(p);
            return new CompletableFuture<>();
        });
        for (int page = 1; page <= 100; page++) progress.get().update(page / 100.0, "Read " + page + " pages");
        assertThat(ui.runAll()).isEqualTo(1);
        assertThat(task.progressProperty().get()).isEqualTo(1.0);
        assertThat(task.messageProperty().get()).isEqualTo("Read 100 pages");
    }

    @Test
    void finishedTasksAreTrimmedAndCanBeCleared() {
        TaskRunner runner = new TaskRunner(Runnable::run);
        for (int i = 0; i < TaskRunner.KEEP_FINISHED + 10; i++) {
            runner.submit("t" + i, p -> CompletableFuture.completedFuture(null));
        }
        UiTask<Object> running = runner.submit("running", p -> new CompletableFuture<>());
        assertThat(runner.tasks()).hasSizeLessThanOrEqualTo(TaskRunner.KEEP_FINISHED + 1).contains(running);
        runner.clearFinished();
        assertThat(runner.tasks()).containsExactly(running);
    }

    /** A clock the test moves by hand. */
    static final class HandClock extends java.time.Clock {
        java.time.Instant now = java.time.Instant.parse("2026-11-25T08:01:02Z");

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public java.time.Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return now;
        }
    }

    @Test
    void aTaskKnowsWhenItStartedAndWhenItEnded() {
        ManualExecutor ui = new ManualExecutor();
        HandClock clock = new HandClock();
        TaskRunner runner = new TaskRunner(ui, clock);
        CompletableFuture<String> work = new CompletableFuture<>();
        UiTask<String> task = runner.submit("Delete volume pvc-1", p -> work);
        assertThat(task.started()).isEqualTo(java.time.Instant.parse("2026-11-25T08:01:02Z"));
        assertThat(task.endedProperty().get()).isNull();

        clock.now = clock.now.plusMillis(3_100);
        work.completeExceptionally(new IllegalStateException("refused"));
        ui.runAll();
        assertThat(task.endedProperty().get()).isEqualTo(java.time.Instant.parse("2026-11-25T08:01:05.100Z"));
    }

    @Test
    void theCallsATaskStartsAreTracedToItByItsTitle() {
        org.csiconsole.core.call.CallOrigins origins = new org.csiconsole.core.call.CallTrace().origins();
        TaskRunner runner = new TaskRunner(Runnable::run, java.time.Clock.systemUTC(), origins);
        AtomicReference<org.csiconsole.core.call.CallOrigin> seen = new AtomicReference<>();

        runner.submit("Delete volume pvc-1", p -> {
            seen.set(origins.current());
            return CompletableFuture.completedFuture(null);
        });

        assertThat(seen.get().title()).isEqualTo("Delete volume pvc-1");
        assertThat(seen.get().isTask()).isTrue();
        assertThat(origins.current()).as("not after the task started its work").isEqualTo(org.csiconsole.core.call.CallOrigin.NONE);
    }
}
