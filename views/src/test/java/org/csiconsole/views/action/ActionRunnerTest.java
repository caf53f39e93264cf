package org.csiconsole.views.action;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.UiTask;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

class ActionRunnerTest {
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);

    @Test
    void successIsANotificationAndNoDialog() {
        actions.run("Create volume pvc-1", p -> CompletableFuture.completedFuture("vol-1"), id -> "Created " + id + ".");
        assertThat(notifications.items()).singleElement().satisfies(n -> {
            assertThat(n.severity()).isEqualTo(Severity.SUCCESS);
            assertThat(n.message()).isEqualTo("Created vol-1.");
        });
        assertThat(dialogs.failures).isEmpty();
        assertThat(notifications.unreadProperty().get()).isEqualTo(1);
    }

    @Test
    void callFailureReachesThePersonOnceInWords() {
        CallFailure busy = new CallFailure(FailureKind.BUSY, "DeleteVolume pvc-1",
                "another operation is pending on this volume (ABORTED)", "Wait for it to finish, then try again.", "code=ABORTED");
        actions.run("Delete volume pvc-1", p -> CompletableFuture.failedFuture(new CompletionException(busy)), v -> "Deleted.");
        assertThat(dialogs.failures).containsExactly(busy);
        assertThat(notifications.items()).singleElement()
                .satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.ERROR));
    }

    @Test
    void unexpectedErrorsBecomeAnInternalFailureWithDetail() {
        actions.run("Refresh", p -> CompletableFuture.failedFuture(new NullPointerException("x")), v -> "");
        assertThat(dialogs.failures).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(FailureKind.INTERNAL);
            assertThat(f.what()).isEqualTo("Refresh");
            assertThat(f.detail()).contains("NullPointerException");
            assertThat(f.whatToDo()).isNotBlank();
        });
    }

    @Test
    void cancelIsNotAFailure() {
        UiTask<Object> task = actions.run("Expand volume", p -> new CompletableFuture<>(), v -> "Expanded.");
        task.cancel();
        assertThat(dialogs.failures).isEmpty();
        assertThat(notifications.items()).singleElement().satisfies(n -> {
            assertThat(n.severity()).isEqualTo(Severity.INFO);
            assertThat(n.message()).isEqualTo("Cancelled.");
        });
    }

    @Test
    void aFailedSubmissionOfAShowingFormGoesIntoTheFormInsteadOfADialog() {
        org.csiconsole.views.form.Form form = new org.csiconsole.views.form.Form("Create volume", "", "Create");
        form.showingProperty().set(true);
        CallFailure refused = new CallFailure(FailureKind.INVALID_ARGUMENT, "CreateVolume pvc-1",
                "fs_type ext4 is not supported", "Leave the file system empty for the driver's default.", "code=INVALID_ARGUMENT");
        CompletableFuture<String> pending = new CompletableFuture<>();
        actions.run(form, "Create volume pvc-1", p -> pending, v -> "Created.");
        assertThat(form.busyProperty().get()).isTrue();

        pending.completeExceptionally(refused);

        assertThat(form.busyProperty().get()).isFalse();
        assertThat(form.failureProperty().get()).isSameAs(refused);
        assertThat(dialogs.failures).isEmpty();
        assertThat(notifications.items()).isEmpty();
    }

    @Test
    void aFailedSubmissionOfAFormNoLongerShowingIsReportedInADialog() {
        org.csiconsole.views.form.Form form = new org.csiconsole.views.form.Form("Create volume", "", "Create");
        CallFailure refused = new CallFailure(FailureKind.INVALID_ARGUMENT, "CreateVolume pvc-1", "bad size", "", "");
        actions.run(form, "Create volume pvc-1", p -> CompletableFuture.failedFuture(refused), v -> "Created.");
        assertThat(dialogs.failures).containsExactly(refused);
        assertThat(notifications.items()).singleElement().satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.ERROR));
    }
}
