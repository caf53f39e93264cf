package org.csiconsole.views.snapshots;

import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.volumes.VolumeForms;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Snapshots of one connection (ListSnapshots, CSP snapshots): create, delete (typed confirmation of
 * the name; of the count for several selected snapshots) and a new volume from a ready snapshot (CreateVolume with a snapshot content source).
 */
public final class SnapshotsViewModel extends StorageViewModel<Snapshot> {
    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction delete;
    private final ViewAction restore;

    public SnapshotsViewModel(ViewContext context) {
        super(context, s -> s.name() + " " + s.snapshotId() + " " + s.sourceVolumeId() + " " + s.groupSnapshotId()
                + (s.readyToUse() ? " ready" : " pending"));
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(org.csiconsole.core.model.Snapshot::snapshotId);
        keepUnlisted(context.known().snapshots(), org.csiconsole.core.model.Snapshot::snapshotId);
        refresh = refreshActionFor();
        create = whileConnected(action("New snapshot", Feature.CREATE_DELETE_SNAPSHOT, false, this::create));
        delete = whileConnected(bulkAction("Delete", Feature.CREATE_DELETE_SNAPSHOT, null, s -> true, this::delete));
        restore = whileConnected(action("New volume from snapshot", Feature.CLONE_FROM_SNAPSHOT,
                "Select a snapshot that is ready to use.", s -> s != null && s.readyToUse(), this::restore));
        follows(ResourceKind.SNAPSHOTS);
    }

    @Override
    protected String noun() {
        return "snapshots";
    }

    @Override
    protected Feature listFeature() {
        return Feature.LIST_SNAPSHOTS;
    }

    @Override
    protected String listCapability() {
        return "LIST_SNAPSHOTS";
    }

