package org.csiconsole.views.resource;

import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.core.port.StorageService;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What a storage view model is built from.
 *
 * @param storage the connection's storage port
 * @param actions runs commands with progress, cancel, notification and failure dialog
 * @param ui the UI executor ({@code Platform::runLater} in the application, direct in tests)
 * @param connectionName the connection's name, for titles ("Volumes · Demo")
 */
public record ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName) {
    public ViewContext {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        connectionName = connectionName == null ? "" : connectionName;
    }
}
