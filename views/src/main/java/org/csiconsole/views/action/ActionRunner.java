package org.csiconsole.views.action;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.Progress;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.UiTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Runs a person's action end to end: as a task (progress, cancel), with its outcome as a
 * notification, and a failure shown once in a dialog in words. The failure is logged here, where it
 * is handled, and nowhere else. View models use this for every command that changes storage.
 */
public final class ActionRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ActionRunner.class);

    private final TaskRunner tasks;
    private final Notifications notifications;
    private final DialogService dialogs;

    public ActionRunner(TaskRunner tasks, Notifications notifications, DialogService dialogs) {
        this.tasks = Objects.requireNonNull(tasks);
        this.notifications = Objects.requireNonNull(notifications);
        this.dialogs = Objects.requireNonNull(dialogs);
    }

    /**
     * @param title the action in words, e.g. {@code "Delete volume pvc-1"}
     * @param work starts the core operation and returns its future
     * @param success the outcome sentence for a result, e.g. {@code v -> "Deleted."}
     * @return the task; its outcome completes on the UI executor after the notification is posted
     */
    public <T> UiTask<T> run(String title, Function<Progress, CompletableFuture<T>> work, Function<? super T, String> success) {
        return run(null, title, work, success);
    }

    /**
     * As {@link #run(String, Function, Function)} for the submission of {@code form}: while the task
     * runs the form is busy; a failure (other than a cancel) goes into the form's
     * {@link Form#failureProperty()} when the form is still on screen, instead of a failure dialog
     * and an error notification, so the person corrects the values where they typed them. A form
     * no longer showing gets the usual failure dialog.
     *
     * @param form the form being submitted; null behaves as {@link #run(String, Function, Function)}
     */
    public <T> UiTask<T> run(Form form, String title, Function<Progress, CompletableFuture<T>> work,
                             Function<? super T, String> success) {
        if (form != null) {
            form.failureProperty().set(null);
            form.busyProperty().set(true);
        }
        UiTask<T> task = tasks.submit(title, work);
        task.outcome().whenComplete((value, error) -> {
            if (form != null) form.busyProperty().set(false);
            if (error == null) {
                notifications.success(title, success.apply(value));
                return;
            }
            CallFailure failure = Failures.of(title, error);
            if (failure.kind() == FailureKind.CANCELLED) {
                notifications.info(title, "Cancelled.");
                return;
            }
            LOG.warn("{}", failure.describe());
            if (form != null && form.showingProperty().get()) {
                form.failureProperty().set(failure);
                return;
            }
            notifications.error(title, failure.getMessage());
            dialogs.showFailure(failure);
        });
        return task;
    }

    public TaskRunner tasks() {
        return tasks;
    }

    public Notifications notifications() {
        return notifications;
    }

    public DialogService dialogs() {
        return dialogs;
    }
}
