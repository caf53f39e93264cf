package org.csiconsole.views.groups;

import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.VolumeGroupDeletion;
import org.csiconsole.core.port.VolumeGroupRules;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.Picks;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.form.Toggle;
import org.csiconsole.views.resource.Texts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The forms of the volume groups view (csi-addons VolumeGroup): a new group with its members, a
 * change of members, and the deletion with its typed confirmations. Members are picked from the
 * known volumes (filter, tick) and, for volumes not listed, given as volume_ids one per line. Under
 * LIMIT_VOLUME_TO_ONE_VOLUME_GROUP a volume already in another group is named in the form, which
 * then cannot be sent.
 */
final class VolumeGroupForms {
    /** Field ids. */
    static final String NAME = "name";
    static final String MEMBERS = "members";
    static final String MORE_IDS = "moreVolumeIds";
    static final String PARAMETERS = "parameters";
    static final String DELETE_VOLUMES = "deleteVolumes";

    private VolumeGroupForms() {
    }

    /** Create: name, members (picked and typed), parameters. */
    static Form create(List<Volume> known, List<VolumeGroup> groups, VolumeGroupRules rules) {
        Form form = new Form("New volume group", "CreateVolumeGroup (csi-addons) groups volumes so they can be snapshotted and "
                + "replicated together." + (rules.oneGroupPerVolume() ? " This driver allows one group per volume." : ""), "Create");
        form.addText(NAME, "Name", "", TextInput.Kind.LINE, "", n -> n.isBlank() ? "A name is required: it makes the request safe to repeat." : "");
        members(form, known, List.of(), groups, rules, "");
        form.addText(PARAMETERS, "Parameters", "", TextInput.Kind.LINES, "One key=value per line.", Form::checkKeyValues);
        return form;
    }

    /** Modify membership: the full new member list, starting from the current one. */
    static Form modify(VolumeGroup g, List<Volume> known, List<VolumeGroup> groups, VolumeGroupRules rules) {
        String name = VolumeGroupRules.displayName(g);
        List<String> current = ids(g.volumes());
        Form form = new Form("Change members of " + name, "ModifyVolumeGroupMembership makes the ticked volumes the members: "
                + "new ones join, unticked ones leave (their data stays). Current members: "
                + (current.isEmpty() ? "none" : String.join(", ", current)) + ".", "Apply");
        List<Volume> options = new ArrayList<>(known);
        for (Volume v : g.volumes()) if (options.stream().noneMatch(o -> o.volumeId().equals(v.volumeId()))) options.add(0, v);
        List<Volume> initial = options.stream().filter(v -> current.contains(v.volumeId())).toList();
        members(form, options, initial, groups, rules, g.id());
        return form;
    }

    private static void members(Form form, List<Volume> known, List<Volume> initial, List<VolumeGroup> groups, VolumeGroupRules rules,
                                String groupId) {
        Map<String, String> groupOf = new java.util.HashMap<>();
        for (VolumeGroup other : groups) {
            if (other.id().equals(groupId)) continue;
            for (Volume v : other.volumes()) groupOf.putIfAbsent(v.volumeId(), VolumeGroupRules.displayName(other));
        }
        Picks<Volume> picks = memberPicks(form, known, initial, groupOf);
        form.addCheck(picks, () -> String.join(" ", rules.conflicts(groups, groupId, chosen(form))), picks.chosen(), form.text(MORE_IDS).text());
    }

    /**
     * Adds the member picker to {@code form}: the listed volumes to filter and tick (name, volume_id,
     * size and the group a volume is in, from {@code groupOf}), sorted by name, and a field for
     * volume_ids not listed ({@link #MORE_IDS}). {@link #chosen(Form)} reads both.
     */
    static Picks<Volume> memberPicks(Form form, List<Volume> known, List<Volume> initial, Map<String, String> groupOf) {
        List<Volume> sorted = new ArrayList<>(known);
        sorted.sort(java.util.Comparator.comparing((Volume v) -> v.name().isEmpty() ? v.volumeId() : v.name(), String.CASE_INSENSITIVE_ORDER)
                .thenComparing(Volume::volumeId));
        Picks<Volume> picks = form.addPicks(MEMBERS, "Members", sorted, initial, v -> label(v, groupOf.get(v.volumeId())),
                known.isEmpty() ? "No volumes could be listed; give the volume_ids below." : "Filter, then tick the member volumes.", c -> "");
        form.addText(MORE_IDS, "Other volume_ids", "", TextInput.Kind.LINES, "Volumes not listed above, one volume_id per line.", t -> "");
        return picks;
    }

    /**
     * Reads every volume of {@code context}'s storage (when it can list them) as a task titled
     * {@code title}, then calls {@code then} on the UI thread with them (none when the listing is not
     * offered or fails: the form then takes typed volume_ids).
     */
    static void withVolumes(org.csiconsole.views.resource.ViewContext context, org.csiconsole.core.port.Features features, String title,
                            java.util.function.Consumer<List<Volume>> then) {
        List<Volume> all = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<List<Volume>> read = features.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)
                ? context.storage().listVolumes(org.csiconsole.core.call.PageSink.unpaced(all::addAll)).handle((x, e) -> List.copyOf(all))
                : java.util.concurrent.CompletableFuture.completedFuture(List.of());
        context.actions().tasks().submit(title, p -> read).outcome().thenAccept(then);
    }

    private static String label(Volume v, String group) {
        String name = v.name().isEmpty() || v.name().equals(v.volumeId()) ? v.volumeId() : v.name() + "  " + v.volumeId();
        return name + (v.capacityBytes() > 0 ? "  " + Texts.size(v.capacityBytes()) : "") + (group == null ? "" : "  (in group " + group + ")");
    }

    /** The member volume_ids of a create or modify form: those ticked, then those typed, each once. */
    static List<String> chosen(Form form) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        Picks<Volume> picks = form.picks(MEMBERS);
        for (Volume v : picks.chosen()) out.add(v.volumeId());
        form.text(MORE_IDS).text().get().lines().map(String::strip).filter(s -> !s.isEmpty()).forEach(out::add);
        return List.copyOf(out);
    }

    /**
     * Delete, for a group with members: the choice of what happens to them. They stay unless "also delete
     * the N member volumes" is ticked; the message and the check box's help say what happens either way
     * ({@link VolumeGroupDeletion#whatHappens()}), and a choice the driver cannot carry out is refused with
     * its reason. The consent itself is asked afterwards from the risk model, as the command line does.
     */
    static Form delete(VolumeGroup g, VolumeGroupRules rules, Features features) {
        String name = VolumeGroupRules.displayName(g);
        int n = g.volumes().size();
        VolumeGroupDeletion keep = VolumeGroupDeletion.plan(g, rules, features, false);
        VolumeGroupDeletion drop = VolumeGroupDeletion.plan(g, rules, features, true);
        Form form = new Form("Delete volume group " + name, keep.whatHappens(), "Continue");
        Toggle also = form.addToggle(DELETE_VOLUMES, "Also delete the " + n + " member volume" + (n == 1 ? "" : "s"), false,
                drop.whatHappens());
        if (!drop.allowed()) also.enabled().set(false);
        form.addCheck(also, () -> also.value().get() ? drop.refusal() : keep.refusal(), also.value());
        return form;
    }

    /** True when the delete form asks to delete the members too. */
    static boolean deletesVolumes(Form form) {
        return form.field(DELETE_VOLUMES).map(f -> ((Toggle) f).value().get()).orElse(false);
    }

    private static List<String> ids(List<Volume> volumes) {
        return volumes.stream().map(Volume::volumeId).toList();
    }
}
