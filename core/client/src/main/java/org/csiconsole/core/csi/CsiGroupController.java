package org.csiconsole.core.csi;

import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Secrets;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The CSI GroupController service (csi.proto v1.12.0, "GroupController Service RPC") of one {@link CsiClient}:
 * volume group snapshots, sent on the controller connection; needs CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT unless
 * the client view is {@link CsiClient#forced()}.
 */
public final class CsiGroupController {
    private final CsiConnection conn;
    private final CallMode mode;

    CsiGroupController(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** CreateVolumeGroupSnapshot; needs CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT. Serialized per group name. */
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds,
                                                                Map<String, String> parameters, Secrets secrets) {
        return conn.call(mode, CsiRpc.CREATE_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getCreateVolumeGroupSnapshotMethod(),
                Csi.CreateVolumeGroupSnapshotRequest.newBuilder().setName(name).addAllSourceVolumeIds(sourceVolumeIds)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("CreateVolumeGroupSnapshot " + name, InFlightGuard.group("name/" + name)))
                .thenApply(r -> CsiMapping.groupSnapshot(r.getGroupSnapshot(), name));
    }

    /** DeleteVolumeGroupSnapshot; {@code snapshotIds} must list every member. */
    public CompletableFuture<Void> deleteGroupSnapshot(String groupSnapshotId, List<String> snapshotIds, Secrets secrets) {
        return conn.call(mode, CsiRpc.DELETE_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getDeleteVolumeGroupSnapshotMethod(),
                Csi.DeleteVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(groupSnapshotId).addAllSnapshotIds(snapshotIds)
                        .putAllSecrets(secrets.values()).build(),
                mutate("DeleteVolumeGroupSnapshot " + groupSnapshotId, InFlightGuard.group(groupSnapshotId))).thenApply(r -> null);
    }

    /** GetVolumeGroupSnapshot. */
    public CompletableFuture<GroupSnapshot> getGroupSnapshot(String groupSnapshotId, List<String> snapshotIds, Secrets secrets) {
        return conn.call(mode, CsiRpc.GET_VOLUME_GROUP_SNAPSHOT, GroupControllerGrpc.getGetVolumeGroupSnapshotMethod(),
                Csi.GetVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(groupSnapshotId).addAllSnapshotIds(snapshotIds)
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetVolumeGroupSnapshot " + groupSnapshotId))
                .thenApply(r -> CsiMapping.groupSnapshot(r.getGroupSnapshot(), ""));
    }

    private CallSpec mutate(String what, String key) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what).locking(key));
    }
}
