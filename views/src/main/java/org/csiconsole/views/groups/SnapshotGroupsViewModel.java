package org.csiconsole.views.groups;

import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Group snapshots: CSI volume group snapshots (GroupController) and CSP snapshot groups with
 * their members and replication status; create (members picked from the listed volumes) and delete with a typed
 * confirmation.
 */
public final class SnapshotGroupsViewModel extends StorageViewModel<SnapshotGroupRow> {
    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction delete;

    public SnapshotGroupsViewModel(ViewContext context) {
        super(context, r -> r.displayName() + " " + r.id() + " " + r.volumeGroup() + " " + r.replicationText());
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(SnapshotGroupRow::id);
        follows(ResourceKind.SNAPSHOT_GROUPS);
        refresh = refreshActionFor();
        create = whileConnected(action("New group snapshot", Feature.GROUP_SNAPSHOTS, false, this::create));
        delete = whileConnected(action("Delete", Feature.GROUP_SNAPSHOTS, true, this::delete));
    }

    @Override
    protected String noun() {
        return "group snapshots";
    }

    @Override
    protected Feature listFeature() {
        return null;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<SnapshotGroupRow> sink) {
        if (!features().available(Feature.GROUP_SNAPSHOTS)) {
            // Neither a CSP array nor a group controller: say so instead of showing an empty list.
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, "List group snapshots",
                    features().reason(Feature.GROUP_SNAPSHOTS), "Use a driver that offers the GROUP_CONTROLLER_SERVICE, or a CSP array", ""));
        }
        boolean csp = features().available(Feature.VOLUME_GROUPS);
        CompletableFuture<Listing<SnapshotGroup>> cspGroups = csp ? storage().listSnapshotGroups()
                : CompletableFuture.completedFuture(Listing.complete(List.of()));
        CompletableFuture<Listing<GroupSnapshot>> groups = storage().listGroupSnapshots().exceptionally(e -> {
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.UNSUPPORTED) return null;
            throw e instanceof RuntimeException r ? r : new java.util.concurrent.CompletionException(e);
        });
        return groups.thenCombine(cspGroups, (gl, sgl) -> {
            List<GroupSnapshot> gs = gl == null ? null : gl.items();
            Map<String, SnapshotGroup> byId = new HashMap<>();
            for (SnapshotGroup sg : sgl.items()) byId.put(sg.id(), sg);
            List<SnapshotGroupRow> rows = new ArrayList<>();
            if (gs != null) {
                for (GroupSnapshot g : gs) {
                    SnapshotGroup sg = g.origin() == Origin.CSI ? null : byId.remove(g.groupSnapshotId());
                    rows.add(new SnapshotGroupRow(g, sg == null ? "" : sg.volumeGroupName().isEmpty() ? sg.volumeGroupId() : sg.volumeGroupName(),
                            sg == null ? null : sg.replication()));
                }
            }
            for (SnapshotGroup sg : byId.values()) {
                rows.add(new SnapshotGroupRow(sg.toGroupSnapshot(), sg.volumeGroupName().isEmpty() ? sg.volumeGroupId() : sg.volumeGroupName(),
                        sg.replication()));
            }
            if (!rows.isEmpty()) sink.accept(rows);
            // Both listings read the same arrays: an array that did not answer is named once.
            Map<String, SourceFailure> missing = new java.util.LinkedHashMap<>();
            if (gl != null) gl.missing().forEach(m -> missing.putIfAbsent(m.source(), m));
            sgl.missing().forEach(m -> missing.putIfAbsent(m.source(), m));
            return List.copyOf(missing.values());
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction createAction() { return create; }
    public ViewAction deleteAction() { return delete; }

    /**
     * Reads the volumes, then asks for a name and the members, picked from the listed volumes (or
     * typed as volume_ids when the driver cannot list them), then creates the group snapshot.
     */
    public void create() {
        VolumeGroupForms.withVolumes(context, features(), "Read volumes for a new group snapshot", known -> {
            Form form = createForm(known);
            dialogs().submitForm(form, f -> {
                String name = f.text("name").value();
                List<String> ids = VolumeGroupForms.chosen(f);
                Map<String, String> params = Form.parseKeyValues(f.text("parameters").text().get());
                var task = context.actions().run(f, "Create group snapshot " + name, p -> storage().createGroupSnapshot(name, ids, params),
                        g -> "Created with " + org.csiconsole.core.model.Words.count(g.snapshots().size(), "snapshot") + (g.readyToUse() ? "." : "; not ready to use yet."));
                task.outcome().thenAccept(g -> {
                    SnapshotGroupRow row = new SnapshotGroupRow(g, "", null);
                    upsertAndSelect(row, r -> r.key().equals(row.key()));
                    tell(ResourceKind.SNAPSHOTS, "Created group snapshot " + row.displayName());
                });
                return task;
            });
        });
    }

    /** The create form: a name, the member volumes ({@link VolumeGroupForms#memberPicks}), parameters. */
    static Form createForm(List<org.csiconsole.core.model.Volume> known) {
        Form form = new Form("Create group snapshot", "CreateVolumeGroupSnapshot snapshots several volumes at one point in time.", "Create");
        form.addText("name", "Name", "", TextInput.Kind.LINE, "", n -> n.isBlank() ? "A name is required: it makes the request safe to repeat." : "");
        var picks = VolumeGroupForms.memberPicks(form, known, List.of(), Map.of());
        form.addCheck(picks, () -> VolumeGroupForms.chosen(form).isEmpty() ? "Tick at least one volume, or give its volume_id." : "",
                picks.chosen(), form.text(VolumeGroupForms.MORE_IDS).text());
        form.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "One key=value per line.", Form::checkKeyValues);
        return form;
    }

    /** Deletes the selected group snapshot (and its member snapshots) after the person typed its name. */
    public void delete() {
        SnapshotGroupRow r = selected();
        if (r == null) return;
        var facts = org.csiconsole.core.risk.TargetFacts.ofGroupSnapshot(r.group());
        if (!consent(org.csiconsole.core.risk.RiskOperation.DELETE_GROUP_SNAPSHOT, List.of(facts),
                java.util.Map.of("group_snapshot_id", r.group().groupSnapshotId()), "Delete")) return;
        context.actions().run("Delete group snapshot " + r.displayName(), p -> storage().deleteGroupSnapshot(r.group()), x -> "Deleted.")
                .outcome().thenRun(() -> {
                    remove(x -> x.key().equals(r.key()));
                    tell(ResourceKind.SNAPSHOTS, "Deleted group snapshot " + r.displayName());
                });
    }
}
