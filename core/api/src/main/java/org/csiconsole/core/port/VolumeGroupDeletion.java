package org.csiconsole.core.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Deleting a csi-addons volume group with a known outcome for its members, the same for the views
 * and the command line. By default the members stay; deleting them too is a second, explicit
 * choice ({@code deleteVolumes}).
 *
 * <p>The steps follow what the driver advertises ({@link VolumeGroupRules}):
 * <ul>
 *   <li>Without DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES the volumegroup spec ("DeleteVolumeGroup":
 *       "Delete a volume group will delete all volumes in the group") applies. To keep the
 *       members, the group is emptied first (ModifyVolumeGroupMembership with no volume_ids);
 *       without MODIFY_VOLUME_GROUP it cannot be, and the plan is refused. To delete them, one
 *       DeleteVolumeGroup does it.</li>
 *   <li>With DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES DeleteVolumeGroup never deletes members, and some
 *       drivers refuse a group that still has members (FAILED_PRECONDITION), so the group is emptied
 *       first when MODIFY_VOLUME_GROUP allows it. To delete the members, each is deleted afterwards
 *       with DeleteVolume (CSI CREATE_DELETE_VOLUME).</li>
 * </ul>
 *
 * @param group the group as last read, with its members
 * @param deleteVolumes true when the member volumes are to be deleted too
 * @param steps the calls to make, in order; empty when refused
 * @param refusal why the plan cannot be carried out, empty when it can
 */
public record VolumeGroupDeletion(VolumeGroup group, boolean deleteVolumes, List<Step> steps, String refusal) {

    /** One kind of call in a plan. */
    public enum Step {
        /** ModifyVolumeGroupMembership with no volume_ids: the members leave the group. */
        EMPTY_GROUP,
        /** DeleteVolumeGroup. */
        DELETE_GROUP,
        /** DeleteVolume of each member, one after the other. */
        DELETE_VOLUMES
    }

    public VolumeGroupDeletion {
        Objects.requireNonNull(group, "group");
        steps = List.copyOf(steps);
        refusal = refusal == null ? "" : refusal;
    }

    /**
     * The plan for deleting {@code group} on a connection with {@code rules} and {@code features}
     * (DeleteVolume availability for {@link Step#DELETE_VOLUMES}).
     */
    public static VolumeGroupDeletion plan(VolumeGroup group, VolumeGroupRules rules, Features features, boolean deleteVolumes) {
        boolean members = !group.volumes().isEmpty();
        List<Step> steps = new ArrayList<>();
        if (!members) {
            return new VolumeGroupDeletion(group, false, List.of(Step.DELETE_GROUP), "");
        }
        if (!rules.deleteKeepsVolumes()) {
            if (deleteVolumes) return new VolumeGroupDeletion(group, true, List.of(Step.DELETE_GROUP), "");
            if (!rules.canModify()) {
                return new VolumeGroupDeletion(group, false, List.of(), "This driver deletes a group's volumes with the group (it does "
                        + "not advertise DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES) and cannot remove them from the group first (no "
                        + "MODIFY_VOLUME_GROUP). To keep the " + group.volumes().size() + " member volumes, keep the group.");
            }
            return new VolumeGroupDeletion(group, false, List.of(Step.EMPTY_GROUP, Step.DELETE_GROUP), "");
        }
        if (rules.canModify()) steps.add(Step.EMPTY_GROUP);
        steps.add(Step.DELETE_GROUP);
        if (deleteVolumes) {
            if (!features.available(Feature.DELETE_VOLUME)) {
                return new VolumeGroupDeletion(group, true, List.of(), "This driver never deletes a group's volumes with the group, "
                        + "and the volumes cannot be deleted one by one: " + features.reason(Feature.DELETE_VOLUME));
            }
            steps.add(Step.DELETE_VOLUMES);
        }
        return new VolumeGroupDeletion(group, deleteVolumes, steps, "");
    }

    /**
     * A member volume as the driver reports it before its deletion is assessed.
     *
     * @param volume the volume as read; as the group lists it when it could not be read
     * @param readBy the call that read it (its {@code published_node_ids} count as the driver's report as
     *     {@link org.csiconsole.core.risk.TargetFacts#driverReportsPlacements} decides for that call); null when it
     *     could not be read (no GET_VOLUME, no LIST_VOLUMES, or the listing does not hold it): its publications are not known
     */
    public record MemberRead(Volume volume, org.csiconsole.core.risk.TargetFacts.VolumeRead readBy) {
        public MemberRead {
            Objects.requireNonNull(volume, "volume");
        }

