package org.csiconsole.core.port;

import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.VolumeGroup;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Groups: CSI volume group snapshots (GroupController service), CSP volume groups and snapshot groups.
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface GroupPort {

    /**
     * CSI group snapshots known to the connection (GetVolumeGroupSnapshot of the groups seen in
     * ListSnapshots) and CSP snapshot groups as {@link GroupSnapshot}s; the sources that did not
     * answer (the CSI plugin, an array) are named in {@link Listing#missing()}.
     */
    default CompletableFuture<Listing<GroupSnapshot>> listGroupSnapshots() {
        return Ports.unsupported("List group snapshots");
    }

    /** CreateVolumeGroupSnapshot of {@code sourceVolumeIds} (CSI GroupController) or a CSP snapshot group. */
    default CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds,
                                                                 Map<String, String> parameters) {
        return Ports.unsupported("CreateVolumeGroupSnapshot " + name);
    }

    /** DeleteVolumeGroupSnapshot (with the member {@code snapshot_ids}) or CSP snapshot group delete. */
    default CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot groupSnapshot) {
        return Ports.unsupported("DeleteVolumeGroupSnapshot " + groupSnapshot.groupSnapshotId());
    }

    /**
     * Volume groups with their members: CSP volume groups of every array and csi-addons
     * ListVolumeGroups (every page), each row with its {@link VolumeGroup#origin()} (CSP, CSI for
     * csi-addons, BOTH when the same {@code volume_group_id} came through both); a source that did
     * not answer is named in {@link Listing#missing()}.
     */
    default CompletableFuture<Listing<VolumeGroup>> listVolumeGroups() {
        return Ports.unsupported("List volume groups");
    }

    /** CSP snapshot groups with members and replication status, of every array; missing arrays as in {@link #listVolumeGroups()}. */
    default CompletableFuture<Listing<SnapshotGroup>> listSnapshotGroups() {
        return Ports.unsupported("List snapshot groups");
    }

    /**
     * csi-addons CreateVolumeGroup (csi-addons/spec volumegroup, "CreateVolumeGroup"): a group named
     * {@code name} holding {@code volumeIds} (may be empty). Idempotent by name. Fails
     * INVALID_ARGUMENT (parameters not supported), ALREADY_EXISTS (the name is used with other
     * arguments), FAILED_PRECONDITION (the volumes cannot be grouped, e.g. one is in another group),
     * UNSUPPORTED without the VOLUME_GROUP capability.
     *
     * @param secrets sent as the request's {@code secrets}; never logged or traced
     */
    default CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                            Secrets secrets) {
        return Ports.unsupported("CreateVolumeGroup " + name);
    }

    /**
     * csi-addons ModifyVolumeGroupMembership: the group's members become exactly {@code volumeIds}
     * (missing ones are added, others removed; empty removes all). Fails NOT_FOUND (group or a volume
     * unknown), INVALID_ARGUMENT (a volume is incompatible), RESOURCE_EXHAUSTED (group full),
     * UNSUPPORTED without MODIFY_VOLUME_GROUP.
     */
    default CompletableFuture<VolumeGroup> modifyVolumeGroupMembership(String volumeGroupId, List<String> volumeIds, Secrets secrets) {
        return Ports.unsupported("ModifyVolumeGroupMembership " + volumeGroupId);
    }

    /**
     * csi-addons DeleteVolumeGroup of one group; OK when it does not exist. What happens to the
     * members depends on the driver (see {@link VolumeGroupRules#deleteKeepsVolumes()}); use
     * {@link VolumeGroupDeletion} to delete a group with a known outcome for its members. Fails
     * FAILED_PRECONDITION (the group is in use or, for some drivers, not empty), UNSUPPORTED without
     * VOLUME_GROUP.
     */
    default CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return Ports.unsupported("DeleteVolumeGroup " + volumeGroupId);
    }

    /** csi-addons ControllerGetVolumeGroup; fails NOT_FOUND for an unknown group, UNSUPPORTED without GET_VOLUME_GROUP. */
    default CompletableFuture<VolumeGroup> getVolumeGroup(String volumeGroupId, Secrets secrets) {
        return Ports.unsupported("ControllerGetVolumeGroup " + volumeGroupId);
    }

    /**
     * How the csi-addons VolumeGroup service of this connection treats members (its advertised
     * capabilities); {@link VolumeGroupRules#NONE} without csi-addons. Never fails.
     */
    default CompletableFuture<VolumeGroupRules> volumeGroupRules() {
        return CompletableFuture.completedFuture(VolumeGroupRules.NONE);
    }
}
