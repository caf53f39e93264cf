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
 * @param known the volumes and snapshots this console created on the connection, shared by the
 *     connection's views (shown when the driver cannot list them)
 */
public record ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName, KnownResources known) {
    public ViewContext {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        Objects.requireNonNull(known, "known");
        connectionName = connectionName == null ? "" : connectionName;
    }

    /** A context whose known resources start empty and are kept in memory ({@link KnownResources#inSession()}). */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName) {
        this(storage, actions, ui, connectionName, KnownResources.inSession());
    }
}
