package org.csiconsole.views.lifecycle;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.lifecycle.DiagramLayout;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.core.lifecycle.LifecycleOverlays;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.LiveStateReader;
import org.csiconsole.core.lifecycle.LiveStates;
import org.csiconsole.core.lifecycle.NodeState;
import org.csiconsole.core.lifecycle.StateMachines;
import org.csiconsole.core.lifecycle.Transition;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.volumes.CapabilityCheck;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceChanges;
import org.csiconsole.views.workbench.ResourceKind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The lifecycle view's state: which connection, volume and node it shows, the diagram of the
 * chosen {@link DiagramKind} laid out by core ({@link DiagramLayout}, {@link StateMachines}), the
 * live overlay, and per arrow whether clicking it runs a command now and why not.
 *
 * <p>Commands are the volumes view's own ({@link VolumesViewModel}, one per connection, built by
 * {@code engines}): the same forms, confirmations, tasks and audit. When a call the diagram started
 * completes, the state moves along its arrow at once ({@link LiveStates#after}) and is read again;
 * a failed call marks its arrow with the code and message. UI thread only.
 */
public final class LifecycleViewModel extends ViewModel {
    private static final DateTimeFormatter CAPTION_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z");

    private final ObservableList<ConnectionModel> connections;
    private final Function<ConnectionModel, VolumesViewModel> engines;
    private final ActionRunner actions;
    private final Supplier<List<TraceEntry>> trace;
    private final Clock clock;
    private final DiagramExporter exporter;
    private final ObjectProperty<ConnectionModel> connection = new SimpleObjectProperty<>(this, "connection");
    private final ObjectProperty<DiagramKind> kind = new SimpleObjectProperty<>(this, "kind", DiagramKind.VOLUME);
    private final ObjectProperty<Volume> volume = new SimpleObjectProperty<>(this, "volume");
    private final StringProperty node = new SimpleStringProperty(this, "node", "");
    private final ObservableList<Volume> volumes = FXCollections.observableArrayList();
    private final ObservableList<String> nodes = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<LifecycleReading> reading = new ReadOnlyObjectWrapper<>(this, "reading");
    private final ReadOnlyObjectWrapper<Diagram> diagram = new ReadOnlyObjectWrapper<>(this, "diagram");
    private final ReadOnlyObjectWrapper<DiagramOverlay> overlay = new ReadOnlyObjectWrapper<>(this, "overlay", DiagramOverlay.NONE);
    private final ObservableMap<String, EdgeCommand> edges = FXCollections.observableHashMap();
    private final ObservableMap<String, String> failures = FXCollections.observableHashMap();
    private final ReadOnlyStringWrapper taken = new ReadOnlyStringWrapper(this, "taken", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final List<Runnable> unbindEngine = new ArrayList<>();
    private final ChangeListener<Object> edgesFollow = (o, a, b) -> recompute();
    private VolumesViewModel engine;
    private ResourceChanges.Subscription changes;
    private List<Snapshot> snapshots = List.of();
    private List<GroupSnapshot> groups = List.of();
    private long generation;
    private LongConsumer onStateShown = t -> { };

    /**
     * @param connections the open connections (the workbench's)
     * @param engines the volumes view model of a connection with storage, whose commands the arrows run
     * @param actions runs the exports as tasks
     * @param trace the calls this console made (the call trace's snapshot)
     * @param clock when readings and exports are taken
     * @param exporter draws SVG and PNG exports
     */
    public LifecycleViewModel(ObservableList<ConnectionModel> connections, Function<ConnectionModel, VolumesViewModel> engines,
                              ActionRunner actions, Supplier<List<TraceEntry>> trace, Clock clock, DiagramExporter exporter) {
        this.connections = Objects.requireNonNull(connections);
        this.engines = Objects.requireNonNull(engines);
        this.actions = Objects.requireNonNull(actions);
        this.trace = Objects.requireNonNull(trace);
        this.clock = Objects.requireNonNull(clock);
        this.exporter = Objects.requireNonNull(exporter);
        connection.addListener((o, a, b) -> onConnection());
        volume.addListener((o, a, b) -> {
            if (engine != null && engine.selected() != b && b != null) engine.selectedProperty().set(b);
            if (a == null || b == null || !a.volumeId().equals(b.volumeId())) onVolume();
        });
        node.addListener((o, a, b) -> recompute());
        kind.addListener((o, a, b) -> onKind());
        failures.addListener((javafx.collections.MapChangeListener<String, String>) c -> recompute());
    }

    // ---- state ---------------------------------------------------------------------------------

    public ObservableList<ConnectionModel> connections() { return connections; }
    public ObjectProperty<ConnectionModel> connectionProperty() { return connection; }
    public ObjectProperty<DiagramKind> kindProperty() { return kind; }
    /** The volume shown; null for none (the state before CreateVolume). */
    public ObjectProperty<Volume> volumeProperty() { return volume; }
    /** The node whose state is highlighted and whose next calls the arrows offer. */
    public StringProperty nodeProperty() { return node; }
    /** The connection's volumes, as its volumes view reads them. */
    public ObservableList<Volume> volumes() { return volumes; }
    /** The nodes to choose from: those the volume is on, the connected node, the known ones. */
    public ObservableList<String> nodes() { return nodes; }
    public ReadOnlyObjectProperty<LifecycleReading> readingProperty() { return reading.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Diagram> diagramProperty() { return diagram.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<DiagramOverlay> overlayProperty() { return overlay.getReadOnlyProperty(); }
    /** Per arrow id, what clicking it does now. */
    public ObservableMap<String, EdgeCommand> edges() { return edges; }
    /** Per arrow id, the last failure of its call: {@code "FAILED_PRECONDITION: ..."}. */
    public ObservableMap<String, String> failures() { return failures; }
    /** The arrow whose call succeeded last; empty before one. */
    public ReadOnlyStringProperty takenProperty() { return taken.getReadOnlyProperty(); }
    /** One line about the last reading or call. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** True while the live state is read. */
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    /** The volumes view model the arrows' commands run on, or null without storage. */
    public VolumesViewModel engine() {
        return engine;
    }

    /** Called with {@link System#nanoTime()} of a call's completion whenever the state it moved to is set (benchmarks). */
    public void setOnStateShown(LongConsumer onStateShown) {
        this.onStateShown = Objects.requireNonNull(onStateShown);
    }

    // ---- lifecycle -----------------------------------------------------------------------------

    @Override
    protected void onActivate() {
        if (connection.get() == null && !connections.isEmpty()) connection.set(connections.get(0));
        if (engine == null) onConnection();
        else engine.activate();
        read();
    }

    @Override
    protected void onDeactivate() {
        if (engine != null) engine.deactivate();
    }

    /** Shows {@code volumeId} of {@code target}: what the volumes view's "Show in lifecycle" does. */
    public void show(ConnectionModel target, String volumeId) {
        if (target != null && target != connection.get()) connection.set(target);
        kind.set(DiagramKind.VOLUME);
        if (engine == null) return;
        Volume v = engine.table().all().stream().filter(x -> x.volumeId().equals(volumeId)).findFirst().orElse(null);
        if (v != null) {
            volume.set(v);
        } else {
            // Not read yet: take it once the volumes view model has it.
            ListChangeListener<Volume> wait = new ListChangeListener<>() {
                @Override
                public void onChanged(Change<? extends Volume> c) {
                    engine.table().all().stream().filter(x -> x.volumeId().equals(volumeId)).findFirst().ifPresent(found -> {
                        engine.table().all().removeListener(this);
                        volume.set(found);
                    });
                }
            };
            engine.table().all().addListener(wait);
        }
    }

    private void onConnection() {
        unbindEngine.forEach(Runnable::run);
        unbindEngine.clear();
        if (engine != null) engine.deactivate();
        if (changes != null) changes.close();
        engine = null;
        volumes.clear();
        volume.set(null);
        ConnectionModel c = connection.get();
        if (c == null) {
            reading.set(null);
            recompute();
            return;
        }
        ChangeListener<StorageService> storageArrived = (o, a, b) -> {
            if (b != null && connection.get() == c) onConnection();
        };
        c.storageProperty().addListener(storageArrived);
        unbindEngine.add(() -> c.storageProperty().removeListener(storageArrived));
        if (c.storage() == null) {
            status.set(c.name() + " is not connected.");
            reading.set(null);
            recompute();
            return;
        }
        engine = engines.apply(c);
        VolumesViewModel e = engine;
        ListChangeListener<Volume> rows = ch -> syncVolumes(e);
        e.table().all().addListener(rows);
        unbindEngine.add(() -> e.table().all().removeListener(rows));
        ChangeListener<Volume> selected = (o, a, b) -> {
            if (b != null && (volume.get() == null || !volume.get().volumeId().equals(b.volumeId()))) volume.set(b);
        };
        e.selectedProperty().addListener(selected);
        unbindEngine.add(() -> e.selectedProperty().removeListener(selected));
        for (ViewAction a : LifecycleEdges.actions(e)) {
            a.enabled().addListener(edgesFollow);
            unbindEngine.add(() -> a.enabled().removeListener(edgesFollow));
        }
        changes = c.changes().listen(List.of(ResourceKind.VOLUMES, ResourceKind.SNAPSHOTS, ResourceKind.SNAPSHOT_GROUPS), ch -> {
            if (ch.by() != e && isActive()) read();
        });
        syncVolumes(e);
        if (isActive()) {
            e.activate();
            read();
        }
    }

    private void syncVolumes(VolumesViewModel e) {
        volumes.setAll(e.table().all());
        Volume v = volume.get();
        if (v == null) return;
        // A volume read again is a new record: keep showing it by its id.
        volumes.stream().filter(x -> x.volumeId().equals(v.volumeId()) && x != v).findFirst().ifPresent(volume::set);
    }

    private void onVolume() {
        failures.clear();
        taken.set("");
        read();
    }

    private void onKind() {
        read();
    }

    // ---- reading -------------------------------------------------------------------------------

    /** Reads the live state of the chosen volume (and its snapshots for those diagrams) again. */
    public void read() {
        ConnectionModel c = connection.get();
        if (c == null || c.storage() == null || !isActive()) {
            recompute();
            return;
        }
        StorageService storage = c.storage();
        Volume v = volume.get();
        String id = v == null ? "" : v.volumeId();
        long gen = ++generation;
        busy.set(true);
        CompletableFuture<LifecycleReading> r = new LiveStateReader(storage, trace, clock).read(id);
        CompletableFuture<?> extra = switch (kind.get()) {
            case SNAPSHOT -> id.isEmpty() ? CompletableFuture.completedFuture(null) : readSnapshots(storage, id);
            case GROUP_SNAPSHOT -> readGroups(storage, id);
            default -> CompletableFuture.completedFuture(null);
        };
        r.thenCombine(extra.exceptionally(e -> null), (x, y) -> x).whenComplete((result, e) -> actions.tasks().ui().execute(() -> {
            if (gen != generation) return;
            busy.set(false);
            if (e != null) {
                CallFailure f = Failures.of("Read the lifecycle", e);
                status.set(f.getMessage());
                return;
            }
            setReading(result);
        }));
    }

    private CompletableFuture<Void> readSnapshots(StorageService storage, String volumeId) {
        List<Snapshot> found = Collections.synchronizedList(new ArrayList<>());
        return storage.listSnapshots(volumeId, PageSink.unpaced(found::addAll)).handle((x, e) -> {
            synchronized (found) {
                List<Snapshot> copy = List.copyOf(found);
                actions.tasks().ui().execute(() -> snapshots = copy);
            }
            return null;
        });
    }

    private CompletableFuture<Void> readGroups(StorageService storage, String volumeId) {
        return storage.listGroupSnapshots().handle((l, e) -> {
            List<GroupSnapshot> all = l == null ? List.of() : l.items();
            List<GroupSnapshot> mine = volumeId.isEmpty() ? all : all.stream()
                    .filter(g -> g.snapshots().stream().anyMatch(s -> s.sourceVolumeId().equals(volumeId))).toList();
            actions.tasks().ui().execute(() -> groups = mine);
            return null;
        });
    }

    private void setReading(LifecycleReading r) {
        reading.set(r);
        Set<String> known = new LinkedHashSet<>();
        if (!r.connectedNodeId().isEmpty()) known.add(r.connectedNodeId());
        known.addAll(r.live().nodeIds());
        if (engine != null) engine.nodes().forEach(n -> known.add(n.nodeId()));
        if (!nodes.equals(new ArrayList<>(known))) nodes.setAll(known);
        if (focusNode().isEmpty() || !known.contains(focusNode())) {
            node.set(r.connectedNodeId().isEmpty() ? (known.isEmpty() ? "" : known.iterator().next()) : r.connectedNodeId());
        }
        NodeState mine = r.connectedNodeId().isEmpty() ? null : r.live().node(r.connectedNodeId());
        if (engine != null && mine != null && !r.live().volumeId().isEmpty()) {
            engine.seenOnConnectedNode(r.live().volumeId(), mine.stagingTargetPath(), mine.targetPaths());
        }
        Volume v = volume.get();
        status.set(v == null ? "No volume chosen: the figure alone; CreateVolume starts one."
                : r.live().certainty().equals("exact") ? "Live state of " + v.displayName() + ", exact, read at " + time(r)
                : "Live state of " + v.displayName() + ", inferred, read at " + time(r) + ".");
        recompute();
    }

    private String time(LifecycleReading r) {
        return DateTimeFormatter.ofPattern("HH:mm:ss").format(r.live().readAt().atZone(clock.getZone()));
    }

    /** Recomputes the diagram, its overlay and the arrows' commands from what is known now. */
    private void recompute() {
        LifecycleReading r = reading.get();
        switch (kind.get()) {
            case VOLUME -> {
                if (r == null) {
                    diagram.set(null);
                    overlay.set(DiagramOverlay.NONE);
                    edges.clear();
                    return;
                }
                Diagram d = DiagramLayout.volume(r.lifecycle());
                if (diagram.get() == null || !diagram.get().equals(d)) diagram.set(d);
                overlay.set(LifecycleOverlays.volume(r, focusNode(), Map.copyOf(failures), taken.get().isEmpty() ? null : taken.get()));
                Map<String, EdgeCommand> now = LifecycleEdges.commands(r, engine, focusNode());
                edges.keySet().retainAll(now.keySet());
                edges.putAll(now);
            }
            case SNAPSHOT -> show(StateMachines.snapshot(), LifecycleOverlays.snapshots(volume.get() == null ? List.of() : snapshots));
            case GROUP_SNAPSHOT -> show(StateMachines.groupSnapshot(), LifecycleOverlays.groupSnapshots(groups));
            case REPLICATION -> show(StateMachines.replication(), LifecycleOverlays.replication(volume.get() == null ? null : volume.get().replication()));
        }
    }

    private void show(Diagram d, DiagramOverlay o) {
        if (diagram.get() == null || !diagram.get().equals(d)) diagram.set(d);
        overlay.set(o);
        Map<String, EdgeCommand> now = new LinkedHashMap<>();
        for (Diagram.Arrow a : d.arrows()) {
            now.put(a.id(), new EdgeCommand(a.id(), false, a.event() ? "Something the plugin or the array does, not a call."
                    : a.label() + " is run from its own view; this diagram shows where things stand.", false));
        }
        edges.clear();
        edges.putAll(now);
    }

    // ---- commands ------------------------------------------------------------------------------

    /**
     * Runs the command of arrow {@code id} (the volumes view's own: its form, confirmation, task and
     * audit); does nothing when the arrow is disabled.
     *
     * @return whether a command was started
     */
    public boolean take(String id) {
        EdgeCommand e = edges.get(id);
        LifecycleReading r = reading.get();
        if (e == null || !e.enabled() || r == null || engine == null || kind.get() != DiagramKind.VOLUME) return false;
        LifecycleCall call = LifecycleCall.byRpc(id);
        Transition t = r.lifecycle().transition(call);
        ViewAction a = LifecycleEdges.actionFor(engine, call);
        if (t == null || a == null) return false;
        String on = focusNode();
        Volume v = volume.get();
        ListChangeListener<UiTask<?>> follow = c -> {
            while (c.next()) {
                for (UiTask<?> task : c.getAddedSubList()) follow(task, t, on, v);
            }
        };
        actions.tasks().tasks().addListener(follow);
        try {
            return a.run();
        } finally {
            // The commands' forms are modal: the tasks they start were added by now.
            actions.tasks().tasks().removeListener(follow);
        }
    }

    private void follow(UiTask<?> task, Transition t, String on, Volume v) {
        task.outcome().whenComplete((x, e) -> actions.tasks().ui().execute(() -> {
            long done = System.nanoTime();
            if (e != null) {
                CallFailure f = Failures.of(task.title(), e);
                if (f.kind() == org.csiconsole.core.call.FailureKind.CANCELLED) return;
                failures.put(t.id(), f.kind() + ": " + f.why());
                status.set(task.title() + " failed: " + f.why());
                return;
            }
            if (x instanceof CapabilityCheck check && !check.result().confirmed()) {
                // The call answered OK, but no: the loop arrow carries the driver's words.
                failures.put(t.id(), check.words());
                status.set(task.title() + ": " + check.words());
                return;
            }
            failures.remove(t.id());
            taken.set(t.id());
            status.set(task.title() + ": " + (x instanceof CapabilityCheck check ? check.words() : "OK."));
            LifecycleReading r = reading.get();
            if (r != null && t.call() != LifecycleCall.CREATE_VOLUME && v != null && volume.get() != null
                    && volume.get().volumeId().equals(v.volumeId())) {
                // The state moves at once; the reading that follows confirms it.
                reading.set(new LifecycleReading(r.lifecycle(), LiveStates.after(r.lifecycle(), r.live(), t, on, clock.instant()),
                        r.connectedNodeId()));
                recompute();
                onStateShown.accept(done);
            }
            // ValidateVolumeCapabilities changes nothing: no reading again, its answer stays in the status.
            if (!(x instanceof CapabilityCheck)) read();
        }));
    }

    /** The node chosen, empty for none (the node box shows nothing). */
    private String focusNode() {
        String n = node.get();
        return n == null ? "" : n;
    }

    /** Chooses no volume: the figure from its initial state, where CreateVolume starts. */
    public void clearVolume() {
        volume.set(null);
        if (engine != null) engine.selectedProperty().set(null);
    }

    /** {@code "Volume data (pvc-1) · 2025-03-01 14:05:09 CET · Figure 6 · exact"}: what an export's caption says. */
    public String caption() {
        Diagram d = diagram.get();
        LifecycleReading r = reading.get();
        Volume v = volume.get();
        String when = CAPTION_TIME.format(clock.instant().atZone(clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone()));
        String what = v == null ? (connection.get() == null ? "" : connection.get().name()) : "Volume " + v.displayName()
                + (v.displayName().equals(v.volumeId()) ? "" : " (" + v.volumeId() + ")");
        String title = d == null ? "" : d.title();
        String certainty = kind.get() == DiagramKind.VOLUME && v != null && r != null ? " \u00b7 " + r.live().certainty() : "";
        return what + " \u00b7 " + when + " \u00b7 " + title + (focusNode().isEmpty() || v == null ? "" : " \u00b7 node " + focusNode()) + certainty;
    }

    /** Writes the diagram as shown, with {@link #caption()}, to {@code file} as a task. */
    public UiTask<Path> export(DiagramExporter.Format format, Path file) {
        Diagram d = diagram.get();
        DiagramOverlay o = overlay.get();
        String caption = caption();
        return actions.run("Export the " + (d == null ? "" : d.title() + " ") + "diagram as " + format.extension().toUpperCase(java.util.Locale.ROOT),
                p -> CompletableFuture.supplyAsync(() -> {
                    if (d == null) throw new IllegalStateException("There is no diagram to export yet.");
                    try {
                        Files.write(file, exporter.export(d, o, caption, format));
                        return file;
                    } catch (java.io.IOException io) {
                        throw new java.io.UncheckedIOException(io);
                    }
                }), f -> "Wrote " + f + ".");
    }
}
