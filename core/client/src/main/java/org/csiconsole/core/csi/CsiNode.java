package org.csiconsole.core.csi;

import csi.v1.Csi;
import csi.v1.NodeGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeStats;

import java.util.concurrent.CompletableFuture;

/**
 * The CSI Node service (csi.proto v1.12.0, "Node Service RPC") of one {@link CsiClient}, sent to the node endpoint
 * when one was given, else to the controller endpoint. Stage, unstage, publish, unpublish and expand are serialized
 * per volume_id.
 */
public final class CsiNode {
    private final CsiConnection conn;
    private final CallMode mode;

    CsiNode(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** NodeGetInfo. */
    public CompletableFuture<NodeInfo> nodeInfo() {
        return conn.call(mode, CsiRpc.NODE_GET_INFO, NodeGrpc.getNodeGetInfoMethod(), Csi.NodeGetInfoRequest.getDefaultInstance(),
                CallSpec.of(CallKind.PROBE, "NodeGetInfo")).thenApply(CsiMapping::nodeInfo);
    }

    /** NodeStageVolume; needs STAGE_UNSTAGE_VOLUME. */
    public CompletableFuture<Void> nodeStage(NodeStageRequest req) {
        return conn.call(mode, CsiRpc.NODE_STAGE_VOLUME, NodeGrpc.getNodeStageVolumeMethod(),
                Csi.NodeStageVolumeRequest.newBuilder().setVolumeId(req.volumeId()).putAllPublishContext(req.publishContext())
                        .setStagingTargetPath(req.stagingTargetPath()).setVolumeCapability(CsiMapping.capability(req.capability()))
                        .putAllSecrets(req.secrets().values()).putAllVolumeContext(req.volumeContext()).build(),
                node("NodeStageVolume " + req.volumeId(), req.volumeId())).thenApply(r -> null);
    }

    /** NodeUnstageVolume; needs STAGE_UNSTAGE_VOLUME. */
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return conn.call(mode, CsiRpc.NODE_UNSTAGE_VOLUME, NodeGrpc.getNodeUnstageVolumeMethod(),
                Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(volumeId).setStagingTargetPath(stagingTargetPath).build(),
                node("NodeUnstageVolume " + volumeId, volumeId)).thenApply(r -> null);
    }

    /** NodePublishVolume. */
    public CompletableFuture<Void> nodePublish(NodePublishRequest req) {
        return conn.call(mode, CsiRpc.NODE_PUBLISH_VOLUME, NodeGrpc.getNodePublishVolumeMethod(),
                Csi.NodePublishVolumeRequest.newBuilder().setVolumeId(req.volumeId()).putAllPublishContext(req.publishContext())
                        .setStagingTargetPath(req.stagingTargetPath()).setTargetPath(req.targetPath())
                        .setVolumeCapability(CsiMapping.capability(req.capability())).setReadonly(req.readonly())
                        .putAllSecrets(req.secrets().values()).putAllVolumeContext(req.volumeContext()).build(),
                node("NodePublishVolume " + req.volumeId(), req.volumeId())).thenApply(r -> null);
    }

    /** NodeUnpublishVolume. */
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return conn.call(mode, CsiRpc.NODE_UNPUBLISH_VOLUME, NodeGrpc.getNodeUnpublishVolumeMethod(),
                Csi.NodeUnpublishVolumeRequest.newBuilder().setVolumeId(volumeId).setTargetPath(targetPath).build(),
                node("NodeUnpublishVolume " + volumeId, volumeId)).thenApply(r -> null);
    }

    /** NodeGetVolumeStats; needs GET_VOLUME_STATS. {@code stagingTargetPath} may be empty. */
    public CompletableFuture<VolumeStats> nodeVolumeStats(String volumeId, String volumePath, String stagingTargetPath) {
        return conn.call(mode, CsiRpc.NODE_GET_VOLUME_STATS, NodeGrpc.getNodeGetVolumeStatsMethod(),
                Csi.NodeGetVolumeStatsRequest.newBuilder().setVolumeId(volumeId).setVolumePath(volumePath)
                        .setStagingTargetPath(stagingTargetPath).build(),
                CallSpec.of(CallKind.READ, "NodeGetVolumeStats " + volumeId)).thenApply(CsiMapping::stats);
    }

    /** NodeExpandVolume; needs node EXPAND_VOLUME. Returns the new capacity in bytes (0 when unknown). */
    public CompletableFuture<ExpandVolumeResult> nodeExpand(String volumeId, String volumePath, long requiredBytes, long limitBytes,
                                                      String stagingTargetPath, VolumeCapability capability, Secrets secrets) {
        Csi.NodeExpandVolumeRequest.Builder b = Csi.NodeExpandVolumeRequest.newBuilder().setVolumeId(volumeId)
                .setVolumePath(volumePath).setStagingTargetPath(stagingTargetPath == null ? "" : stagingTargetPath)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(requiredBytes).setLimitBytes(limitBytes))
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return conn.call(mode, CsiRpc.NODE_EXPAND_VOLUME, NodeGrpc.getNodeExpandVolumeMethod(), b.build(),
                node("NodeExpandVolume " + volumeId, volumeId)).thenApply(r -> new ExpandVolumeResult(r.getCapacityBytes(), false));
    }

    private CallSpec node(String what, String volumeId) {
        return mode.apply(CallSpec.of(CallKind.NODE, what).locking(InFlightGuard.volume(volumeId)));
    }
}
