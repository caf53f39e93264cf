package org.csiconsole.views.volumes;

import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.ActionMenu;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The volumes of a connection: a sortable, filterable table (name and id, size in binary units with
 * the exact bytes on hover, access type and mode, published nodes, condition, group, replication,
 * source, origin), a detail pane (parameters, context, topology, publish records, snapshots, node
 * records) and the volume commands of {@link VolumesViewModel}, each disabled with a reason when
 * the connection does not offer it.
 */
public final class VolumesView extends StorageTableView<Volume> {
    /**
     * Width of the Name column, in px: a Kubernetes volume name whole ({@code pvc-} and a UUID), so that names of one
     * cluster, alike at both ends, are never told apart by an elided middle; the name wins the room over the id.
     */
    static final double NAME_WIDTH = 360;
    private static final String CONDITION_NOT_REPORTED =
            "the driver does not advertise VOLUME_CONDITION (ControllerGetCapabilities), or the volume is known from the CSP only";
    private final VolumesViewModel model;
    /** What "Lifecycle" does with the selected volume; null until {@link #offerLifecycle} offers it. */
    private java.util.function.Consumer<Volume> lifecycle;
    private final javafx.beans.value.ObservableValue<String> selectedVolume;

    /** Of several selected volumes: their total capacity (volumes that report none are counted apart). */
    static List<DetailRow> summary(List<Volume> volumes) {
        long total = 0;
        int unknown = 0;
        for (Volume v : volumes) {
            if (v.capacityBytes() > 0) total += v.capacityBytes();
            else unknown++;
        }
        String size = Texts.knownSizeWithBytes(total)
                + (unknown == 0 ? "" : "; " + unknown + (unknown == 1 ? " volume reports" : " volumes report") + " no size");
        return List.of(DetailRow.of("Total size", size));
    }

