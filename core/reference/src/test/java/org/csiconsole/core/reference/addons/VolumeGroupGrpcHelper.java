package org.csiconsole.core.reference.addons;

import io.grpc.Channel;
import volumegroup.ControllerGrpc;
import volumegroup.VolumeGroupProto;

import java.util.List;

/** Creates a volume group through the csi-addons VolumeGroup service. */
final class VolumeGroupGrpcHelper {
    private VolumeGroupGrpcHelper() {
    }

    static String create(Channel channel, String name, List<String> volumeIds) {
        return ControllerGrpc.newBlockingStub(channel).createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder()
                .setName(name).addAllVolumeIds(volumeIds).build()).getVolumeGroup().getVolumeGroupId();
    }
}