    /**
     * Reads the snapshots; one in the console's record keeps its create name (CSI ListSnapshots
     * carries no name, so a listed snapshot would read as its id, Name "—", and a filter by the
     * name it was created with would find nothing).
     */
    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<Snapshot> sink) {
        return storage().listSnapshots(null, org.csiconsole.core.record.NamedPages.of(sink, context.known().book().snapshotNames()));
    }

    /**
     * The snapshot's source volume with its create name beside the id where this console knows it, as the Volumes
     * view names a clone's source: {@code "erp-db (vol-0002)"}; the id alone when the name is not known; empty for
     * a snapshot without a source.
     */
    public String sourceOf(Snapshot s) {
        if (s.sourceVolumeId().isEmpty()) return "";
        return Texts.named(s.sourceVolumeId(), context.sourceName(VolumeSource.volume(s.sourceVolumeId())));
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction createAction() { return create; }
    public ViewAction deleteAction() { return delete; }
    public ViewAction restoreAction() { return restore; }

    /** Asks for the source volume and name, then creates the snapshot. */
    public void create() {
        Form form = new Form("Create snapshot", "CreateSnapshot cuts a point-in-time copy of a volume.", "Create");
        form.addText("sourceVolumeId", "Source volume id", selected() == null ? "" : selected().sourceVolumeId(), TextInput.Kind.LINE,
                "The volume_id to snapshot.", s -> s.isBlank() ? "Give the volume_id of the volume to snapshot." : "");
        form.addText("name", "Name", "", TextInput.Kind.LINE, "", name -> name.isBlank() ? "A name is required: it makes the request safe to repeat." : "");
        form.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "One key=value per line.", Form::checkKeyValues);
        dialogs().submitForm(form, f -> create(f, f.text("sourceVolumeId").value(), f.text("name").value(),
                Form.parseKeyValues(f.text("parameters").text().get())));
    }

    /** CreateSnapshot of {@code sourceVolumeId}; the snapshot is added to the table. */
    public UiTask<Snapshot> create(String sourceVolumeId, String name, Map<String, String> params) {
        return create(null, sourceVolumeId, name, params);
    }

    private UiTask<Snapshot> create(Form form, String sourceVolumeId, String name, Map<String, String> params) {
        UiTask<Snapshot> task = context.actions().run(form, "Snapshot " + sourceVolumeId,
                p -> storage().createSnapshot(sourceVolumeId, name, params),
                s -> "Created snapshot " + display(s) + (s.readyToUse() ? "." : "; it is not ready to use yet."));
        task.outcome().thenAccept(s -> {
            showCreated(s, x -> same(x, s));
            tell(ResourceKind.SNAPSHOTS, "Created snapshot " + display(s));
        });
        return task;
    }

    /**
     * Deletes the selected snapshots: one after the person typed its name; several after one
     * confirmation listing them (typed {@code "delete N snapshots"}), as one task with per-snapshot
     * results. Deleted rows leave the table; failed ones stay.
     */
    public void delete() {
        List<Snapshot> targets = targets();
        if (targets.isEmpty()) return;
        // the source volumes as the driver lists them: a snapshot whose source is gone is the last copy of its data
        Map<String, String> volumes = new java.util.concurrent.ConcurrentHashMap<>();
        storage().listVolumes(page -> {
            for (var v : page) volumes.put(v.volumeId(), v.name());
            return org.csiconsole.core.call.PageSink.READY;
        }).whenComplete((missing, e) -> context.ui().execute(() -> delete(targets, volumes, e == null && missing.isEmpty())));
    }

    private void delete(List<Snapshot> targets, Map<String, String> volumes, boolean complete) {
        // a driver that cannot list volumes: the console's record says which sources are gone
        List<TargetFacts> facts = targets.stream().map(s -> TargetFacts.ofSnapshot(s, complete ? volumes : null, context.known().book())).toList();
        if (!consent(RiskOperation.DELETE_SNAPSHOT, facts, targets.size() == 1 ? Map.of("snapshot_id", targets.get(0).snapshotId()) : Map.of(),
                "Delete")) return;
        if (targets.size() > 1) {
            context.actions().runEach("Delete " + targets.size() + " snapshots", targets, SnapshotsViewModel::display,
                    s -> storage().deleteSnapshot(s.snapshotId()), "Deleted", "snapshots",
                    r -> {
                        if (r.done() == 0) return;
                        remove(x -> r.doneItems().stream().anyMatch(done -> same(x, done)));
                        tell(ResourceKind.SNAPSHOTS, "Deleted " + r.done() + " snapshots");
                    });
            return;
        }
        Snapshot s = targets.get(0);
        context.actions().run("Delete snapshot " + display(s), p -> storage().deleteSnapshot(s.snapshotId()), x -> "Deleted.")
                .outcome().thenRun(() -> {
                    showDeleted(s, x -> same(x, s));
                    tell(ResourceKind.SNAPSHOTS, "Deleted snapshot " + display(s));
                });
    }

    /** Creates a new volume from the selected snapshot through the create-volume form. */
    public void restore() {
        Snapshot s = selected();
        if (s == null) return;
        Form form = VolumeForms.create(features(), VolumeSource.snapshot(s.snapshotId()), s.name(), s.sizeBytes());
        dialogs().submitForm(form, f -> {
            var request = VolumeForms.toRequest(f);
            UiTask<Volume> task = context.actions().run(f, "Create volume " + request.name() + " from " + display(s), p -> storage().createVolume(request),
                    (Volume v) -> "Created " + v.displayName() + " (" + Texts.reportedSize(v.capacityBytes()) + ") from " + display(s) + ".");
            task.outcome().thenAccept(v -> {
                context.known().volumes().created(v.volumeId(), v, java.time.Instant.now());
                tell(ResourceKind.VOLUMES, "Created volume " + v.displayName());
            });
            return task;
        });
    }

    /** Same snapshot: ids of CSI and CSP snapshots may coincide, so the origin counts too. */
    private static boolean same(Snapshot a, Snapshot b) {
        return a.snapshotId().equals(b.snapshotId()) && a.origin() == b.origin();
    }

    static String display(Snapshot s) {
        return s.name().isEmpty() ? s.snapshotId() : s.name();
    }
}