        /** True when the volume's {@code published_node_ids} are the driver's report, so that none means published nowhere. */
        public boolean reported(Features features) {
            return readBy != null && org.csiconsole.core.risk.TargetFacts.driverReportsPlacements(features.csi(), features.cspConnected(), readBy);
        }
    }

    /**
     * Reads each member of {@code group} from the driver, so that deleting the members is assessed on where the
     * driver reports them published, not on the group's listing (which carries no publications): ControllerGetVolume
     * of each member when {@code features} offer GET_VOLUME, else one ListVolumes (LIST_VOLUMES). Reads only; sends
     * no change.
     *
     * @return the members in the group's order; fails with the read's {@link CallFailure} (nothing is then deleted)
     */
    public static CompletableFuture<List<MemberRead>> readMembers(VolumeGroup group, VolumePort volumes, Features features) {
        List<Volume> members = group.volumes();
        if (members.isEmpty()) return CompletableFuture.completedFuture(List.of());
        if (features.available(Feature.GET_VOLUME)) {
            List<CompletableFuture<MemberRead>> reads = members.stream().map(m -> volumes.getVolume(m.volumeId())
                    .thenApply(v -> new MemberRead(v, org.csiconsole.core.risk.TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME))).toList();
            return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                    .thenApply(x -> reads.stream().map(CompletableFuture::join).toList());
        }
        if (!features.available(Feature.LIST_VOLUMES)) {
            return CompletableFuture.completedFuture(members.stream().map(m -> new MemberRead(m, null)).toList());
        }
        java.util.Set<String> ids = new java.util.HashSet<>(members.stream().map(Volume::volumeId).toList());
        java.util.Map<String, Volume> listed = new java.util.concurrent.ConcurrentHashMap<>();
        return volumes.listVolumes(page -> {
            page.stream().filter(v -> ids.contains(v.volumeId())).forEach(v -> listed.put(v.volumeId(), v));
            return org.csiconsole.core.call.PageSink.READY;
        }).thenApply(missing -> members.stream().map(m -> listed.containsKey(m.volumeId())
                ? new MemberRead(listed.get(m.volumeId()), org.csiconsole.core.risk.TargetFacts.VolumeRead.LIST_VOLUMES)
                : new MemberRead(m, null)).toList());
    }

    /** The key of the emptying call in {@link #sends()}: ModifyVolumeGroupMembership with no volume_ids. */
    public static final String EMPTY_GROUP_CALL = "ModifyVolumeGroupMembership";

    /**
     * The calls of the plan in order, as the confirmation shows what is sent, by call name: {@code
     * ModifyVolumeGroupMembership} (when the group is emptied first) {@code "(volume_group_id: vg-1, volume_ids: [])"},
     * {@code DeleteVolumeGroup} {@code "(volume_group_id: vg-1)"}, {@code DeleteVolume} (when the members are deleted one by
     * one) {@code "(volume_id: vol-1) (volume_id: vol-2)"}. Empty for a refused plan.
     */
    public java.util.Map<String, String> sends() {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (Step s : steps) {
            switch (s) {
                case EMPTY_GROUP -> m.put(EMPTY_GROUP_CALL, "(volume_group_id: " + group.id() + ", volume_ids: [])");
                case DELETE_GROUP -> m.put("DeleteVolumeGroup", "(volume_group_id: " + group.id() + ")");
                case DELETE_VOLUMES -> m.put("DeleteVolume", String.join(" ", memberIds().stream().map(id -> "(volume_id: " + id + ")").toList()));
            }
        }
        return m;
    }

    /** True when the plan deletes the members' data: they are deleted one by one, or the driver deletes them with the group. */
    public boolean membersLost() {
        return deleteVolumes && !group.volumes().isEmpty() && allowed();
    }

    /** The member volume ids. */
    public List<String> memberIds() {
        return group.volumes().stream().map(Volume::volumeId).toList();
    }

    /** True when the plan can be carried out. */
    public boolean allowed() {
        return refusal.isEmpty();
    }

