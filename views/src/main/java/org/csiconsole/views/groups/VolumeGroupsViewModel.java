package org.csiconsole.views.groups;

import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.VolumeGroupDeletion;
import org.csiconsole.core.port.VolumeGroupRules;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Volume groups with their members and replication partner: CSP volume groups and csi-addons
 * volume groups (each row says its origin); a group snapshot of the selected group's members.
 * csi-addons groups are created, changed and deleted here (csi-addons VolumeGroup, gated on its
 * capabilities); CSP volume groups are managed on the array.
 */
public final class VolumeGroupsViewModel extends StorageViewModel<VolumeGroup> {
    /** Config key of the replication partner (OpenAPI 1.1.0 {@code VolumeGroupConfig.replication_partner}). */
    public static final String PARTNER = "replication_partner";

    private final ViewAction refresh;
    private final ViewAction snapshot;
    private final ViewAction create;
    private final ViewAction modify;
    private final ViewAction delete;
    private volatile VolumeGroupRules rules = VolumeGroupRules.NONE;

    public VolumeGroupsViewModel(ViewContext context) {
        super(context, g -> g.name() + " " + g.id() + " " + g.description() + " " + g.config().getOrDefault(PARTNER, ""));
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(org.csiconsole.core.model.VolumeGroup::id);
        refresh = refreshActionFor();
        snapshot = whileConnected(action("Group snapshot", Feature.GROUP_SNAPSHOTS, "Select a volume group with members.",
                g -> g != null && !g.volumes().isEmpty(), this::snapshot));
        create = whileConnected(action("New volume group", Feature.MANAGE_VOLUME_GROUPS, false, this::create));
        modify = whileConnected(action("Change members", Feature.MODIFY_VOLUME_GROUP, ADDONS_ONLY, VolumeGroupsViewModel::fromAddons, this::modify));
        delete = whileConnected(action("Delete volume group", Feature.MANAGE_VOLUME_GROUPS, ADDONS_ONLY, VolumeGroupsViewModel::fromAddons, this::delete));
    }

    /** Why a change is not offered for the selection. */
    static final String ADDONS_ONLY = "Select a volume group that came through csi-addons; CSP volume groups are managed on the array.";