    public VolumesView(VolumesViewModel model) {
        super(ResourceKind.VOLUMES, model);
        this.model = model;
        this.selectedVolume = javafx.beans.binding.Bindings.createStringBinding(
                () -> model.selected() == null ? null : model.selected().volumeId(), model.selectedProperty());
        List<Column<Volume, ?>> columns = List.of(
                Column.<Volume, String>of("name", "Name", Volume::displayName).width(NAME_WIDTH).tooltip(v -> "volume_id " + v.volumeId()),
                // Beside the name, shown only while the driver cannot list: why the row is in sight.
                Column.<Volume, String>of("note", "Note", model::noteOf).width(300),
                Column.<Volume, String>of("id", "Volume id", Volume::volumeId).width(170).mono(),
                Column.<Volume, Long>of("size", "Size", Volume::capacityBytes).format(Texts::size)
                        .tooltip(v -> Texts.sizeTip(v.capacityBytes())).alignRight().width(90),
                Column.<Volume, String>of("accessType", "Access type", Texts::accessType).width(110)
                        .tooltip(Texts::accessNotReported),
                Column.<Volume, String>of("accessMode", "Access mode", Texts::accessModes).width(150)
                        .tooltip(Texts::accessNotReported),
                Column.<Volume, String>of("published", "Published to", Texts::published).width(140),
                Column.<Volume, String>of("condition", "Condition", v -> Texts.condition(v, conditionReported(v)).replace(Texts.NOT_REPORTED, "\u2014"))
                        .width(110).tooltip(v -> conditionReported(v) || v.condition().abnormal() ? null : CONDITION_NOT_REPORTED)
                        .styleClass(v -> v.condition().abnormal() ? ConsoleStyles.CELL_DANGER : null),
                Column.<Volume, String>of("group", "Group", Volume::groupId).width(110),
                Column.<Volume, String>of("replication", "Replication", v -> Texts.replication(v.replication())).width(150)
                        .styleClass(v -> v.replication().health() == ReplicationHealth.ERROR ? ConsoleStyles.CELL_DANGER
                                : v.replication().health() == ReplicationHealth.DEGRADED ? ConsoleStyles.CELL_WARNING : null),
                Column.<Volume, String>of("source", "Source", model::sourceOf).width(150),
                Column.<Volume, String>of("origin", "Origin", v -> Texts.origin(v.origin())).width(80),
                // Bytes freed (pre_usage - post_usage) by a reclaim in this session; sorts by them.
                Column.<Volume, Long>of("reclaimed", "Reclaimed", model::reclaimedBytesOf)
                        .format(b -> b == null ? "" : org.csiconsole.core.model.ByteSize.format(b))
                        .tooltip(v -> model.reclaimedText(v).isEmpty() ? null : model.reclaimedText(v)).alignRight().width(100));
        ResourceTable<Volume> table = new ResourceTable<>(model.table(), columns)
                .withDetail(this::details, Volume::displayName)
                .withSelectionSummary(VolumesView::summary)
                .withEmptyState(Material2MZ.STORAGE, "No volumes", "This connection has no volumes yet. Create one with New volume (Ctrl+N).",
                        model.emptyNoteProperty());
        install(table);
        noteColumnWhileUnlisted("note");
        ActionButton lookUpHere = new ActionButton("volume-lookup-empty", model.lookUpAction(), Material2MZ.SEARCH,
                "Read one volume by its volume_id (ControllerGetVolume)");
        table.unavailableState().with(lookUpHere);
        model.detailVersionProperty().addListener((o, a, b) -> table.refreshDetail());
        model.setPvExportChooser(this::choosePvExport);
        // Look up by id is what a driver that cannot list leaves; while it lists, the filter finds a
        // volume and the bar keeps its room (the command stays in the row menu).
        ActionButton lookUp = new ActionButton("volume-lookup", model.lookUpAction(), Material2MZ.SEARCH,
                "Read one volume by its volume_id (ControllerGetVolume)");
        lookUp.visibleProperty().bind(model.unsupportedProperty());
        lookUp.managedProperty().bind(lookUp.visibleProperty());
        model.reclaimVersionProperty().addListener((o, a, b) -> {
            table.tableView().refresh();
            table.refreshDetail();
        });
        commands(
                new ActionButton("volume-create", model.createAction(), Material2AL.ADD, "Create a volume (Ctrl+N)"),
                new ActionButton("volume-expand", model.expandAction(), Material2AL.ADD_CIRCLE_OUTLINE, "Grow the selected volume"),
                new ActionButton("volume-clone", model.cloneAction(), Material2AL.CONTENT_COPY, "Create a copy of the selected volume"),
                new ActionButton("volume-modify", model.modifyAction(), Material2AL.EDIT, "Change mutable parameters"),
                new ActionButton("volume-snapshot", model.snapshotAction(), Material2MZ.PHOTO_CAMERA, "Snapshot the selected volumes"),
                new ActionButton("volume-delete", model.deleteAction(), Material2AL.DELETE_OUTLINE, "Delete the selected volumes (Del)"),
                lookUp,
                null,
                new ActionMenu("volume-controller", javafx.beans.binding.Bindings.createStringBinding(() -> "Controller"),
                        Material2AL.LINK, "ControllerPublishVolume and ControllerUnpublishVolume: attach the volume to a node")
                        .item(model.publishAction(), "ControllerPublishVolume to a node you choose")
                        .item(model.unpublishAction(), "ControllerUnpublishVolume from one of its nodes")
                        .item(model.reclaimAction(), "csi-addons ControllerReclaimSpace: free unused blocks of the selected volumes (offline)")
                        .item(model.validateAction(), "ValidateVolumeCapabilities: ask the driver whether the volume supports an "
                                + "access type and mode; changes nothing"),
                new ActionMenu("volume-node", javafx.beans.binding.Bindings.createStringBinding(() -> model.connectedNodeProperty().get().isEmpty()
                        ? "Node" : "Node " + model.connectedNodeProperty().get(), model.connectedNodeProperty()),
                        Material2AL.FOLDER_OPEN, "Node calls on the connected node socket, in lifecycle order")
                        .item(model.nodeStageAction(), "NodeStageVolume at a staging path")
                        .item(model.nodePublishAction(), "NodePublishVolume at a target path")
                        .item(model.nodeUnpublishAction(), "NodeUnpublishVolume from a target path")
                        .item(model.nodeUnstageAction(), "NodeUnstageVolume from the staging path")
                        .item(model.nodeExpandAction(), "NodeExpandVolume: grow the file system after Expand, at the target path")
                        .item(model.nodeReclaimAction(), "csi-addons NodeReclaimSpace where this console staged or published them (online)")
                        .item(model.rotateKeyAction(), "csi-addons EncryptionKeyRotate: give the volume a new encryption key"),
                new ActionMenu("volume-inventory", javafx.beans.binding.Bindings.createStringBinding(() -> "Inventory"),
                        Material2AL.LIST_ALT, "The console's record of this connection: what a driver that cannot list shows")
                        .item(model.importPvAction(), "Record the CSI PVs of this driver from a kubectl get pv -o json export")
                        .item(model.addIdsAction(), "Record volume ids you paste")
                        .item(model.recheckAction(), "Ask the driver about each recorded volume and mark those it no longer knows")
                        .item(model.forgetAction(), "Remove the selected volume from the console's record; nothing is sent to the driver"),
                new ActionMenu("volume-csp", javafx.beans.binding.Bindings.createStringBinding(() -> "CSP host"),
                        Material2AL.DNS, "Present the volume to a CSP host (initiator) of the array, or stop")
                        .item(model.cspPublishAction(), "Present the volume to a host with a protocol")
                        .item(model.cspUnpublishAction(), "Stop presenting it to a host"));
    }

