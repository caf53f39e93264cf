package org.csiconsole.views.groups;

import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * CSP volume groups with their members and replication partner; a group snapshot of the selected
 * group's members. Groups themselves are managed on the array, so there is no create or delete.
 */
public final class VolumeGroupsViewModel extends StorageViewModel<VolumeGroup> {
    /** Config key of the replication partner (OpenAPI 1.1.0 {@code VolumeGroupConfig.replication_partner}). */
    public static final String PARTNER = "replication_partner";

    private final ViewAction refresh;
    private final ViewAction snapshot;

    public VolumeGroupsViewModel(ViewContext context) {
        super(context, g -> g.name() + " " + g.id() + " " + g.description() + " " + g.config().getOrDefault(PARTNER, ""));
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(org.csiconsole.core.model.VolumeGroup::id);
        refresh = refreshActionFor();
        snapshot = action("Group snapshot", Feature.GROUP_SNAPSHOTS, "Select a volume group with members.",
                g -> g != null && !g.volumes().isEmpty(), this::snapshot);
    }

    @Override
    protected String noun() {
        return "volume groups";
    }

    @Override
    protected Feature listFeature() {
        return Feature.VOLUME_GROUPS;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<VolumeGroup> sink) {
        return storage().listVolumeGroups().thenApply(l -> {
            if (!l.items().isEmpty()) sink.accept(l.items());
            return l.missing();
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction snapshotAction() { return snapshot; }

    /** Cuts a group snapshot of every member of the selected group. */
    public void snapshot() {
        VolumeGroup g = selected();
        if (g == null) return;
        Form form = new Form("Group snapshot of " + g.name(), "A crash-consistent snapshot of all " + g.volumes().size() + " members.", "Create");
        form.addText("name", "Name", g.name() + "-group-snap", TextInput.Kind.LINE, "",
                n -> n.isBlank() ? "A name is required: it makes the request safe to repeat." : "");
        List<String> ids = g.volumes().stream().map(Volume::volumeId).toList();
        dialogs().submitForm(form, f -> {
            String name = f.text("name").value();
            return context.actions().run(f, "Group snapshot of " + g.name(), p -> storage().createGroupSnapshot(name, ids, Map.of()),
                    gs -> "Created group snapshot " + (gs.name().isEmpty() ? gs.groupSnapshotId() : gs.name())
                            + " with " + gs.snapshots().size() + " snapshots.");
        });
    }
}
