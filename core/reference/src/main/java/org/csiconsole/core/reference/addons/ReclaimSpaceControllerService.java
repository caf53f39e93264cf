package org.csiconsole.core.reference.addons;

import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.SpaceReclaim;
import org.csiconsole.core.reference.fault.Faults;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceControllerGrpc;

import java.util.Objects;

/**
 * csi-addons ControllerReclaimSpace (csi-addons-reclaimspace.md, "ControllerReclaimSpace"): frees
 * unused blocks of a volume on the array and reports {@code pre_usage} and {@code post_usage} in
 * bytes; post is below pre while there is space to reclaim. Codes: INVALID_ARGUMENT without
 * {@code volume_id}, NOT_FOUND for an unknown volume, ABORTED while another call on the volume runs.
 */
public final class ReclaimSpaceControllerService extends ReclaimSpaceControllerGrpc.ReclaimSpaceControllerImplBase {
    private final ArrayModel model;
    private final Faults faults;

    public ReclaimSpaceControllerService(ArrayModel model, Faults faults) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
    }

    @Override
    public void controllerReclaimSpace(ReclaimSpace.ControllerReclaimSpaceRequest r,
                                       StreamObserver<ReclaimSpace.ControllerReclaimSpaceResponse> out) {
        String rpc = "ControllerReclaimSpace";
        AddonsCalls.run(out, faults, rpc, () -> AddonsCalls.require(r.getVolumeId(), "volume_id", rpc), id -> {
            SpaceReclaim s = model.volumes().reclaimSpace(id);
            return ReclaimSpace.ControllerReclaimSpaceResponse.newBuilder()
                    .setPreUsage(usage(s.preUsageBytes())).setPostUsage(usage(s.postUsageBytes())).build();
        });
    }

    static ReclaimSpace.StorageConsumption usage(long bytes) {
        return ReclaimSpace.StorageConsumption.newBuilder().setUsageBytes(bytes).build();
    }
}
