package org.csiconsole.core.port;

import org.csiconsole.core.model.GroupSnapshot;
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

    /** CSP volume groups with their members, of every array; an array that did not answer is named in {@link Listing#missing()}. */
    default CompletableFuture<Listing<VolumeGroup>> listVolumeGroups() {
        return Ports.unsupported("List volume groups");
    }

    /** CSP snapshot groups with members and replication status, of every array; missing arrays as in {@link #listVolumeGroups()}. */
    default CompletableFuture<Listing<SnapshotGroup>> listSnapshotGroups() {
        return Ports.unsupported("List snapshot groups");
    }

}
