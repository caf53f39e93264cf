package org.csiconsole.views.resource;

import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ResourceChanges;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What a storage view model is built from.
 *
 * @param storage the connection's storage port
 * @param actions runs commands with progress, cancel, notification and failure dialog
 * @param ui the UI executor ({@code Platform::runLater} in the application, direct in tests)
 * @param connectionName the connection's name, for titles ("Volumes · Demo")
 * @param changes what the views of the same connection changed (see {@link ResourceChanges})
 */
public record ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                          ResourceChanges changes) {
    public ViewContext {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        Objects.requireNonNull(changes, "changes");
        connectionName = connectionName == null ? "" : connectionName;
    }

    /** A context whose views share no changes with any other (one view on its own, as in tests). */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName) {
        this(storage, actions, ui, connectionName, new ResourceChanges());
    }
}
