package org.csiconsole.core.csi;

import csi.v1.Csi;
import csi.v1.SnapshotMetadataGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.model.BlockMetadataPage;
import org.csiconsole.core.model.Secrets;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The CSI SnapshotMetadata service (alpha; csi.proto v1.12.0, "SnapshotMetadata Service RPC") of one
 * {@link CsiClient}: streams of allocated and changed blocks, sent on the controller connection; needs the plugin
 * capability SNAPSHOT_METADATA_SERVICE unless the client view is {@link CsiClient#forced()}.
 */
public final class CsiSnapshotMetadata {
    private final CsiConnection conn;
    private final CallMode mode;

    CsiSnapshotMetadata(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /**
     * GetMetadataAllocated (alpha service): streams the allocated blocks of a snapshot; needs the plugin capability
     * SNAPSHOT_METADATA_SERVICE. Sent on the controller connection.
     *
     * @param startingOffset byte offset to start at
     * @param maxResults blocks per message, 0 for the plugin's choice
     */
    public CompletableFuture<Void> metadataAllocated(String snapshotId, long startingOffset, int maxResults, Secrets secrets,
                                                     Consumer<BlockMetadataPage> onPage) {
        return conn.gated(mode, CsiRpc.GET_METADATA_ALLOCATED, () -> conn.policy.serverStream(conn.controller.channel(),
                CsiConnection.endpointText(conn.controller), SnapshotMetadataGrpc.getGetMetadataAllocatedMethod(),
                Csi.GetMetadataAllocatedRequest.newBuilder().setSnapshotId(snapshotId).setStartingOffset(startingOffset)
                        .setMaxResults(maxResults).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.STREAM, "GetMetadataAllocated " + snapshotId),
                r -> onPage.accept(CsiMapping.blocks(r.getBlockMetadataType(), r.getVolumeCapacityBytes(), r.getBlockMetadataList()))));
    }

    /** GetMetadataDelta (alpha service): streams the blocks changed between two snapshots. */
    public CompletableFuture<Void> metadataDelta(String baseSnapshotId, String targetSnapshotId, long startingOffset,
                                                 int maxResults, Secrets secrets, Consumer<BlockMetadataPage> onPage) {
        return conn.gated(mode, CsiRpc.GET_METADATA_DELTA, () -> conn.policy.serverStream(conn.controller.channel(),
                CsiConnection.endpointText(conn.controller), SnapshotMetadataGrpc.getGetMetadataDeltaMethod(),
                Csi.GetMetadataDeltaRequest.newBuilder().setBaseSnapshotId(baseSnapshotId).setTargetSnapshotId(targetSnapshotId)
                        .setStartingOffset(startingOffset).setMaxResults(maxResults).putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.STREAM, "GetMetadataDelta " + baseSnapshotId + ".." + targetSnapshotId),
                r -> onPage.accept(CsiMapping.blocks(r.getBlockMetadataType(), r.getVolumeCapacityBytes(), r.getBlockMetadataList()))));
    }
}
