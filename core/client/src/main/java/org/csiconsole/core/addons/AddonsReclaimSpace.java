package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.VolumeCapability;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceControllerGrpc;
import reclaimspace.ReclaimSpaceNodeGrpc;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons reclaimspace services (csi-addons/spec reclaimspace.proto) of one {@link AddonsClient}: offline
 * reclaim through the controller, online reclaim through the node. Usage figures are in bytes.
 */
public final class AddonsReclaimSpace {
    private final AddonsConnection conn;
    private final CallMode mode;

    AddonsReclaimSpace(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** ControllerReclaimSpace. */
    public CompletableFuture<SpaceReclaimed> reclaimSpace(String volumeId, Map<String, String> parameters, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.RECLAIM_SPACE_OFFLINE, () -> conn.unary(ReclaimSpaceControllerGrpc.getControllerReclaimSpaceMethod(),
                ReclaimSpace.ControllerReclaimSpaceRequest.newBuilder().setVolumeId(volumeId).putAllParameters(parameters)
                        .putAllSecrets(secrets.values()).build(),
                mutate("ControllerReclaimSpace " + volumeId, ReplicationSource.volume(volumeId))))
                .thenApply(r -> reclaimed(r.hasPreUsage(), r.getPreUsage(), r.hasPostUsage(), r.getPostUsage()));
    }

    /** NodeReclaimSpace on a published volume (online reclaim). */
    public CompletableFuture<SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath, String stagingTargetPath,
                                                              VolumeCapability capability, Secrets secrets) {
        ReclaimSpace.NodeReclaimSpaceRequest.Builder b = ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumeId(volumeId)
                .setVolumePath(volumePath).setStagingTargetPath(stagingTargetPath == null ? "" : stagingTargetPath)
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return conn.gated(mode, AddonsCapability.RECLAIM_SPACE_ONLINE, () -> conn.unary(ReclaimSpaceNodeGrpc.getNodeReclaimSpaceMethod(), b.build(),
                mutate("NodeReclaimSpace " + volumeId, ReplicationSource.volume(volumeId))))
                .thenApply(r -> reclaimed(r.hasPreUsage(), r.getPreUsage(), r.hasPostUsage(), r.getPostUsage()));
    }

    private static SpaceReclaimed reclaimed(boolean hasPre, ReclaimSpace.StorageConsumption pre, boolean hasPost,
                                            ReclaimSpace.StorageConsumption post) {
        return new SpaceReclaimed(hasPre ? pre.getUsageBytes() : null, hasPost ? post.getUsageBytes() : null);
    }

    private CallSpec mutate(String what, ReplicationSource s) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what)
                .locking(s.group() ? InFlightGuard.group(s.id()) : InFlightGuard.volume(s.id())));
    }
}