    private java.util.Optional<java.nio.file.Path> choosePvExport() {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle("Import PV export (kubectl get pv -o json)");
        chooser.getExtensionFilters().addAll(new javafx.stage.FileChooser.ExtensionFilter("JSON", "*.json"),
                new javafx.stage.FileChooser.ExtensionFilter("All files", "*"));
        java.io.File f = chooser.showOpenDialog(root().getScene() == null ? null : root().getScene().getWindow());
        return java.util.Optional.ofNullable(f).map(java.io.File::toPath);
    }

    private boolean conditionReported(Volume v) {
        return Texts.conditionReported(v, model.features());
    }

    private List<DetailRow> details(Volume v) {
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Volume id", v.volumeId()));
        if (!model.noteOf(v).isEmpty()) rows.add(DetailRow.of("Shown as", model.noteOf(v)));
        rows.add(DetailRow.of("Name", v.name()));
        rows.add(DetailRow.of("Capacity", Texts.sizeWithBytes(v.capacityBytes())));
        rows.add(DetailRow.of("Access", Texts.accessNotReported(v) != null ? "not reported by the driver"
                : join(Texts.accessType(v), Texts.accessModes(v))));
        rows.add(DetailRow.of("Published to", model.whereItIs(v)));
        rows.add(DetailRow.of("Condition", conditionReported(v) || v.condition().abnormal() ? Texts.condition(v, conditionReported(v))
                : Texts.NOT_REPORTED + " (" + CONDITION_NOT_REPORTED + ")"));
        rows.add(DetailRow.of("Group", v.groupId()));
        rows.add(DetailRow.of("Replication", v.replication().replicated()
                ? join(Texts.replication(v.replication()), v.replication().partner(), v.replication().message())
                : Texts.NOT_REPORTED + " (no csi-addons replication information for this volume)"));
        rows.add(DetailRow.of("Source", model.sourceOf(v)));
        rows.add(DetailRow.of("Origin", Texts.origin(v.origin())));
        if (!model.reclaimedText(v).isEmpty()) rows.add(DetailRow.of("Space reclaimed", model.reclaimedText(v)));
        rows.add(DetailRow.block("Parameters", Texts.keyValues(v.parameters())));
        rows.add(DetailRow.block("Volume context", Texts.keyValues(v.volumeContext())));
        rows.add(DetailRow.block("Accessible topology", Texts.topologies(v.accessibleTopology())));
        rows.add(DetailRow.block("Publish info", publishInfo(v)));
        rows.add(DetailRow.block("Snapshots", model.selected() == v ? snapshots(model.snapshotsOfSelected()) : ""));
        rows.add(DetailRow.block("Node state", model.nodeState(v)));
        rows.add(DetailRow.block("Node records", nodeRecords(v)));
        if (!v.properties().isEmpty()) rows.add(DetailRow.block("Other properties", Texts.keyValues(v.properties())));
        return rows;
    }