    private static boolean fromAddons(VolumeGroup g) {
        return g != null && g.origin() != Origin.CSP;
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
        CompletableFuture<VolumeGroupRules> known = storage().volumeGroupRules().exceptionally(e -> VolumeGroupRules.NONE);
        return known.thenCompose(r -> {
            rules = r;
            return storage().listVolumeGroups();
        }).thenApply(l -> {
            if (!l.items().isEmpty()) sink.accept(l.items());
            return l.missing();
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction snapshotAction() { return snapshot; }
    public ViewAction createAction() { return create; }
    public ViewAction modifyAction() { return modify; }
    public ViewAction deleteAction() { return delete; }

    /** How the csi-addons VolumeGroup service treats members, as read with the groups. */
    public VolumeGroupRules rules() {
        return rules;
    }

    /** Reads the known volumes (for the member picker), then asks for the new group and creates it. */
    public void create() {
        List<VolumeGroup> groups = List.copyOf(table().all());
        VolumeGroupForms.withVolumes(context, features(), "Read volumes for a new volume group", known -> {
            Form form = VolumeGroupForms.create(known, groups, rules).on(context.connectionName());
            dialogs().submitForm(form, f -> {
                String name = f.text(VolumeGroupForms.NAME).value();
                List<String> ids = VolumeGroupForms.chosen(f);
                Map<String, String> params = Form.parseKeyValues(f.text(VolumeGroupForms.PARAMETERS).text().get());
                var task = context.actions().run(f, "Create volume group " + name,
                        p -> storage().createVolumeGroup(name, ids, params, Secrets.NONE),
                        g -> "Created volume group " + VolumeGroupRules.displayName(g) + " with " + org.csiconsole.core.model.Words.count(g.volumes().size(), "member") + ".");
                task.outcome().thenAccept(g -> {
                    upsertAndSelect(g, x -> x.id().equals(g.id()));
                    tell(ResourceKind.VOLUME_GROUPS, "Created volume group " + VolumeGroupRules.displayName(g));
                });
                return task;
            });
        });
    }

    /** Shows the selected group's members to change, then sends the full new member list. */
    public void modify() {
        VolumeGroup g = selected();
        if (!fromAddons(g)) return;
        List<VolumeGroup> groups = List.copyOf(table().all());
        VolumeGroupForms.withVolumes(context, features(), "Read volumes for " + VolumeGroupRules.displayName(g), known -> {
            Form form = VolumeGroupForms.modify(g, known, groups, rules).on(context.connectionName());
            dialogs().submitForm(form, f -> {
                List<String> ids = VolumeGroupForms.chosen(f);
                var task = context.actions().run(f, "Change members of " + VolumeGroupRules.displayName(g),
                        p -> storage().modifyVolumeGroupMembership(g.id(), ids, Secrets.NONE),
                        n -> "The group has " + n.volumes().size() + " members.");
                task.outcome().thenAccept(n -> {
                    VolumeGroup row = new VolumeGroup(n.id(), n.name().isEmpty() ? g.name() : n.name(), g.description(), n.volumes(),
                            g.creationTime(), g.config(), g.origin());
                    upsert(row, x -> x.id().equals(row.id()));
                    tell(ResourceKind.VOLUME_GROUPS, "Changed members of " + VolumeGroupRules.displayName(row));
                });
                return task;
            });
        });
    }

    /**
     * Deletes the selected group. For a group with members, the person first chooses whether they stay
     * (the default) or are deleted too ({@link VolumeGroupDeletion}); then the risk model's consent is
     * asked for the members when they go too (DeleteVolume, each read from the driver first), and for the
     * group (DeleteVolumeGroup), as the command line's {@code volume-group delete} asks them. Nothing is
     * sent before both are given.
     */
    public void delete() {
        VolumeGroup g = selected();
        if (!fromAddons(g)) return;
        Features features = features();
        VolumeGroupRules r = rules;
        boolean dropVolumes = false;
        // a delete the risk model refuses whatever is chosen (a replicated group) says so before any choice
        VolumeGroupDeletion keeping = VolumeGroupDeletion.plan(g, r, features, false);
        var refused = context.risk().assess(org.csiconsole.core.risk.RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP,
                List.of(TargetFacts.ofGroup(keeping)), java.time.Instant.now()).sending(keeping.sends()));
        if (refused.blocked() && !refused.illegal().overridable()) {
            consent(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(keeping)), keeping.sends(), "Delete");
            return;
        }
        if (!g.volumes().isEmpty()) {
            Form form = VolumeGroupForms.delete(g, r, features).on(context.connectionName());
            if (!dialogs().showForm(form)) return;
            dropVolumes = VolumeGroupForms.deletesVolumes(form);
        }
        VolumeGroupDeletion plan = VolumeGroupDeletion.plan(g, r, features, dropVolumes);
        if (!dropVolumes) {
            deleteAfterConsent(g, plan, List.of());
            return;
        }
        // the group's listing carries no publications: each member is read from the driver before anything is asked or sent
        VolumeGroupDeletion.readMembers(g, storage(), features).whenComplete((read, e) -> context.ui().execute(() -> {
            if (e != null) {
                org.csiconsole.core.call.CallFailure f = org.csiconsole.core.call.CallFailure.unwrap(e);
                dialogs().showFailure(f != null ? f : new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.INTERNAL,
                        "Read the members of " + VolumeGroupRules.displayName(g), String.valueOf(e.getMessage()),
                        "Nothing was sent. Read the group again, then delete it.", ""));
                return;
            }
            deleteAfterConsent(g, plan, read.stream().map(m -> {
                TargetFacts t = context.volumeFacts(m.volume(), features, "",
                        m.readBy() == null ? TargetFacts.VolumeRead.LIST_VOLUMES : m.readBy());
                return m.reported(features) ? t : t.withPlacements(t.placements(), false);
            }).toList());
        }));
    }

    /**
     * Asks the consent for the {@code members} first when the plan deletes them (their facts as read from the driver:
     * size, published nodes; a published one refuses it all in this first dialog, and the phrase typed names them), then
     * for the group, then runs the plan; nothing is sent when either is refused.
     */
    private void deleteAfterConsent(VolumeGroup g, VolumeGroupDeletion plan, List<TargetFacts> members) {
        if (plan.deleteVolumes() && !consent(RiskOperation.DELETE_VOLUME, members, Map.of(), "Delete")) return;
        if (!consent(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(plan)), plan.sends(), "Delete")) return;
        boolean membersGo = plan.deleteVolumes();
        context.actions().run("Delete volume group " + VolumeGroupRules.displayName(g), p -> plan.run(storage(), Secrets.NONE), done -> done)
                .outcome().thenRun(() -> {
                    remove(x -> x.id().equals(g.id()));
                    tell(ResourceKind.VOLUME_GROUPS, "Deleted volume group " + VolumeGroupRules.displayName(g));
                    if (membersGo) tell(ResourceKind.VOLUMES, "Deleted the members of volume group " + VolumeGroupRules.displayName(g));
                });
    }

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
