package org.csiconsole.views.volumes;

import org.csiconsole.core.port.SourceFailure;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Volumes of one connection (CSI and CSP, correlated by the port) and every volume command:
 * create, clone, expand, modify, delete (typed confirmation of the name; of the count for several
 * selected volumes, see {@link VolumeBulkCommands}), controller publish and
 * unpublish, ValidateVolumeCapabilities (read-only), node stage/publish/unpublish/unstage on the
 * connected node, snapshot, and CSP
 * publish/unpublish to a host. Each command is enabled only when the connection offers it
 * ({@link Feature}); otherwise its action says why.
 *
 * <p>Details of the selected volume that need extra calls (its snapshots, publish records, node
 * records) load in the background into {@link #snapshotsOfSelected()} and friends;
 * {@link #detailVersionProperty()} changes when they arrive.
 */
public final class VolumesViewModel extends StorageViewModel<Volume> {
    private final ObservableList<Snapshot> snapshotsOfSelected = FXCollections.observableArrayList();
    private final ObservableList<PublishInfo> publishInfoOfSelected = FXCollections.observableArrayList();
    private final ObservableList<NodeInfo> nodes = FXCollections.observableArrayList();
    /**
     * What the storage records of a volume on each node ({@code volumeOnNodes}), by volume_id, as last read (for the
     * selected volume, and before each assessment); absent when it records nothing. Part of the volume's facts.
     */
    private final Map<String, List<org.csiconsole.core.model.VolumeOnNode>> nodeRecords = new java.util.concurrent.ConcurrentHashMap<>();
    /** CSP host names by the node ids they go by (name, uuid, id), when the connection has CSP hosts. */
    private final Map<String, String> hostNames = new java.util.HashMap<>();
    private final ObservableMap<String, Map<String, String>> publishContexts = FXCollections.observableHashMap();
    private final IntegerProperty detailVersion = new SimpleIntegerProperty(this, "detailVersion");
    /** The latest ControllerGetVolume read of each volume, by volume_id: its published_node_ids may be the driver's report. */
    private final Map<String, Volume> readByGetVolume = new java.util.HashMap<>();
    private final VolumeNodeCommands node;
    private final MutableParametersSeen mutableSeen = new MutableParametersSeen();
    private final VolumeBulkCommands bulk;
    private final VolumePlacement placement = new VolumePlacement(context);
    private final VolumeReclaimCommands reclaim;
    private final VolumeValidateCommand validate;

    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction expand;
    private final ViewAction clone;
    private final ViewAction modify;
    private final ViewAction delete;
    private final ViewAction publish;
    private final ViewAction unpublish;
    private final ViewAction snapshot;
    private final ViewAction cspPublish;
    private final ViewAction cspUnpublish;
    private final ViewAction lookUp;
    private final ViewAction addIds;
    private final ViewAction importPv;
    private final ViewAction recheck;
    private final ViewAction forget;
    /** Asks which PV export to import (the view's file chooser); empty when none is chosen. */
    private java.util.function.Supplier<java.util.Optional<java.nio.file.Path>> pvExportFile = java.util.Optional::empty;
    private final VolumeInventory inventory;

    public VolumesViewModel(ViewContext context) {
        super(context, v -> v.name() + " " + v.volumeId() + " " + Texts.published(v) + " " + v.groupId() + " "
                + Texts.origin(v.origin()) + " " + Texts.source(v.source(), context.sourceName(v.source())) + " " + Texts.replication(v.replication())
                + (v.condition().abnormal() ? " abnormal" : ""));
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(org.csiconsole.core.model.Volume::volumeId);
        keepUnlisted(context.known().volumes(), Volume::volumeId);
        refresh = refreshActionFor();
        lookUp = action("Look up by id", Feature.GET_VOLUME, false, new VolumeLookUp(context, this::showLookedUp)::lookUp);
        inventory = new VolumeInventory(context, java.time.Clock.systemUTC());
        addIds = action("Add volume ids\u2026", null, false, inventory::addIds);
        importPv = action("Import PV export\u2026", null, false, () -> pvExportFile.get().ifPresent(this::importPvExport));
        recheck = action("Re-check with the driver", null, false, inventory::recheck);
        forget = forgetActionFor();
        create = whileConnected(action("New volume", Feature.CREATE_VOLUME, false, this::create));
        expand = whileConnected(action("Expand", Feature.EXPAND_VOLUME, true, this::expand));
        clone = whileConnected(action("Clone", Feature.CLONE_VOLUME, true, this::cloneSelected));
        modify = whileConnected(action("Modify", Feature.MODIFY_VOLUME, true, this::modify));
        bulk = new VolumeBulkCommands(context, (op, targets, node, sends, label, then) -> withSnapshots(op, targets, () -> withPlacements(targets, read -> {
            if (consent(op, read, node, sends, label)) stillThere(op, read, then);
        })), (gone, what) -> {
            for (Volume v : gone) showDeleted(v, same(v.volumeId()));
            tell(ResourceKind.VOLUMES, what);
        }, (of, what) -> {
            for (Volume v : of) if (selected() == v) loadDetails(v);
            tell(ResourceKind.SNAPSHOTS, what);
        });
        delete = whileConnected(bulkAction("Delete", Feature.DELETE_VOLUME, null, v -> true, this::delete));
        publish = whileConnected(action("Publish to a node\u2026", Feature.CONTROLLER_PUBLISH, true, this::controllerPublish));
        unpublish = whileConnected(action("Unpublish from a node\u2026", Feature.CONTROLLER_PUBLISH,
                "Select a volume that is published to a node (as the driver reports, or by this console).",
                v -> v != null && !context.publishedNodes(v).isEmpty(), this::controllerUnpublish));
        node = new VolumeNodeCommands(this, context, this::ask, this::contextFor);
        reclaim = new VolumeReclaimCommands(this, context, node.onNode(), node.stateProperty(),
                changed -> changed.forEach(v -> reload(v.volumeId())));
        validate = new VolumeValidateCommand(this, context);
        snapshot = whileConnected(bulkAction("Snapshot", Feature.CREATE_DELETE_SNAPSHOT, null, v -> true, this::createSnapshot));
        cspPublish = whileConnected(action("Publish to host", Feature.CSP_PUBLISH,
                "Select a volume that is on the CSP array.", v -> v != null && v.origin() != Origin.CSI, this::cspPublish));
        cspUnpublish = whileConnected(action("Unpublish from host", Feature.CSP_PUBLISH,
                "Select a volume that is on the CSP array.", v -> v != null && v.origin() != Origin.CSI, this::cspUnpublish));
        selectedProperty().addListener((o, a, b) -> loadDetails(b));
        follows(ResourceKind.VOLUMES);
    }

    /** The node id of the connected node socket (NodeGetInfo); empty until known or without a node socket. */
    public javafx.beans.property.ReadOnlyStringProperty connectedNodeProperty() {
        return node.connectedNodeProperty();
    }

    @Override
    protected String noun() {
        return "volumes";
    }

    @Override
    protected Feature listFeature() {
        return Feature.LIST_VOLUMES;
    }

    @Override
    protected String listCapability() {
        return "LIST_VOLUMES";
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<Volume> sink) {
        // The name each was created under and its source, from the console's record, where the driver reports none.
        return storage().listVolumes(org.csiconsole.core.record.NamedPages.of(sink, context.known().book().volumeNames()));
    }

    @Override
    protected void loadedAll() {
        // A re-read keeps the selection when the volume is still there: show its details as they are now.
        if (selected() != null) loadDetails(selected());
        if (table().all().isEmpty()) {
            storage().emptyListingNote().whenComplete((note, e) -> context.ui().execute(() -> emptyNote.set(note == null ? "" : note)));
        } else {
            emptyNote.set("");
        }
        if (features().available(Feature.CSP_HOSTS)) {
            storage().listHosts().whenComplete((hosts, e) -> context.ui().execute(() -> {
                if (hosts == null) return;
                hostNames.clear();
                for (Host h : hosts.items()) {
                    String name = h.name().isEmpty() ? h.id() : h.name();
                    for (String id : org.csiconsole.views.hosts.HostRow.nodeIdsOf(h)) hostNames.putIfAbsent(id, name);
                }
                detailVersion.set(detailVersion.get() + 1);
            }));
        }
        readNodes();
    }

    @Override
    protected void shownUnlisted() {
        readNodes();
    }

    /**
     * The publish targets: the connected node (NodeGetInfo) and the nodes the rows shown are published to, as the driver
     * reports them and as this console's record holds its own publications: no second ListVolumes for them.
     */
    private void readNodes() {
        if (!features().available(Feature.NODE_INFO) && !features().available(Feature.CONTROLLER_PUBLISH)) return;
        Set<String> published = new LinkedHashSet<>();
        for (Volume v : table().all()) published.addAll(context.publishedNodes(v));
        storage().connectedNodes().whenComplete((own, e) -> context.ui().execute(() -> {
            nodes.setAll(NodeInfo.withPublished(own == null ? List.of() : own, published));
            if (own != null && !own.isEmpty()) node.connectedNode(own.get(0).nodeId());
        }));
    }

    /**
     * Imports a {@code kubectl get pv -o json} export into the console's record: the CSI PVs of this connection's
     * driver become rows, noted "imported from a PV export", shown while the driver cannot list its volumes.
     */
    public org.csiconsole.views.task.UiTask<String> importPvExport(java.nio.file.Path file) {
        return inventory.importPvExport(file);
    }

    // ---- state --------------------------------------------------------------------------------

    private final javafx.beans.property.ReadOnlyStringWrapper emptyNote = new javafx.beans.property.ReadOnlyStringWrapper(this, "emptyNote", "");

    /**
     * What the table says instead of "no volumes" after a complete, empty listing, when the driver's
     * empty answer does not mean that ({@link org.csiconsole.core.port.VolumePort#emptyListingNote()}); empty otherwise.
     */
    public javafx.beans.property.ReadOnlyStringProperty emptyNoteProperty() {
        return emptyNote.getReadOnlyProperty();
    }

    public ViewAction refreshAction() { return refresh; }
    /** Records pasted volume ids in the console's record (the inventory of a driver that cannot list). */
    public ViewAction addIdsAction() { return addIds; }
    /** Marks the record's volumes the driver no longer knows (ControllerGetVolume, else GetVolumeReplicationInfo). */
    public ViewAction recheckAction() { return recheck; }

    /** Removes the selected volume from the console's record; the driver is not asked. */
    public ViewAction forgetAction() { return forget; }
    /** Imports a PV export the view's chooser names ({@link #setPvExportChooser}). */
    public ViewAction importPvAction() { return importPv; }

    /** Where "Import PV export…" asks for the file: the view's file chooser. */
    public void setPvExportChooser(java.util.function.Supplier<java.util.Optional<java.nio.file.Path>> chooser) {
        this.pvExportFile = java.util.Objects.requireNonNull(chooser);
    }

    public ViewAction createAction() { return create; }
    public ViewAction expandAction() { return expand; }
    public ViewAction cloneAction() { return clone; }
    public ViewAction modifyAction() { return modify; }
    public ViewAction deleteAction() { return delete; }
    public ViewAction publishAction() { return publish; }
    public ViewAction unpublishAction() { return unpublish; }
    /** ValidateVolumeCapabilities of the selected volume with a capability from a form; read-only (see {@link VolumeValidateCommand}). */
    public ViewAction validateAction() { return validate.action(); }
    public ViewAction nodeStageAction() { return node.stageAction(); }
    public ViewAction nodePublishAction() { return node.publishAction(); }
    public ViewAction nodeUnpublishAction() { return node.unpublishAction(); }
    public ViewAction nodeUnstageAction() { return node.unstageAction(); }
    public ViewAction nodeExpandAction() { return node.expandAction(); }
    public ViewAction snapshotAction() { return snapshot; }
    public ViewAction cspPublishAction() { return cspPublish; }
    public ViewAction cspUnpublishAction() { return cspUnpublish; }
    /** ControllerReclaimSpace of the selected volumes (csi-addons ReclaimSpace.OFFLINE); several as one task. */
    public ViewAction reclaimAction() { return reclaim.reclaimAction(); }
    /** NodeReclaimSpace of the selected volumes where this console staged or published them (ReclaimSpace.ONLINE). */
    public ViewAction nodeReclaimAction() { return reclaim.nodeReclaimAction(); }
    /** EncryptionKeyRotate of the selected volume after a confirmation (EncryptionKeyRotation.ENCRYPTIONKEYROTATION). */
    public ViewAction rotateKeyAction() { return reclaim.rotateKeyAction(); }
    /** Bytes the last reclaim of {@code v} in this session freed ({@code pre_usage - post_usage}); null before or when not reported. */
    public Long reclaimedBytesOf(Volume v) { return reclaim.freedBytes(v.volumeId()); }
    /** The last reclaim of {@code v} in words, {@code "1.2 GiB → 800 MiB (−400 MiB)"}; empty before. */
    public String reclaimedText(Volume v) { return VolumeReclaimCommands.describe(reclaim.reclaimed(v.volumeId())); }
    /** Changes whenever a reclaim result arrives. */
    public javafx.beans.property.ReadOnlyIntegerProperty reclaimVersionProperty() { return reclaim.versionProperty(); }
    /** Reads one volume by its volume_id (ControllerGetVolume) into the table; gated on GET_VOLUME. */
    public ViewAction lookUpAction() { return lookUp; }

    /** Snapshots of the selected volume (ListSnapshots with its {@code source_volume_id}). */
    public ObservableList<Snapshot> snapshotsOfSelected() {
        return snapshotsOfSelected;
    }

    /** CSP publish records of the selected volume (LUN, targets, serial). */
    public ObservableList<PublishInfo> publishInfoOfSelected() {
        return publishInfoOfSelected;
    }

    /** Nodes known to the connection (NodeGetInfo and published node ids). */
    public ObservableList<NodeInfo> nodes() {
        return nodes;
    }

    /** {@code publish_context} per {@code volumeId/nodeId} returned by ControllerPublishVolume in this session. */
    public ObservableMap<String, Map<String, String>> publishContexts() {
        return publishContexts;
    }

    /**
     * What the console knows of {@code v} on nodes, one fact per line, each saying where it comes
     * from: where the driver reports it published ({@code published_node_ids} of ListVolumes or
     * ControllerGetVolume; a CSP's published flag), what the storage records (publications,
     * staging and target paths, where it keeps them), this console's own ControllerPublishVolume,
     * NodeStageVolume and NodePublishVolume with their paths, and the {@code publish_context} they
     * answered (read back from the call trace: CSI has no call that reports it). A node that is a
     * CSP host is named with the host. Empty when nothing is known.
     */
    public String nodeState(Volume v) {
        List<String> lines = new ArrayList<>();
        TargetFacts facts = facts(v);
        for (org.csiconsole.core.risk.Placement p : facts.placements()) {
            lines.add(new org.csiconsole.core.risk.Placement(nodeName(p.nodeId()), p.step(), p.path(), p.from(), p.at()).describe());
        }
        Map<String, Map<String, String>> contexts = new LinkedHashMap<>(
                org.csiconsole.core.lifecycle.TraceCalls.publishContexts(context.trace().get(), v.volumeId()));
        publishContexts.forEach((key, ctx) -> {
            if (key.startsWith(v.volumeId() + "/")) contexts.putIfAbsent(key.substring(v.volumeId().length() + 1), ctx);
        });
        contexts.forEach((node, ctx) -> lines.add("publish_context for " + nodeName(node) + ": "
                + (ctx.isEmpty() ? "none" : Texts.keyValues(ctx).replace('\n', ' ')) + " (ControllerPublishVolume by this console)"));
        if (!lines.isEmpty() && !facts.driverReportsPlacements()) {
            lines.add(TargetFacts.placementsNeedGetVolume(features().csi(), features().cspConnected())
                    ? "Where this volume is published is read with ControllerGetVolume before each change; as listed, other publications may exist."
                    : "The driver does not report where its volumes are published (no LIST_VOLUMES_PUBLISHED_NODES): other publications may exist.");
        }
        return String.join("\n", lines);
    }

    /** {@code nodeId}, with the CSP host it is when the connection knows one: {@code "4130… (CSP host worker-1)"}. */
    private String nodeName(String nodeId) {
        String host = hostNames.get(nodeId);
        return host == null || host.equals(nodeId) ? nodeId : nodeId + " (CSP host " + host + ")";
    }

    /** Changes whenever background details of the selected volume arrive. */
    public IntegerProperty detailVersionProperty() {
        return detailVersion;
    }

    private void loadDetails(Volume v) {
        snapshotsOfSelected.clear();
        publishInfoOfSelected.clear();
        detailVersion.set(detailVersion.get() + 1);
        if (v == null || !isActive()) return;
        storage().volumeOnNodes(v.volumeId()).whenComplete((records, e) -> context.ui().execute(() -> {
            if (records == null) return;
            keepNodeRecords(v.volumeId(), records);
            if (selected() == v) detailVersion.set(detailVersion.get() + 1);
        }));
        if (features().available(Feature.LIST_SNAPSHOTS)) {
            List<Snapshot> found = java.util.Collections.synchronizedList(new ArrayList<>());
            storage().listSnapshots(v.volumeId(), PageSink.unpaced(found::addAll)).whenComplete((x, e) -> context.ui().execute(() -> {
                if (selected() != v || e != null) return;
                synchronized (found) {
                    snapshotsOfSelected.setAll(found);
                }
                detailVersion.set(detailVersion.get() + 1);
            }));
        }
        storage().publishInfo(v.volumeId()).whenComplete((list, e) -> context.ui().execute(() -> {
            if (selected() != v || list == null || list.isEmpty()) return;
            publishInfoOfSelected.setAll(list);
            detailVersion.set(detailVersion.get() + 1);
        }));
    }

    // ---- commands -----------------------------------------------------------------------------

    /** Asks for a new volume with the create form and creates it; a failure keeps the form open with the values. */
    public void create() {
        Form form = placement.offer(VolumeForms.create(features(), VolumeSource.NONE, 0), table().all()).on(context.connectionName());
        dialogs().submitForm(form, f -> create(f, VolumeForms.toRequest(f)));
    }

    /** Creates {@code request}; the new volume is added to the table. */
    public UiTask<Volume> create(VolumeRequest request) {
        return create(null, request);
    }

    private UiTask<Volume> create(Form form, VolumeRequest request) {
        UiTask<Volume> task = context.actions().run(form, "Create volume " + request.name(),
                p -> storage().createVolume(request),
                v -> "Created " + v.displayName() + " (" + Texts.reportedSize(v.capacityBytes()) + ").");
        task.outcome().thenAccept(v -> {
            mutableSeen.created(v.volumeId(), request.mutableParameters());
            showCreated(v, same(v.volumeId()));
            tell(ResourceKind.VOLUMES, "Created volume " + v.displayName());
            placement.check(request, v).ifPresent(this::showStatus);
        });
        return task;
    }

    /** Creates a copy of the selected volume (CreateVolume with a volume content source, CLONE_VOLUME). */
    public void cloneSelected() {
        Volume v = selected();
        if (v == null) return;
        Form form = placement.offer(VolumeForms.create(features(), VolumeSource.volume(v.volumeId()), v.name(), v.capacityBytes()), table().all())
                .on(context.connectionName());
        form.text("name").set(v.displayName() + "-clone");
        dialogs().submitForm(form, f -> create(f, VolumeForms.toRequest(f)));
    }

    /** The size last typed in Expand per volume id, offered again until an expand of that volume is sent. */
    private final java.util.Map<String, String> typedSizes = new java.util.HashMap<>();

    /** Asks for the new size of the selected volume (the size last typed for it, if any), then expands it. */
    public void expand() {
        Volume v = selected();
        if (v == null) return;
        Form form = VolumeForms.expand(v.displayName(), v.capacityBytes()).on(context.connectionName());
        String kept = typedSizes.get(v.volumeId());
        if (kept != null) form.text("size").set(kept);
        boolean asked = ask(form);
        // what was typed stays for the next Expand of this volume until one is sent (a refusal keeps it)
        typedSizes.put(v.volumeId(), form.text("size").text().get());
        if (!asked) return;
        long bytes = org.csiconsole.core.model.ByteSize.parse(form.text("size").value());
        withMaximum(() -> withPlacements(List.of(v), read -> {
            if (!consent(RiskOperation.EXPAND, read, "", VolumeNodeCommands.sends("volume_id", v.volumeId(),
                    "capacity_range.required_bytes", Long.toString(bytes)), "Expand")) return;
            context.actions().run("Expand volume " + v.displayName(), p -> storage().expandVolume(v.volumeId(), bytes),
                    r -> "Now " + Texts.sizeWithBytes(r.capacityBytes()) + "."
                            + (r.nodeExpansionRequired() ? " The node must still grow the file system: Node > Expand on this node (NodeExpandVolume)." : ""))
                    .outcome().thenRun(() -> {
                        typedSizes.remove(v.volumeId());
                        reload(v.volumeId());
                        tell(ResourceKind.VOLUMES, "Expanded volume " + v.displayName());
                    });
        }));
    }

    /**
     * Reads the largest volume the plugin provisions (GetCapacity {@code maximum_volume_size}, core's
     * {@link TargetFacts#maximumVolumeSize}) for an expand's assessment, then runs {@code then} on the UI executor; none
     * known when the plugin does not advertise GET_CAPACITY, {@link TargetFacts#MAXIMUM_UNREAD} when the read fails (the
     * assessment then notes the size is not checked against it).
     */
    private void withMaximum(Runnable then) {
        maximumBytes = 0;
        if (!features().available(Feature.CAPACITY)) {
            then.run();
            return;
        }
        storage().capacity().whenComplete((listing, e) -> context.ui().execute(() -> {
            maximumBytes = listing != null ? TargetFacts.maximumVolumeSize(listing.items()) : TargetFacts.MAXIMUM_UNREAD;
            then.run();
        }));
    }

    /**
     * ControllerModifyVolume of the selected volume: the parameters edited one row per pair, then the
     * exact request shown with the risk model's confirmation before it is sent. The rows open with the
     * values this console set on the volume (at create or an earlier modify): the driver does not report
     * current mutable parameters (csi.proto {@code Volume} carries none).
     */
    public void modify() {
        Volume v = selected();
        if (v == null) return;
        Form form = VolumeForms.modify(v.displayName(), mutableSeen.of(v.volumeId())).on(context.connectionName());
        if (!ask(form)) return;
        Map<String, String> params = form.keyValues("mutableParameters").value();
        // read again: the confirmation states the volume as the driver reports it now (its size after an expand)
        withPlacements(List.of(v), read -> {
            if (!consent(RiskOperation.MODIFY, read, "", RiskModel.modifySends(v.volumeId(), params), "Modify")) return;
            context.actions().run("Modify volume " + v.displayName(), p -> storage().modifyVolume(v.volumeId(), params),
                    x -> "Changed " + Texts.keyValues(params).replace("\n", ", ") + ".").outcome().thenRun(() -> {
                        mutableSeen.modified(v.volumeId(), params);
                        reload(v.volumeId());
                    });
        });
    }

    /**
     * Deletes the selected volumes: one after the person typed its name; several after one
     * confirmation listing them (each name typed, as core's risk model asks), as one task with per-volume results.
     */
    public void delete() {
        bulk.delete(targets());
    }

    /** Publishes the selected volume to a node (ControllerPublishVolume). */
    public void controllerPublish() {
        Volume v = selected();
        if (v == null) return;
        Form form = VolumeForms.controllerPublish(v, org.csiconsole.core.placement.NodeReach.order(nodes, v.accessibleTopology()))
                .on(context.connectionName());
        // A refused publish (an access mode the volume does not support, an unknown node) keeps the
        // form open with the plugin's words under it, the values kept. One the risk model refuses (a
        // single-node volume published to another node, as the driver or this console's record says)
        // is not sent: the form stays open behind the assessment.
        dialogs().submitForm(form, f -> {
            String nodeId = f.text("nodeId").value();
            VolumeCapability cap = VolumeForms.capability(f, v);
            boolean readonly = f.<Boolean>choice("readonly").value().get();
            String title = "Publish " + v.displayName() + " to " + nodeId;
            if (!consent(RiskOperation.CONTROLLER_PUBLISH, List.of(v), nodeId, VolumeNodeCommands.sends("volume_id", v.volumeId(),
                    "node_id", nodeId, org.csiconsole.core.risk.RiskModel.ACCESS_MODE, cap.accessMode().name()), "Publish")) {
                return context.actions().run(f, title, p -> CompletableFuture.<Map<String, String>>failedFuture(new org.csiconsole.core.call.CallFailure(
                        org.csiconsole.core.call.FailureKind.CANCELLED, title, "not sent", "", "")), x -> "");
            }
            UiTask<Map<String, String>> task = context.actions().run(f, title,
                    p -> storage().controllerPublish(v.volumeId(), nodeId, cap, readonly),
                    ctx -> ctx.isEmpty() ? "Published." : "Published; publish context: " + Texts.keyValues(ctx).replace('\n', ' '));
            task.outcome().thenAccept(ctx -> {
                publishContexts.put(v.volumeId() + "/" + nodeId, ctx);
                reload(v.volumeId());
            });
            return task;
        });
    }

    /** Unpublishes the selected volume from one of its nodes (ControllerUnpublishVolume). */
    public void controllerUnpublish() {
        Volume v = selected();
        List<String> nodes = v == null ? List.of() : context.publishedNodes(v);
        if (nodes.isEmpty()) return;
        Form form = VolumeForms.controllerUnpublish(v, nodes).on(context.connectionName());
        if (!ask(form)) return;
        String nodeId = form.<String>choice("nodeId").value().get();
        withPlacements(List.of(v), read -> {
            if (!consent(RiskOperation.CONTROLLER_UNPUBLISH, read, nodeId,
                    VolumeNodeCommands.sends("volume_id", v.volumeId(), "node_id", nodeId), "Unpublish")) return;
            context.actions().run("Unpublish " + v.displayName() + " from " + nodeId,
                    p -> storage().controllerUnpublish(v.volumeId(), nodeId), x -> "Unpublished.")
                    .outcome().whenComplete((x, e) -> {
                        if (e == null) {
                            stillOnNode.remove(v.volumeId() + "/" + nodeId);
                            publishContexts.remove(v.volumeId() + "/" + nodeId);
                            reload(v.volumeId());
                            return;
                        }
                        // a driver that checks the lifecycle answers FAILED_PRECONDITION while the volume is still staged or published on the node
                        org.csiconsole.core.call.CallFailure f = org.csiconsole.core.call.CallFailure.unwrap(e);
                        if (f != null && f.kind() == org.csiconsole.core.call.FailureKind.FAILED_PRECONDITION) {
                            context.ui().execute(() -> {
                                stillOnNode.add(v.volumeId() + "/" + nodeId);
                                detailVersion.set(detailVersion.get() + 1);
                            });
                        }
                    });
        });
    }

    /**
     * Where {@code v} is, in words, as every assessment sees it: each node it is published to, staged on
     * or published on, and who says so (the driver, or this console's own call); what the driver reports
     * otherwise ("yes" for a CSP's published flag); empty when nowhere is known.
     */
    public String whereItIs(Volume v) {
        TargetFacts f = facts(v);
        if (f.placements().isEmpty()) return Texts.published(v);
        return String.join("; ", f.placements().stream().map(org.csiconsole.core.risk.Placement::describe).toList());
    }

    /** Where {@code v}'s data came from in words, with the source's create name beside its id when known. */
    public String sourceOf(Volume v) {
        return Texts.source(v.source(), context.sourceName(v.source()));
    }

    /**
     * The facts of {@code v} as every assessment and the detail see them ({@link ViewContext#volumeFacts}): its
     * {@code published_node_ids} count as the driver's report as the call that read it allows.
     */
    /** The largest volume the plugin provisions, as {@link #withMaximum} read it before an expand; 0 when not known. */
    private long maximumBytes;

    /** The volume_ids {@link #withPlacements} found gone (NOT_FOUND) when it read the targets again at consent. */
    private final Set<String> goneAtConsent = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The snapshots of each volume about to be deleted, as {@link #withSnapshots} read them. */
    private final Map<String, List<String>> snapshotsOf = new java.util.concurrent.ConcurrentHashMap<>();

    /** The facts of {@code v} as its assessments see them: the driver's report and this console's own calls. */
    TargetFacts factsOf(Volume v) {
        return facts(v);
    }

    /** The target_paths the facts of {@code v} know on the connected node (the driver's or this console's), in order. */
    List<String> knownTargetPaths(Volume v) {
        return facts(v).placements(org.csiconsole.core.risk.Placement.Kind.NODE_PUBLISHED, connectedNodeProperty().get()).stream()
                .map(org.csiconsole.core.risk.Placement::path).filter(p -> !p.isEmpty()).distinct().toList();
    }

    /**
     * Reads {@code volumeId} again after a call that changed it, as after a controller unpublish: the row (ControllerGetVolume)
     * and, when it is the selection, its detail (what the storage records of it on the nodes, its snapshots).
     */
    void reread(String volumeId) {
        reload(volumeId);
        Volume v = selected();
        if (v != null && v.volumeId().equals(volumeId)) loadDetails(v);
    }

    private TargetFacts facts(Volume v) {
        TargetFacts.VolumeRead readBy = v.equals(readByGetVolume.get(v.volumeId()))
                ? TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME : TargetFacts.VolumeRead.LIST_VOLUMES;
        TargetFacts f = context.volumeFacts(v, features(), connectedNodeProperty().get(), readBy, nodeRecords.get(v.volumeId()));
        return withOwnNodeCalls(f, v.volumeId());
    }

    /**
     * {@code f} with where this view's own node calls (or the lifecycle reading it took over) left the volume on the
     * connected node, as this console's knowledge, where the record does not already hold it: the assessment then
     * judges a path sent against every path this console knows.
     */
    private TargetFacts withOwnNodeCalls(TargetFacts f, String volumeId) {
        String nodeId = connectedNodeProperty().get();
        if (nodeId.isEmpty()) return f;
        List<org.csiconsole.core.risk.Placement> all = new java.util.ArrayList<>(f.placements());
        String staging = node.onNode().stagingPath(volumeId);
        if (staging != null) ownNodeCall(all, nodeId, org.csiconsole.core.risk.Placement.Kind.STAGED, staging);
        for (String path : node.onNode().targetPaths(volumeId)) ownNodeCall(all, nodeId, org.csiconsole.core.risk.Placement.Kind.NODE_PUBLISHED, path);
        return all.size() == f.placements().size() ? f : f.withPlacements(all, f.driverReportsPlacements());
    }

    private static void ownNodeCall(List<org.csiconsole.core.risk.Placement> all, String nodeId, org.csiconsole.core.risk.Placement.Kind step, String path) {
        if (all.stream().noneMatch(p -> p.step() == step && p.nodeId().equals(nodeId) && p.path().equals(path))) {
            all.add(new org.csiconsole.core.risk.Placement(nodeId, step, path, org.csiconsole.core.risk.Placement.Knowledge.CONSOLE, null));
        }
    }

    private void keepNodeRecords(String volumeId, java.util.Optional<List<org.csiconsole.core.model.VolumeOnNode>> records) {
        if (records.isPresent()) nodeRecords.put(volumeId, records.get());
        else nodeRecords.remove(volumeId);
    }

    /** volume_id/node_id pairs whose ControllerUnpublishVolume the driver refused with FAILED_PRECONDITION. */
    private final Set<String> stillOnNode = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * True when {@code v} is staged or published on the connected node though no path of it is known there: the driver
     * refused its ControllerUnpublishVolume from that node with FAILED_PRECONDITION (still staged or published there, by
     * another orchestrator), and the storage reports no stagings or node publications (CSI has no call for them).
     * The node's unstage and unpublish are then offered, asking for the path.
     */
    boolean mayBeOnConnectedNode(Volume v) {
        String node = connectedNodeProperty().get();
        return !node.isEmpty() && !nodeRecords.containsKey(v.volumeId()) && stillOnNode.contains(v.volumeId() + "/" + node);
    }

    /** The staging_target_path the facts of {@code v} know on the connected node (the driver's or this console's); null when none. */
    String knownStagingPath(Volume v) {
        return facts(v).placements(org.csiconsole.core.risk.Placement.Kind.STAGED, connectedNodeProperty().get()).stream()
                .map(org.csiconsole.core.risk.Placement::path).filter(p -> !p.isEmpty()).findFirst().orElse(null);
    }

    /**
     * Runs {@code then} on the UI executor with {@code targets} as an assessment of where they are must see them:
     * what the storage records of each on the nodes read again ({@code volumeOnNodes}: stagings and node
     * publications the driver reports, whoever made them), and each read again with ControllerGetVolume (reads
     * only, traced) when only that call reports where a volume is published ({@link TargetFacts#placementsNeedGetVolume}:
     * GET_VOLUME and PUBLISH_UNPUBLISH_VOLUME without LIST_VOLUMES_PUBLISHED_NODES), each as listed when its read fails.
     */
    /**
     * Before a delete ({@code op} DELETE_VOLUME), reads the snapshots of {@code targets} (ListSnapshots by
     * {@code source_volume_id}) so the assessment names those that stay; then runs {@code then} on the UI executor.
     * When the driver cannot list them (no LIST_SNAPSHOTS) or the listing fails, the console's record names those it
     * holds ({@link TargetFacts#withSnapshots(List, org.csiconsole.core.record.ConsoleBook)}); other operations read nothing.
     */
    private void withSnapshots(RiskOperation op, List<Volume> targets, Runnable then) {
        snapshotsOf.clear();
        if (op != RiskOperation.DELETE_VOLUME) {
            then.run();
            return;
        }
        // CSI snapshots carry no name: the console's record gives the name each was created under.
        java.util.function.UnaryOperator<org.csiconsole.core.model.Snapshot> named = context.known().book().snapshotNames();
        List<CompletableFuture<Void>> reads = targets.stream().map(v -> {
            List<String> names = new java.util.concurrent.CopyOnWriteArrayList<>();
            if (!features().available(Feature.LIST_SNAPSHOTS)) {
                // the driver cannot list them: the console's record of its snapshots speaks instead
                snapshotsOf.put(v.volumeId(), TargetFacts.of("volume", v.volumeId(), "").withSnapshots(null, context.known().book()).dependents());
                return CompletableFuture.<Void>completedFuture(null);
            }
            return storage().listSnapshots(v.volumeId(), page -> {
                for (var snap : page.stream().map(named).toList()) {
                    if (snap.sourceVolumeId().equals(v.volumeId())) {
                        names.add(snap.name().isEmpty() || snap.name().equals(snap.snapshotId()) ? snap.snapshotId() : snap.name() + " (" + snap.snapshotId() + ")");
                    }
                }
                return org.csiconsole.core.call.PageSink.READY;
            }).handle((missing, e) -> {
                List<String> listed = e == null && missing.isEmpty() ? List.copyOf(names) : null;
                List<String> known = TargetFacts.of("volume", v.volumeId(), "").withSnapshots(listed, context.known().book()).dependents();
                if (!known.isEmpty()) snapshotsOf.put(v.volumeId(), known);
                return (Void) null;
            });
        }).toList();
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).whenComplete((x, e) -> context.ui().execute(then));
    }

    void withPlacements(List<Volume> targets, Consumer<List<Volume>> then) {
        goneAtConsent.clear();
        List<CompletableFuture<Void>> records = targets.stream().map(v -> storage().volumeOnNodes(v.volumeId())
                .handle((r, e) -> {
                    // a storage that cannot say keeps what was read before; none read means none known
                    if (r != null) keepNodeRecords(v.volumeId(), r);
                    return (Void) null;
                })).toList();
        CompletableFuture<Void> recordsRead = CompletableFuture.allOf(records.toArray(CompletableFuture[]::new));
        boolean placementsByGet = TargetFacts.placementsNeedGetVolume(features().csi(), features().cspConnected());
        if (!features().available(Feature.GET_VOLUME)) {
            recordsRead.whenComplete((x, e) -> context.ui().execute(() -> then.accept(targets)));
            return;
        }
        // every target read again at consent: one gone since the listing is not consented to on the listing's facts
        List<String> unread = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<CompletableFuture<Volume>> reads = targets.stream().map(v -> storage().getVolume(v.volumeId()).handle((x, e) -> {
            if (x != null) return x.keepingUnreported(v);
            org.csiconsole.core.call.CallFailure f = org.csiconsole.core.call.CallFailure.unwrap(e);
            if (f != null && f.kind() == org.csiconsole.core.call.FailureKind.NOT_FOUND) goneAtConsent.add(v.volumeId());
            else if (placementsByGet) unread.add(v.displayName() + " (" + (f != null ? f.why() : String.valueOf(e)) + ")");
            return null;
        })).toList();
        CompletableFuture.allOf(recordsRead, CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))).whenComplete((x, e) -> context.ui().execute(() -> {
            List<Volume> read = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                Volume fresh = reads.get(i).join();
                if (fresh != null && placementsByGet) readByGetVolume.put(fresh.volumeId(), fresh);
                read.add(fresh == null ? targets.get(i) : fresh);
            }
            if (!unread.isEmpty()) {
                showStatus("ControllerGetVolume could not read " + String.join(", ", unread)
                        + ": where it is published is judged from the listing and this console's own calls.");
            }
            then.accept(read);
        }));
    }

    /**
     * Asks the consent the one risk model requires for {@code op} on {@code targets}, after showing its
     * hazards; nothing is to be sent when this returns false (cancelled, or a known-illegal call not
     * overridden). The facts are the driver's report and this console's own calls
     * ({@link ViewContext#volumeFacts}), so every view that offers the action asks the same.
     *
     * @param node the node of an unpublish or unstage; empty otherwise
     * @param sends the request's fields in order, for the preview; empty for several targets
     */
    boolean consent(RiskOperation op, List<Volume> targets, String node, Map<String, String> sends, String actionLabel) {
        List<TargetFacts> facts = targets.stream().map(v -> op == RiskOperation.DELETE_VOLUME && snapshotsOf.containsKey(v.volumeId())
                ? facts(v).withSnapshots(snapshotsOf.get(v.volumeId())) : op == RiskOperation.EXPAND ? facts(v).withMaximum(maximumBytes) : facts(v)).toList();
        RiskRequest request = RiskRequest.of(op, facts, Instant.now()).onNode(node).sending(sends);
        List<Volume> gone = targets.stream().filter(v -> goneAtConsent.contains(v.volumeId())).toList();
        var answer = context.actions().dialogs().confirmRisk(org.csiconsole.core.risk.RiskModel.alreadyGone(context.risk().assess(request),
                gone.stream().map(Volume::displayName).toList()), actionLabel);
        if (!gone.isEmpty()) foundGone(op, gone);
        answer.filter(org.csiconsole.views.dialog.RiskAnswer::override)
                .ifPresent(a -> facts.forEach(t -> context.overrides().expect(op.call(), t.id())));
        return answer.isPresent();
    }

    /**
     * Reads {@code targets} again just before sending (ControllerGetVolume, when the driver reads by id) and runs {@code then}
     * on the UI executor with those still there; those the driver answers NOT_FOUND for are not sent (CSI's DeleteVolume
     * would answer OK for them) and the result says they were found gone. Without GET_VOLUME, {@code then} runs on all.
     */
    private void stillThere(RiskOperation op, List<Volume> targets, Consumer<List<Volume>> then) {
        if (!features().available(Feature.GET_VOLUME)) {
            then.accept(targets);
            return;
        }
        List<CompletableFuture<Boolean>> reads = targets.stream().map(v -> storage().getVolume(v.volumeId()).handle((x, e) -> {
            org.csiconsole.core.call.CallFailure f = e == null ? null : org.csiconsole.core.call.CallFailure.unwrap(e);
            return f == null || f.kind() != org.csiconsole.core.call.FailureKind.NOT_FOUND;
        })).toList();
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).whenComplete((x, e) -> context.ui().execute(() -> {
            List<Volume> there = new ArrayList<>();
            List<Volume> gone = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) (reads.get(i).join() ? there : gone).add(targets.get(i));
            if (!gone.isEmpty()) foundGone(op, gone);
            if (!there.isEmpty()) then.accept(there);
        }));
    }

    /**
     * Records in the audit log that {@code op} was not sent to {@code gone}, found gone before anything was sent
     * ({@link org.csiconsole.core.port.VolumePort#auditFoundGone}), then says so in core's words and takes them off the table; a record that
     * could not be written is shown as the failure it is.
     */
    private void foundGone(RiskOperation op, List<Volume> gone) {
        List<String> names = gone.stream().map(Volume::displayName).toList();
        String result = org.csiconsole.core.risk.RiskModel.goneResult(names);
        storage().auditFoundGone(op, gone.stream().map(Volume::volumeId).toList(), names).whenComplete((x, e) -> context.ui().execute(() -> {
            if (e != null) dialogs().showFailure(org.csiconsole.views.dialog.Failures.of(op.verb() + " " + String.join(", ", names), e));
            for (Volume v : gone) showDeleted(v, same(v.volumeId()));
            showStatus(result);
            tell(ResourceKind.VOLUMES, result);
        }));
    }

    /** NodeStageVolume of the selected volume on the connected node. */
    public void nodeStage() {
        node.stage();
    }

    /** NodePublishVolume of the selected volume on the connected node. */
    public void nodePublish() {
        node.publish();
    }

    /** NodeUnpublishVolume of the selected volume on the connected node. */
    public void nodeUnpublish() {
        node.unpublish();
    }

    /** NodeUnstageVolume of the selected volume on the connected node. */
    public void nodeUnstage() {
        node.unstage();
    }

    /**
     * Takes where {@code volumeId} is staged and published on the connected node, as another view
     * read it (the lifecycle view), as this view's record: the node commands then offer what that
     * state allows, with its paths filled in.
     */
    public void seenOnConnectedNode(String volumeId, String stagingTargetPath, List<String> targetPaths) {
        node.seen(volumeId, stagingTargetPath, targetPaths);
    }

    /** Snapshots the selected volumes: one through the snapshot form, several through one form for all, as one task. */
    public void createSnapshot() {
        bulk.snapshot(targets());
    }

    /** Publishes the selected CSP volume to a host with an access protocol, with the consent core's assessment asks. */
    public void cspPublish() {
        Volume v = selected();
        if (v == null) return;
        withHosts(hosts -> {
            if (hosts.isEmpty()) {
                dialogs().showInformation("No hosts", "The CSP array has no hosts yet. Create one in Hosts and nodes first.");
                return;
            }
            Form form = VolumeForms.cspPublish(v, hosts).on(context.connectionName());
            if (!ask(form)) return;
            Host h = form.<Host>choice("host").value().get();
            AccessProtocol protocol = form.<AccessProtocol>choice("protocol").value().get();
            String uuid = h.uuid().isEmpty() ? h.id() : h.uuid();
            if (!consent(RiskOperation.CSP_PUBLISH, List.of(v), h.name(), org.csiconsole.core.risk.RiskModel.cspPublishSends(v.volumeId(), uuid, protocol),
                    "Publish")) return;
            context.actions().run("Publish " + v.displayName() + " to " + h.name(),
                    p -> storage().cspPublish(v.volumeId(), uuid, protocol),
                    info -> "Published as LUN " + info.lunId() + " (serial " + info.serialNumber() + ").")
                    .outcome().thenAccept(info -> {
                        if (selected() == v) {
                            publishInfoOfSelected.add(info);
                            detailVersion.set(detailVersion.get() + 1);
                        }
                        reload(v.volumeId());
                    });
        });
    }

    /** Unpublishes the selected CSP volume from a host once the person typed its name (core's assessment: the host loses access). */
    public void cspUnpublish() {
        Volume v = selected();
        if (v == null) return;
        withHosts(hosts -> {
            if (hosts.isEmpty()) {
                dialogs().showInformation("No hosts", "The CSP array has no hosts, so the volume is published to none.");
                return;
            }
            Form form = VolumeForms.cspUnpublish(v, hosts).on(context.connectionName());
            if (!ask(form)) return;
            Host h = form.<Host>choice("host").value().get();
            String uuid = h.uuid().isEmpty() ? h.id() : h.uuid();
            if (!consent(RiskOperation.CSP_UNPUBLISH, List.of(v), h.name(), org.csiconsole.core.risk.RiskModel.cspPublishSends(v.volumeId(), uuid, null),
                    "Unpublish")) return;
            context.actions().run("Unpublish " + v.displayName() + " from " + h.name(),
                    p -> storage().cspUnpublish(v.volumeId(), uuid), x -> "Unpublished.")
                    .outcome().thenRun(() -> reload(v.volumeId()));
        });
    }

    private void withHosts(Consumer<List<Host>> then) {
        context.actions().tasks().submit("Read hosts", p -> storage().listHosts().thenApply(l -> {
            if (!l.isComplete()) {
                context.ui().execute(() -> context.actions().notifications().warning("Read hosts",
                        "Some hosts may be missing: " + SourceFailure.describe(l.missing())));
            }
            return l.items();
        })).outcome().whenComplete((hosts, e) -> {
            if (e != null) {
                dialogs().showFailure(org.csiconsole.views.dialog.Failures.of("Read hosts", e));
                return;
            }
            then.accept(hosts);
        });
    }

    /** Re-reads one volume after a change (ControllerGetVolume); falls back to a full refresh when that is not offered. */
    private void reload(String volumeId) {
        storage().getVolume(volumeId).whenComplete((v, e) -> context.ui().execute(() -> {
            Volume before = table().all().stream().filter(same(volumeId)).findFirst().orElse(null);
            if (v != null) {
                Volume read = v.keepingUnreported(before);
                readByGetVolume.put(volumeId, read);
                upsert(read, same(volumeId));
            } else {
                refresh();
            }
        }));
    }

    private Map<String, String> contextFor(String volumeId) {
        Map<String, String> merged = new LinkedHashMap<>();
        publishContexts.forEach((k, ctx) -> {
            if (k.startsWith(volumeId + "/")) merged.putAll(ctx);
        });
        return merged;
    }

    private static java.util.function.Predicate<Volume> same(String volumeId) {
        return x -> x.volumeId().equals(volumeId);
    }
}
