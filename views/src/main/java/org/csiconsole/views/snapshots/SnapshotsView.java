package org.csiconsole.views.snapshots;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Snapshots: ready state, source volume, size, creation time; create, delete and restore to a new volume. */
public final class SnapshotsView extends StorageTableView<Snapshot> {
    private final SnapshotsViewModel model;
    private final javafx.beans.value.ObservableValue<String> selectedVolume;

    public SnapshotsView(SnapshotsViewModel model) {
        super(ResourceKind.SNAPSHOTS, model);
        this.model = model;
        this.selectedVolume = javafx.beans.binding.Bindings.createStringBinding(
                () -> model.selected() == null ? null : model.selected().sourceVolumeId(), model.selectedProperty());
        List<Column<Snapshot, ?>> columns = List.of(
                Column.<Snapshot, String>of("name", "Name", SnapshotsViewModel::display).width(200).tooltip(s -> "snapshot_id " + s.snapshotId()),
                // Beside the name, shown only while the driver cannot list: why the row is in sight.
                Column.<Snapshot, String>of("note", "Note", model::noteOf).width(300),
                Column.<Snapshot, String>of("id", "Snapshot id", Snapshot::snapshotId).width(170).mono().hidden(),
                Column.<Snapshot, Boolean>of("ready", "Ready", Snapshot::readyToUse).format(b -> b ? "Ready" : "Not ready").width(90)
                        .styleClass(s -> s.readyToUse() ? ConsoleStyles.CELL_OK : ConsoleStyles.CELL_WARNING),
                Column.<Snapshot, String>of("source", "Source volume", model::sourceOf).width(220).mono()
                        .tooltip(s -> s.sourceVolumeId().isEmpty() ? null : "volume_id " + s.sourceVolumeId()),
                Column.<Snapshot, Long>of("size", "Size", Snapshot::sizeBytes).format(Texts::size)
                        .tooltip(s -> Texts.sizeTip(s.sizeBytes())).alignRight().width(90),
                Column.<Snapshot, Instant>of("created", "Created", Snapshot::creationTime).format(Texts::time).whole()
                        .comparator(Comparator.naturalOrder()).width(160),
                Column.<Snapshot, String>of("group", "Group snapshot", Snapshot::groupSnapshotId).width(130),
                Column.<Snapshot, String>of("origin", "Origin", s -> Texts.origin(s.origin())).width(80));
        install(new ResourceTable<>(model.table(), columns)
                .withDetail(this::details, SnapshotsViewModel::display)
                .withEmptyState(Material2MZ.PHOTO_CAMERA, "No snapshots", "Snapshot a volume from the Volumes view, or with New snapshot."));
        noteColumnWhileUnlisted("note");
        commands(
                new ActionButton("snapshot-create", model.createAction(), Material2AL.ADD, "Create a snapshot (Ctrl+N)"),
                new ActionButton("snapshot-restore", model.restoreAction(), Material2MZ.RESTORE, "Create a volume from the selected snapshot"),
                new ActionButton("snapshot-delete", model.deleteAction(), Material2AL.DELETE_OUTLINE, "Delete the selected snapshots (Del)"));
    }

    private List<DetailRow> details(Snapshot s) {
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Snapshot id", s.snapshotId()));
        if (!model.noteOf(s).isEmpty()) rows.add(DetailRow.of("Shown as", model.noteOf(s)));
        rows.add(DetailRow.of("Name", s.name()));
        rows.add(DetailRow.of("Ready to use", Texts.yesNo(s.readyToUse())));
        rows.add(DetailRow.of("Source volume", model.sourceOf(s)));
        rows.add(DetailRow.of("Size", Texts.sizeWithBytes(s.sizeBytes())));
        rows.add(DetailRow.of("Created", Texts.time(s.creationTime())));
        rows.add(DetailRow.of("Group snapshot", s.groupSnapshotId()));
        rows.add(DetailRow.of("Origin", Texts.origin(s.origin())));
        if (!s.properties().isEmpty()) rows.add(DetailRow.block("Other properties", Texts.keyValues(s.properties())));
        return rows;
    }

    @Override
    protected String unlistedHint() {
        return " Snapshots taken from this console stay listed here for this session, so they can still be deleted.";
    }

    public SnapshotsViewModel viewModel() {
        return model;
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return model.createAction();
    }

    @Override
    public ViewAction deleteAction() {
        return model.deleteAction();
    }

    /** The selected snapshot's source volume, for the call trace to follow. */
    @Override
    public javafx.beans.value.ObservableValue<String> selectedVolumeId() {
        return selectedVolume;
    }
}
