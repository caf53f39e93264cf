package org.csiconsole.views.resource;

import org.csiconsole.core.port.Availability;
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
import org.csiconsole.views.table.TableLayouts;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.PlaceholderView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.ViewRegistry;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.csiconsole.core.call.TraceEntry;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

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
        return registerAll(registry, actions, ui, new TableLayouts());
    }

    /**
     * As {@link #registerAll(ViewRegistry, ActionRunner, Executor)}, each view's table opening with
     * the layout remembered in {@code layouts} for its kind ({@link #layoutKey}) and keeping it there.
     */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui, TableLayouts layouts) {
        Supplier<List<TraceEntry>> none = List::of;
        return registerAll(registry, actions, ui, layouts, none);
    }

    /**
     * As {@link #registerAll(ViewRegistry, ActionRunner, Executor, TableLayouts)}, the views reading this
     * console's own lifecycle calls from {@code trace} (the shared call trace's snapshot), so every view
     * knows the same publications and stagings the console made.
     */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui, TableLayouts layouts,
                                           Supplier<List<TraceEntry>> trace) {
        return registerAll(registry, actions, ui, layouts, trace, new org.csiconsole.core.audit.OverrideMarks());
    }

    /** As the overload above, the calls a person sends anyway against the console's refusal announced to {@code overrides}. */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui, TableLayouts layouts,
                                           Supplier<List<TraceEntry>> trace, org.csiconsole.core.audit.OverrideMarks overrides) {
        // What the console created on a connection stays known while the application runs, across
        // reconnects and views opened again.
        Map<ConnectionModel, KnownResources> session = new WeakHashMap<>();
        return registerAll(registry, actions, ui, layouts, c -> session.computeIfAbsent(c, x -> KnownResources.inSession()), trace, overrides);
    }

    /**
     * As {@link #registerAll(ViewRegistry, ActionRunner, Executor, TableLayouts)}, with the
     * resources known to this console per connection from {@code known} (called on the UI thread).
     */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui, TableLayouts layouts,
                                           Function<ConnectionModel, KnownResources> known) {
        return registerAll(registry, actions, ui, layouts, known, List::of, new org.csiconsole.core.audit.OverrideMarks());
    }

    /** As the overload above, the views reading this console's own calls from {@code trace}, announcing overrides to {@code overrides}. */
    public static ViewRegistry registerAll(ViewRegistry registry, ActionRunner actions, Executor ui, TableLayouts layouts,
                                           Function<ConnectionModel, KnownResources> known, Supplier<List<TraceEntry>> trace,
                                           org.csiconsole.core.audit.OverrideMarks overrides) {
        Objects.requireNonNull(trace);
        Objects.requireNonNull(actions);
        Objects.requireNonNull(ui);
        Objects.requireNonNull(layouts);
        Objects.requireNonNull(known);
        for (ResourceKind kind : ResourceKind.values()) {
            registry.register(kind, connection -> {
                ResourceView view = create(kind, connection, actions, ui, known.apply(connection), trace, overrides);
                if (view instanceof StorageTableView<?> table) table.table().rememberLayout(layouts, layoutKey(kind));
                return view;
            });
        }
        return registry;
    }

    /** The key a kind's table layout is remembered under: {@code volumes}, {@code volume-groups}, ... */
    public static String layoutKey(ResourceKind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The view of {@code kind} for {@code connection}, or the placeholder when it has no storage port. */
    public static ResourceView create(ResourceKind kind, ConnectionModel connection, ActionRunner actions, Executor ui) {
        return create(kind, connection, actions, ui, KnownResources.inSession());
    }

    /** The view of {@code kind} for {@code connection} showing {@code known} where the driver cannot list; the placeholder without a storage port. */
    public static ResourceView create(ResourceKind kind, ConnectionModel connection, ActionRunner actions, Executor ui, KnownResources known) {
        return create(kind, connection, actions, ui, known, List::of, new org.csiconsole.core.audit.OverrideMarks());
    }

    /** As the overload above, the view reading this console's own calls from {@code trace} and announcing overrides to {@code overrides}. */
    public static ResourceView create(ResourceKind kind, ConnectionModel connection, ActionRunner actions, Executor ui, KnownResources known,
                                      Supplier<List<TraceEntry>> trace, org.csiconsole.core.audit.OverrideMarks overrides) {
        if (connection.storage() == null) return new PlaceholderView(kind, connection);
        // while the driver does not answer, no destructive action is sent on facts read before
        java.util.concurrent.atomic.AtomicReference<java.time.Instant> lostAt = new java.util.concurrent.atomic.AtomicReference<>();
        connection.stateProperty().addListener((o, was, now) -> {
            if (was != null && was.up() && (now == null || !now.up())) lostAt.set(java.time.Instant.now());
        });
        ViewContext c = new ViewContext(connection.storage(), actions, ui, connection.name(), connection.changes(), known, trace,
                new org.csiconsole.core.risk.RiskModel().on(connection.describe())
                        .whileConnected(() -> connection.stateProperty().get(), lostAt::get), overrides, connection.stateProperty());
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
     * later; a listing that some sources did not answer marks the count partial with them. A
     * listing the driver does not offer counts the rows this console still shows (its record's), with the
     * view's note of where they come from; with none, the count is {@link ConnectionModel#CANNOT_LIST}, with
     * the reason.
     */
    static void keepCount(StorageViewModel<?> model, ConnectionModel connection, ResourceKind kind) {
        Runnable update = () -> {
            if (model.unsupportedProperty().get()) {
                // A service the driver does not serve stays "not served": that says more than "cannot list".
                if (connection.count(kind).get() == ConnectionModel.NOT_SERVED) return;
                int shown = model.table().totalCount().get();
                connection.count(kind).set(Availability.notRecorded(model.statusProperty().get()) ? ConnectionModel.NOT_RECORDED
                        : shown > 0 ? shown : ConnectionModel.CANNOT_LIST);
                connection.partial(kind).set(model.statusProperty().get());
                return;
            }
            List<SourceFailure> missing = model.missingProperty().get();
            if (!model.completeProperty().get() && missing.isEmpty()) return;
            connection.count(kind).set(model.table().totalCount().get());
            connection.partial(kind).set(SourceFailure.describe(missing));
        };
        model.completeProperty().addListener((o, a, b) -> update.run());
        model.unsupportedProperty().addListener((o, a, b) -> update.run());
        model.missingProperty().addListener((o, a, b) -> update.run());
        model.table().totalCount().addListener((o, a, b) -> update.run());
    }
}
