package org.csiconsole.core.reference.addons;

import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.SpaceReclaim;
import org.csiconsole.core.reference.fault.Faults;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceNodeGrpc;

import java.util.Objects;

/**
 * csi-addons NodeReclaimSpace (csi-addons-reclaimspace.md, "NodeReclaimSpace"): trims a volume that
 * is staged or published on this node at {@code volume_path} (or {@code staging_target_path}) and
 * reports {@code pre_usage}/{@code post_usage} in bytes. Codes: INVALID_ARGUMENT without
 * {@code volume_id} or {@code volume_path}; NOT_FOUND for an unknown volume or when the volume is
 * not staged or published at that path on this node; ABORTED while another call on the volume runs.
 */
public final class ReclaimSpaceNodeService extends ReclaimSpaceNodeGrpc.ReclaimSpaceNodeImplBase {
    private final ArrayModel model;
    private final Faults faults;
    private final String nodeId;

    public ReclaimSpaceNodeService(ArrayModel model, Faults faults, String nodeId) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    }

    @Override
    public void nodeReclaimSpace(ReclaimSpace.NodeReclaimSpaceRequest r, StreamObserver<ReclaimSpace.NodeReclaimSpaceResponse> out) {
        String rpc = "NodeReclaimSpace";
        AddonsCalls.run(out, faults, rpc, () -> {
            String id = AddonsCalls.require(r.getVolumeId(), "volume_id", rpc);
            AddonsCalls.require(r.getVolumePath(), "volume_path", rpc);
            return id;
        }, id -> {
            if (model.volumes().get(id).isEmpty()) {
                throw AddonsCalls.notFound("Volume " + id + " does not exist. Check the volume_id.");
            }
            String path = r.getVolumePath().trim();
            String staging = r.getStagingTargetPath().trim();
            boolean mounted = model.nodeRecords().at(id, nodeId, path).isPresent()
                    || (!staging.isEmpty() && model.nodeRecords().at(id, nodeId, staging).isPresent());
            if (!mounted) {
                throw AddonsCalls.notFound("Volume " + id + " is not staged or published at " + path + " on node " + nodeId
                        + ". Give the volume_path it is published at, or reclaim offline with ControllerReclaimSpace.");
            }
            SpaceReclaim s = model.volumes().reclaimSpace(id);
            return ReclaimSpace.NodeReclaimSpaceResponse.newBuilder()
                    .setPreUsage(ReclaimSpaceControllerService.usage(s.preUsageBytes()))
                    .setPostUsage(ReclaimSpaceControllerService.usage(s.postUsageBytes())).build();
        });
    }
}
