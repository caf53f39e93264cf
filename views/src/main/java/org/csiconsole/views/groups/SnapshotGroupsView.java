package org.csiconsole.views.groups;

import org.csiconsole.core.model.SnapshotGroup;
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

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Group snapshots (CSI) and snapshot groups (CSP): members, ready state, replication status. */
public final class SnapshotGroupsView extends StorageTableView<SnapshotGroupRow> {
    private final SnapshotGroupsViewModel model;

    public SnapshotGroupsView(SnapshotGroupsViewModel model) {
        super(ResourceKind.SNAPSHOT_GROUPS, model);
        this.model = model;
        List<Column<SnapshotGroupRow, ?>> columns = List.of(
                Column.<SnapshotGroupRow, String>of("name", "Name", SnapshotGroupRow::displayName).width(200),
                Column.<SnapshotGroupRow, String>of("id", "Group snapshot id", SnapshotGroupRow::id).width(160).mono(),
                Column.<SnapshotGroupRow, Integer>of("members", "Members", r -> r.group().snapshots().size()).alignRight().width(95),
                Column.<SnapshotGroupRow, Boolean>of("ready", "Ready", r -> r.group().readyToUse()).format(b -> b ? "Ready" : "Not ready")
                        .styleClass(r -> r.group().readyToUse() ? ConsoleStyles.CELL_OK : ConsoleStyles.CELL_WARNING).width(90),
                Column.<SnapshotGroupRow, String>of("volumeGroup", "Volume group", SnapshotGroupRow::volumeGroup).width(130),
                Column.<SnapshotGroupRow, String>of("replication", "Replication", SnapshotGroupRow::replicationText).width(120)
                        .styleClass(r -> r.replication().status() == SnapshotGroup.ReplStatus.FAIL ? ConsoleStyles.CELL_DANGER : null),
                Column.<SnapshotGroupRow, Instant>of("created", "Created", r -> r.group().creationTime()).format(Texts::time).whole()
                        .comparator(Comparator.naturalOrder()).width(160),
                Column.<SnapshotGroupRow, String>of("origin", "Origin", r -> Texts.origin(r.group().origin())).width(80));
        install(new ResourceTable<>(model.table(), columns)
                .withDetail(SnapshotGroupsView::details, SnapshotGroupRow::displayName)
                .withEmptyState(Material2AL.BURST_MODE, "No group snapshots", "Create one with New group snapshot (Ctrl+N)."));
        commands(
                new ActionButton("group-snapshot-create", model.createAction(), Material2AL.ADD, "Snapshot several volumes at once (Ctrl+N)"),
                new ActionButton("group-snapshot-delete", model.deleteAction(), Material2AL.DELETE_OUTLINE, "Delete the selected group snapshot (Del)"));
    }

    private static List<DetailRow> details(SnapshotGroupRow r) {
        SnapshotGroup.Replication rep = r.replication();
        return List.of(
                DetailRow.of("Id", r.id()),
                DetailRow.of("Name", r.group().name()),
                DetailRow.of("Ready to use", Texts.yesNo(r.group().readyToUse())),
                DetailRow.of("Volume group", r.volumeGroup()),
                DetailRow.of("Created", Texts.time(r.group().creationTime())),
                DetailRow.of("Replication", rep.replicate() ? r.replicationText()
                        + (rep.startTime() == null ? "" : ", started " + Texts.time(rep.startTime()))
                        + (rep.completeTime() == null ? "" : ", completed " + Texts.time(rep.completeTime())) : "Not replicated"),
                DetailRow.of("Origin", Texts.origin(r.group().origin())),
                DetailRow.block("Members", r.group().snapshots().stream().map(s -> (s.name().isEmpty() ? s.snapshotId() : s.name())
                        + "  of " + s.sourceVolumeId() + (s.readyToUse() ? "" : "  (not ready)")).collect(Collectors.joining("\n"))));
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
}