    private String publishInfo(Volume v) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : model.publishContexts().entrySet()) {
            if (!e.getKey().startsWith(v.volumeId() + "/")) continue;
            lines.add("node " + e.getKey().substring(v.volumeId().length() + 1) + ": " + Texts.keyValues(e.getValue()).replace('\n', ' '));
        }
        if (model.selected() == v) {
            for (PublishInfo p : model.publishInfoOfSelected()) {
                lines.add("LUN " + p.lunId() + ", serial " + p.serialNumber()
                        + (p.accessProtocol() == null ? "" : ", " + p.accessProtocol().wire())
                        + (p.targetNames().isEmpty() ? "" : ", targets " + String.join(" ", p.targetNames()))
                        + (p.discoveryIps().isEmpty() ? "" : ", discovery " + String.join(" ", p.discoveryIps()))
                        + (p.chapConfigured() ? ", CHAP user " + p.chapUser() : ""));
            }
        }
        return String.join("\n", lines);
    }

    private static String snapshots(List<Snapshot> snaps) {
        return snaps.stream().map(s -> (s.name().isEmpty() ? s.snapshotId() : s.name()) + "  " + Texts.size(s.sizeBytes())
                + "  " + Texts.time(s.creationTime()) + (s.readyToUse() ? "" : "  (not ready)")).collect(Collectors.joining("\n"));
    }

    private String nodeRecords(Volume v) {
        return v.publishedNodeIds().stream().map(id -> {
            NodeInfo n = model.nodes().stream().filter(x -> x.nodeId().equals(id)).findFirst().orElse(null);
            if (n == null) return id;
            return id + (n.accessibleTopology() == null ? "" : "  " + n.accessibleTopology())
                    + (n.maxVolumesPerNode() > 0 ? "  max " + n.maxVolumesPerNode() + " volumes" : "");
        }).collect(Collectors.joining("\n"));
    }

    private static String join(String... parts) {
        return java.util.Arrays.stream(parts).filter(p -> p != null && !p.isEmpty()).collect(Collectors.joining(" \u00b7 "));
    }

    @Override
    protected String unlistedHint() {
        return " The console's record keeps the volumes it created, imported (Inventory \u25b8 Import PV export\u2026) or was given"
                + " by id, each noted with where it came from; Look up by id reads another one by its volume_id"
                + " (ControllerGetVolume, when the driver advertises GET_VOLUME).";
    }

    /**
     * Offers "Lifecycle" on the command bar and the rows' menu: {@code show} gets the selected
     * volume, to draw it on the CSI lifecycle figure. Disabled with a reason while not exactly one
     * volume is selected. Offered again (the view's tab added to the workbench once more), the command stays
     * one and shows with the latest {@code show}.
     */
    public void offerLifecycle(java.util.function.Consumer<Volume> show) {
        boolean offered = lifecycle != null;
        lifecycle = Objects.requireNonNull(show);
        if (offered) return;
        javafx.beans.binding.StringBinding reason = javafx.beans.binding.Bindings.createStringBinding(() -> {
            if (!model.oneRowReason().isEmpty()) return model.oneRowReason();
            return model.selected() == null ? "Select one of the volumes first." : "";
        }, model.selectedProperty(), model.selectedRows());
        ViewAction action = new ViewAction("Lifecycle", reason.isEmpty(), reason, () -> {
            if (model.selected() != null) lifecycle.accept(model.selected());
        });
        addCommand(new ActionButton("volume-lifecycle", action, Material2AL.ACCOUNT_TREE,
                "Show the selected volume on the CSI lifecycle figure (Lifecycle perspective, Alt+3)"));
    }

    public VolumesViewModel viewModel() {
        return model;
    }

    @Override
    public ViewAction createAction() {
        return model.createAction();
    }

    @Override
    public ViewAction deleteAction() {
        return model.deleteAction();
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    /** The selected volume, for the call trace to follow. */
    @Override
    public javafx.beans.value.ObservableValue<String> selectedVolumeId() {
        return selectedVolume;
    }
}
