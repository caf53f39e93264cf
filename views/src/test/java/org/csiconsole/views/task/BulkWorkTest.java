package org.csiconsole.views.task;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class BulkWorkTest {
    private final TaskRunner tasks = new TaskRunner(Runnable::run);

    private static BulkWork<String> work(List<String> items, java.util.function.Function<String, CompletableFuture<?>> op) {
        return new BulkWork<>(items, s -> s, op, Throwable::getMessage);
    }

    @Test
    void aFailedItemDoesNotStopTheOthersAndEveryOutcomeIsKept() {
        List<String> called = new ArrayList<>();
        BulkWork<String> work = work(List.of("pvc-a", "pvc-b", "pvc-c"), s -> {
            called.add(s);
            return s.equals("pvc-b") ? CompletableFuture.failedFuture(new IllegalStateException("volume is published"))
                    : CompletableFuture.completedFuture(null);
        });
        UiTask<BulkResult<String>> task = tasks.submit("Delete 3 volumes", work::start);

        assertThat(called).containsExactly("pvc-a", "pvc-b", "pvc-c");
        BulkResult<String> result = work.finished().join();
        assertThat(result.outcomes()).extracting(o -> o.name() + " " + o.describe())
                .containsExactly("pvc-a OK", "pvc-b Failed: volume is published", "pvc-c OK");
        assertThat(result.doneItems()).containsExactly("pvc-a", "pvc-c");
        assertThat(result.summary("Deleted", "volumes")).isEqualTo("Deleted 2 of 3 volumes; 1 failed");
        assertThat(task.state()).isEqualTo(TaskState.DONE_WITH_ERRORS);
        assertThat(task.messageProperty().get()).isEqualTo("1 of 3 failed");
        assertThat(task.outcome().join()).isEqualTo(result);
    }

    @Test
    void everyItemDoneEndsTheTaskDone() {
        BulkWork<String> work = work(List.of("snap-1", "snap-2"), s -> CompletableFuture.completedFuture(s));
        UiTask<BulkResult<String>> task = tasks.submit("Delete 2 snapshots", work::start);
        assertThat(task.state()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(work.finished().join().allDone()).isTrue();
        assertThat(work.finished().join().summary("Deleted", "snapshots")).isEqualTo("Deleted 2 of 2 snapshots");
    }

    @Test
    void progressSaysWhichItemOfHowManyIsRunning() {
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        BulkWork<String> work = work(List.of("pvc-a", "pvc-b", "pvc-c"), s -> {
            CompletableFuture<Void> f = new CompletableFuture<>();
            calls.add(f);
            return f;
        });
        UiTask<BulkResult<String>> task = tasks.submit("Delete 3 volumes", work::start);
        assertThat(task.messageProperty().get()).isEqualTo("1 of 3 \u2014 pvc-a");
        calls.get(0).complete(null);
        assertThat(task.messageProperty().get()).isEqualTo("2 of 3 \u2014 pvc-b");
        assertThat(task.progressProperty().get()).isEqualTo(1.0 / 3);
    }

    @Test
    void cancellingStopsBeforeTheNextItemAndStillReportsTheOneInFlight() {
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        BulkWork<String> work = work(List.of("pvc-a", "pvc-b", "pvc-c"), s -> {
            CompletableFuture<Void> f = new CompletableFuture<>();
            calls.add(f);
            return f;
        });
        UiTask<BulkResult<String>> task = tasks.submit("Delete 3 volumes", work::start);
        task.cancel();
        assertThat(task.state()).isEqualTo(TaskState.CANCELLED);
        assertThat(work.finished()).isNotDone();

        calls.get(0).complete(null);

        assertThat(calls).hasSize(1);
        BulkResult<String> result = work.finished().join();
        assertThat(result.cancelled()).isTrue();
        assertThat(result.outcomes()).extracting(ItemOutcome::status)
                .containsExactly(ItemOutcome.Status.DONE, ItemOutcome.Status.NOT_RUN, ItemOutcome.Status.NOT_RUN);
        assertThat(result.summary("Deleted", "volumes")).isEqualTo("Deleted 1 of 3 volumes; cancelled before the other 2");
    }

    @Test
    void anOperationThatThrowsCountsAsThatItemFailing() {
        BulkWork<String> work = work(List.of("pvc-a", "pvc-b"), s -> {
            if (s.equals("pvc-a")) throw new IllegalArgumentException("bad volume_id");
            return CompletableFuture.completedFuture(null);
        });
        tasks.submit("Delete 2 volumes", work::start);
        assertThat(work.finished().join().outcomes()).extracting(ItemOutcome::describe)
                .containsExactly("Failed: bad volume_id", "OK");
    }

    @Test
    void manyItemsAnsweredAtOnceRunWithoutDeepRecursion() {
        List<String> items = java.util.stream.IntStream.range(0, 20_000).mapToObj(i -> "vol-" + i).toList();
        BulkWork<String> work = work(items, s -> CompletableFuture.completedFuture(null));
        tasks.submit("Delete 20000 volumes", work::start);
        assertThat(work.finished().join().done()).isEqualTo(20_000);
    }
}
