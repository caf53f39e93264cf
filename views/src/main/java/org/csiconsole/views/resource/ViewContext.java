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
 * @param known the volumes and snapshots this console created on the connection, shared by the
 *     connection's views (shown when the driver cannot list them)
 */
public record ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                          ResourceChanges changes, KnownResources known) {
    public ViewContext {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        Objects.requireNonNull(changes, "changes");
        Objects.requireNonNull(known, "known");
        connectionName = connectionName == null ? "" : connectionName;
    }

    /** A context of one view on its own (as in tests): it shares no changes, and its known resources start empty. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName) {
        this(storage, actions, ui, connectionName, new ResourceChanges(), KnownResources.inSession());
    }

    /** A context sharing {@code changes} with other views, its known resources kept in memory. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName, ResourceChanges changes) {
        this(storage, actions, ui, connectionName, changes, KnownResources.inSession());
    }

    /** A context sharing {@code known} with other views, and no changes. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName, KnownResources known) {
        this(storage, actions, ui, connectionName, new ResourceChanges(), known);
    }
}
