package org.csiconsole.views.workbench;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ThemeManager;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What the workbench is built from; the composition root creates each of these once and passes
 * them in. Views get what they need from here through their factories in {@link ViewRegistry}.
 *
 * @param ui the UI executor ({@code Platform::runLater} in the application)
 * @param tasks runs work with progress and cancel
 * @param notifications outcomes of actions
 * @param dialogs confirmations and failure dialogs
 * @param themes light and dark
 * @param trace the shared call trace
 * @param views which view opens for which resource kind
 */
public record WorkbenchServices(Executor ui, TaskRunner tasks, Notifications notifications, DialogService dialogs,
                                ThemeManager themes, CallTrace trace, ViewRegistry views) {
    public WorkbenchServices {
        Objects.requireNonNull(ui);
        Objects.requireNonNull(tasks);
        Objects.requireNonNull(notifications);
        Objects.requireNonNull(dialogs);
        Objects.requireNonNull(themes);
        Objects.requireNonNull(trace);
        Objects.requireNonNull(views);
    }

    /** Runs actions with progress, notification and failure dialog. */
    public ActionRunner actions() {
        return new ActionRunner(tasks, notifications, dialogs);
    }
}
