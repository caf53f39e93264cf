package org.csiconsole.views.groups;

import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Volume groups (CSP and csi-addons, each row with its origin): members, replication partner,
 * creation time; group snapshot of the members; new group, change of members and delete for
 * csi-addons groups.
 */
public final class VolumeGroupsView extends StorageTableView<VolumeGroup> {
    private final VolumeGroupsViewModel model;

    public VolumeGroupsView(VolumeGroupsViewModel model) {
        super(ResourceKind.VOLUME_GROUPS, model);
        this.model = model;
        List<Column<VolumeGroup, ?>> columns = List.of(
                Column.<VolumeGroup, String>of("name", "Name", g -> g.name().isEmpty() ? g.id() : g.name()).width(200),
                Column.<VolumeGroup, String>of("id", "Group id", VolumeGroup::id).width(160).mono(),
                Column.<VolumeGroup, Integer>of("members", "Members", g -> g.volumes().size()).alignRight().width(95),
                Column.<VolumeGroup, String>of("partner", "Replication partner", g -> g.config().getOrDefault(VolumeGroupsViewModel.PARTNER, "")).width(160),
                Column.<VolumeGroup, Instant>of("created", "Created", VolumeGroup::creationTime).format(Texts::time).whole()
                        .comparator(Comparator.naturalOrder()).width(160),
                Column.<VolumeGroup, String>of("origin", "Origin", g -> origin(g.origin())).width(130),
                Column.<VolumeGroup, String>of("description", "Description", VolumeGroup::description).width(200));
        install(new ResourceTable<>(model.table(), columns)
                .withDetail(VolumeGroupsView::details, g -> g.name().isEmpty() ? g.id() : g.name())
                .withEmptyState(Material2AL.FOLDER, "No volume groups",
                        "Create one with New volume group (Ctrl+N) when the driver serves csi-addons VolumeGroup; CSP volume groups are defined on the array."));
        commands(
                new ActionButton("volume-group-create", model.createAction(), Material2AL.ADD, "Group volumes through csi-addons (Ctrl+N)"),
                new ActionButton("volume-group-modify", model.modifyAction(), Material2AL.EDIT, "Add or remove members of the selected group"),
                new ActionButton("volume-group-delete", model.deleteAction(), Material2AL.DELETE_OUTLINE, "Delete the selected group (Del)"),
                new ActionButton("group-snapshot", model.snapshotAction(), Material2AL.BURST_MODE, "Snapshot every member at one point in time"));
    }

    private static List<DetailRow> details(VolumeGroup g) {
        return List.of(
                DetailRow.of("Group id", g.id()),
                DetailRow.of("Name", g.name()),
                DetailRow.of("Description", g.description()),
                DetailRow.of("Created", Texts.time(g.creationTime())),
                DetailRow.of("Origin", origin(g.origin())),
                DetailRow.block("Members", g.volumes().stream().map(v -> v.displayName() + "  " + v.volumeId()
                        + (v.capacityBytes() > 0 ? "  " + Texts.size(v.capacityBytes()) : "")).collect(Collectors.joining("\n"))),
                DetailRow.block("Config", Texts.keyValues(g.config())));
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

    /** Where a group came from: a CSI origin is the csi-addons VolumeGroup service. */
    static String origin(org.csiconsole.core.model.Origin o) {
        return switch (o) {
            case CSI -> "csi-addons";
            case CSP -> "CSP";
            case BOTH -> "csi-addons + CSP";
        };
    }

}
