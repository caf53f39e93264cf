package org.csiconsole.views.resource;

import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.capacity.CapacityView;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.groups.SnapshotGroupsView;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsView;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.csiconsole.views.hosts.HostsView;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.plugin.PluginView;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.views.snapshots.SnapshotsView;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.ViewRegistry;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Registers the storage views (volumes, snapshots, groups, hosts and nodes, network fence, capacity, plugin) in
 * a {@link ViewRegistry}. A connection without a storage port yet
 * ({@link ConnectionModel#storage()} null) opens the placeholder instead.
 */
public final class StorageViews {
    private StorageViews() {
    }

    /**
     * @param registry where to register
     * @param actions runs commands (progress, notification, failure dialog)
     * @param ui the UI executor
     */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui) {
        Objects.requireNonNull(actions);
        Objects.requireNonNull(ui);
        for (ResourceKind kind : ResourceKind.values()) {
            registry.register(kind, connection -> create(kind, connection, actions, ui));
        }
        return registry;
    }

    /** The view of {@code kind} for {@code connection}, or the placeholder when it has no storage port. */
    public static ResourceView create(ResourceKind kind, ConnectionModel connection, ActionRunner actions, Executor ui) {
        if (connection.storage() == null) return new PlaceholderView(kind, connection);
        ViewContext c = new ViewContext(connection.storage(), actions, ui, connection.name(), connection.changes());
        StorageTableView<?> view = switch (kind) {
            case VOLUMES -> new VolumesView(new VolumesViewModel(c));
            case SNAPSHOTS -> new SnapshotsView(new SnapshotsViewModel(c));
            case VOLUME_GROUPS -> new VolumeGroupsView(new VolumeGroupsViewModel(c));
            case SNAPSHOT_GROUPS -> new SnapshotGroupsView(new SnapshotGroupsViewModel(c));
            case HOSTS -> new HostsView(new HostsViewModel(c));
            case FENCES -> new org.csiconsole.views.fence.FenceView(new org.csiconsole.views.fence.FenceViewModel(c));
            case CAPACITY -> new CapacityView(new CapacityViewModel(c));
            case PLUGIN -> new PluginView(new PluginViewModel(c));
        };
        if (kind.counted()) keepCount(view.model(), connection, kind);
        return view;
    }

    /**
     * Keeps the navigator's count in step with a finished listing and with rows added or removed
     * later; a listing that some sources did not answer marks the count partial with them.
     */
    static void keepCount(StorageViewModel<?> model, ConnectionModel connection, ResourceKind kind) {
        Runnable update = () -> {
            List<SourceFailure> missing = model.missingProperty().get();
            if (!model.completeProperty().get() && missing.isEmpty()) return;
            connection.count(kind).set(model.table().totalCount().get());
            connection.partial(kind).set(SourceFailure.describe(missing));
        };
        model.completeProperty().addListener((o, a, b) -> update.run());
        model.missingProperty().addListener((o, a, b) -> update.run());
        model.table().totalCount().addListener((o, a, b) -> update.run());
    }
}
