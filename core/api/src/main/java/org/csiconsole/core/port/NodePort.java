package org.csiconsole.core.port;

import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.VolumeOnNode;
import org.csiconsole.core.model.VolumeStats;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The node side: NodeStageVolume, NodePublishVolume and their reverses on a connected node socket
 * (CSI spec, "Node Service RPC"), and the nodes a connection knows.
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface NodePort {

    /** NodeStageVolume on the connected node socket. */
    default CompletableFuture<Void> nodeStage(NodeTarget target) {
        return Ports.unsupported("NodeStageVolume " + target.volumeId());
    }

    /** NodeUnstageVolume on the connected node socket. */
    default CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return Ports.unsupported("NodeUnstageVolume " + volumeId);
    }

    /** NodePublishVolume on the connected node socket. */
    default CompletableFuture<Void> nodePublish(NodeTarget target) {
        return Ports.unsupported("NodePublishVolume " + target.volumeId());
    }

    /** NodeUnpublishVolume on the connected node socket. */
    default CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return Ports.unsupported("NodeUnpublishVolume " + volumeId);
    }

    /**
     * NodeExpandVolume on the connected node socket (CSI spec, "NodeExpandVolume"): grows the file system of
     * {@code volumeId} at {@code volumePath} to its expanded capacity.
     *
     * @param volumePath where the volume is published on the node (a {@code target_path}); never empty
     * @param stagingTargetPath where it is staged; empty when it is not
     * @param requiredBytes {@code capacity_range.required_bytes}, the size the controller expanded it to; 0 when unknown
     * @return the capacity the node reports afterwards in bytes; 0 when it reports none
     */
    default CompletableFuture<Long> nodeExpand(String volumeId, String volumePath, String stagingTargetPath, long requiredBytes) {
        return Ports.unsupported("NodeExpandVolume " + volumeId);
    }

    /**
     * CSI nodes: the connected node's NodeGetInfo (with topology and volume limit) and every node id
     * seen in {@code published_node_ids} (those without topology, {@code maxVolumesPerNode} 0).
     * When one of the two reads fails, the other's nodes come with it named in
     * {@link Listing#missing()}; when both fail, the future fails.
     */
    default CompletableFuture<Listing<NodeInfo>> listNodes() {
        return Ports.unsupported("List nodes");
    }

    /**
     * The node this connection's Node service runs on (NodeGetInfo), without listing volumes; an
     * empty list when no node socket is connected. Fails with NodeGetInfo's failure when the node
     * plugin does not answer.
     */
    default CompletableFuture<List<NodeInfo>> connectedNodes() {
        return CompletableFuture.completedFuture(List.of());
    }

    /**
     * NodeGetVolumeStats of {@code volumeId} at {@code volumePath} (a {@code target_path} or the
     * {@code staging_target_path}) on the connected node socket (GET_VOLUME_STATS). Fails NOT_FOUND
     * when the volume is not there, UNSUPPORTED when the node does not advertise the capability.
     *
     * @param stagingTargetPath where it is staged, or empty
     */
    default CompletableFuture<VolumeStats> nodeVolumeStats(String volumeId, String volumePath, String stagingTargetPath) {
        return Ports.unsupported("NodeGetVolumeStats " + volumeId);
    }

    /**
     * What the storage itself records of {@code volumeId} on every node: controller publications,
     * stagings and node publications. Empty when it keeps no such record, which is every CSI driver
     * (CSI has no call that lists them); the bundled reference plugin keeps them. Nodes the volume
     * has nothing on are left out.
     */
    default CompletableFuture<Optional<List<VolumeOnNode>>> volumeOnNodes(String volumeId) {
        return CompletableFuture.completedFuture(Optional.empty());
    }

}
