package org.csiconsole.views.action;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.BulkResult;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class RunEachTest {
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);

    @Test
    void failuresAreListedItemByItemWithTheirOwnMessageAndSummedUpInANotification() {
        CallFailure published = new CallFailure(FailureKind.FAILED_PRECONDITION, "DeleteVolume pvc-b",
                "the volume is published to node-a1", "Unpublish it first.", "code=FAILED_PRECONDITION");
        List<BulkResult<String>> told = new ArrayList<>();
        actions.runEach("Delete 3 volumes", List.of("pvc-a", "pvc-b", "pvc-c"), s -> s,
                s -> s.equals("pvc-b") ? CompletableFuture.failedFuture(published) : CompletableFuture.completedFuture(null),
                "Deleted", "volumes", told::add);

        assertThat(dialogs.summaries).containsExactly("Deleted 2 of 3 volumes; 1 failed.");
        assertThat(dialogs.results).singleElement().asList().containsExactly(
                "pvc-a: OK", "pvc-b: Failed: DeleteVolume pvc-b: the volume is published to node-a1", "pvc-c: OK");
        assertThat(notifications.items()).singleElement().satisfies(n -> {
            assertThat(n.severity()).isEqualTo(Severity.ERROR);
            assertThat(n.message()).isEqualTo("Deleted 2 of 3 volumes; 1 failed.");
        });
        assertThat(told).singleElement().satisfies(r -> assertThat(r.doneItems()).containsExactly("pvc-a", "pvc-c"));
        assertThat(dialogs.failures).as("no second dialog per failure").isEmpty();
    }

    @Test
    void allDoneIsOneSuccessNotificationWithoutAResultsDialog() {
        List<BulkResult<String>> told = new ArrayList<>();
        actions.runEach("Delete 2 snapshots", List.of("snap-1", "snap-2"), s -> s, s -> CompletableFuture.completedFuture(null),
                "Deleted", "snapshots", told::add);
        assertThat(dialogs.results).isEmpty();
        assertThat(notifications.items()).singleElement().satisfies(n -> {
            assertThat(n.severity()).isEqualTo(Severity.SUCCESS);
            assertThat(n.message()).isEqualTo("Deleted 2 of 2 snapshots.");
        });
        assertThat(told).hasSize(1);
    }

    @Test
    void aCancelledRunListsWhatWasNotRun() {
        CompletableFuture<Void> first = new CompletableFuture<>();
        List<BulkResult<String>> told = new ArrayList<>();
        var task = actions.runEach("Delete 2 volumes", List.of("pvc-a", "pvc-b"), s -> s, s -> first, "Deleted", "volumes", told::add);
        task.cancel();
        assertThat(told).as("nothing told while an item still runs").isEmpty();
        first.complete(null);
        assertThat(dialogs.summaries).containsExactly("Deleted 1 of 2 volumes; cancelled before the other 1.");
        assertThat(dialogs.results.get(0)).containsExactly("pvc-a: OK", "pvc-b: Not run: cancelled before it started");
        assertThat(notifications.items().get(0).severity()).isEqualTo(Severity.WARNING);
    }
}
