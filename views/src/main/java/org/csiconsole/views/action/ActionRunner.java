package org.csiconsole.views.action;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.BulkResult;
import org.csiconsole.views.task.BulkWork;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.task.Progress;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.UiTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
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
        return run(form, title, work, success, v -> Severity.SUCCESS);
    }

    /**
     * As {@link #run(Form, String, Function, Function)}, with the outcome notification's severity
     * chosen by the result: a call that answered OK with a negative answer (ValidateVolumeCapabilities
     * not confirmed, say) is told as a warning rather than a success.
     *
     * @param severity the notification's severity for a result
     */
    public <T> UiTask<T> run(Form form, String title, Function<Progress, CompletableFuture<T>> work,
                             Function<? super T, String> success, Function<? super T, Severity> severity) {
        if (form != null) {
            form.failureProperty().set(null);
            form.busyProperty().set(true);
        }
        UiTask<T> task = tasks.submit(title, work);
        task.outcome().whenComplete((value, error) -> {
            if (form != null) form.busyProperty().set(false);
            if (error == null) {
                notifications.post(severity.apply(value), title, success.apply(value));
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

    /**
     * Runs {@code operation} on each of {@code items} as one task ({@link BulkWork}): progress
     * {@code "3 of 10 — pvc-web"}, cancellable before the next item, a failed item not stopping the
     * others. When every item has ended (also after a cancel), on the UI executor: each failure is
     * logged once; a notification gives the summary ({@code "Deleted 8 of 10 volumes; 2 failed"}),
     * success when all were done, an error when any failed, a warning when cancelled; when not all
     * were done, {@link DialogService#showResults} lists every item's outcome (OK, or the failure's
     * own message); then {@code then} gets the result (to drop deleted rows, say).
     *
     * @param title the action in words, e.g. {@code "Delete 10 volumes"}
     * @param items the items, in the order to run them
     * @param name an item in words, e.g. its name
     * @param operation starts the operation on one item and returns its future
     * @param verb what was done, past tense, for the summary: {@code "Deleted"}
     * @param noun the items, plural, for the summary: {@code "volumes"}
     * @param then gets the result on the UI executor after the person was told
     * @return the task; cancelling it stops before the next item
     */
    public <T> UiTask<BulkResult<T>> runEach(String title, List<T> items, Function<? super T, String> name,
                                             Function<? super T, ? extends CompletableFuture<?>> operation,
                                             String verb, String noun, Consumer<BulkResult<T>> then) {
        BulkWork<T> work = new BulkWork<>(items, name, operation, e -> Failures.of(title, e).getMessage());
        UiTask<BulkResult<T>> task = tasks.submit(title, work::start);
        work.finished().whenComplete((result, error) -> tasks.ui().execute(() -> {
            if (error != null) {
                // Not expected: BulkWork records every failure per item. Told rather than lost.
                CallFailure failure = Failures.of(title, error);
                LOG.warn("{}", failure.describe());
                notifications.error(title, failure.getMessage());
                dialogs.showFailure(failure);
                return;
            }
            for (ItemOutcome<T> o : result.outcomes()) {
                if (o.status() == ItemOutcome.Status.FAILED) LOG.warn("{}: {}: {}", title, o.name(), o.message());
            }
            String summary = result.summary(verb, noun) + ".";
            if (result.allDone()) {
                notifications.success(title, summary);
            } else {
                if (result.failed() > 0) notifications.error(title, summary);
                else notifications.warning(title, summary);
                dialogs.showResults(title, summary, List.copyOf(result.outcomes()));
            }
            then.accept(result);
        }));
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