    /** What happens to the group and its members, in words, for the confirmation; the refusal when refused. */
    public String whatHappens() {
        if (!allowed()) return refusal;
        String name = VolumeGroupRules.displayName(group);
        int n = group.volumes().size();
        if (n == 0) return "Group " + name + " has no members; only the group is deleted.";
        String members = n + " member volume" + (n == 1 ? "" : "s") + " (" + String.join(", ", memberIds()) + ")";
        StringBuilder b = new StringBuilder();
        if (steps.contains(Step.EMPTY_GROUP)) b.append("The ").append(members).append(" are first removed from group ").append(name)
                .append(" (ModifyVolumeGroupMembership), then the group is deleted (DeleteVolumeGroup). ");
        else b.append("Group ").append(name).append(" is deleted (DeleteVolumeGroup). ");
        if (!deleteVolumes) {
            b.append("The ").append(members).append(" stay, with their data.");
        } else if (steps.contains(Step.DELETE_VOLUMES)) {
            b.append("Then the ").append(members).append(" are deleted one by one (DeleteVolume); their data is lost.");
        } else {
            b.append("The driver deletes the ").append(members).append(" with the group; their data is lost.");
        }
        return b.toString();
    }

    /**
     * Makes the plan's calls in order and completes with a sentence of what was done. A failure
     * stops the plan; the future then fails with a {@link CallFailure} of the failed call's kind
     * whose {@code why} also says what had already been done. A member whose DeleteVolume fails does
     * not stop the others; the future fails afterwards naming each one. A refused plan fails at once
     * with {@link FailureKind#FAILED_PRECONDITION} and sends nothing.
     */
    public CompletableFuture<String> run(StorageService storage, Secrets secrets) {
        String name = VolumeGroupRules.displayName(group);
        if (!allowed()) {
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.FAILED_PRECONDITION, "Delete volume group " + name,
                    refusal, "Keep the group, or choose to delete its volumes too.", ""));
        }
        List<String> done = new ArrayList<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (Step s : steps) {
            chain = chain.thenCompose(x -> switch (s) {
                case EMPTY_GROUP -> step(storage.modifyVolumeGroupMembership(group.id(), List.of(), secrets), done,
                        "removed the members from the group");
                case DELETE_GROUP -> step(storage.deleteVolumeGroup(group.id(), secrets), done, "deleted the group");
                case DELETE_VOLUMES -> deleteMembers(storage, done);
            });
        }
        return chain.handle((x, e) -> {
            if (e == null) {
                int n = group.volumes().size();
                return "Deleted volume group " + name + (n == 0 ? "." : deleteVolumes ? " and its " + n + " member volume" + (n == 1 ? "" : "s") + "."
                        : "; its " + n + " member volume" + (n == 1 ? "" : "s") + " stay.");
            }
            CallFailure f = CallFailure.unwrap(e);
            if (f == null) throw e instanceof CompletionException c ? c : new CompletionException(e);
            String before = done.isEmpty() ? "" : " Already done: " + String.join(", ", done) + ".";
            throw new CallFailure(f.kind(), f.owner(), "Delete volume group " + name, f.why() + before, f.whatToDo(), f.detail(), f);
        });
    }

    private static CompletableFuture<Void> step(CompletableFuture<?> call, List<String> done, String words) {
        return call.thenAccept(x -> done.add(words));
    }

    private CompletableFuture<Void> deleteMembers(StorageService storage, List<String> done) {
        List<String> failed = new ArrayList<>();
        CallFailure[] first = new CallFailure[1];
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String id : memberIds()) {
            chain = chain.thenCompose(x -> storage.deleteVolume(id).handle((ok, e) -> {
                if (e == null) {
                    done.add("deleted volume " + id);
                } else {
                    CallFailure f = CallFailure.unwrap(e);
                    failed.add(id + " (" + (f != null ? f.why() : String.valueOf(e.getMessage())) + ")");
                    if (first[0] == null && f != null) first[0] = f;
                }
                return null;
            }));
        }
        return chain.thenAccept(x -> {
            if (failed.isEmpty()) return;
            FailureKind kind = first[0] != null ? first[0].kind() : FailureKind.INTERNAL;
            throw new CallFailure(kind, "DeleteVolume of the members", "these member volumes were not deleted: "
                    + String.join("; ", failed) + ".", "Delete them from the Volumes view once the cause is fixed.", "");
        });
    }
}
