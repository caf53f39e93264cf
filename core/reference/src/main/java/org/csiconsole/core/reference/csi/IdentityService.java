package org.csiconsole.core.reference.csi;

import com.google.protobuf.BoolValue;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.ReferencePlugin;

/**
 * CSI Identity (spec "Identity Service RPC"): plugin name/version, plugin capabilities
 * CONTROLLER_SERVICE, VOLUME_ACCESSIBILITY_CONSTRAINTS, GROUP_CONTROLLER_SERVICE,
 * SNAPSHOT_METADATA_SERVICE and online volume expansion; Probe always ready.
 */
public final class IdentityService extends IdentityGrpc.IdentityImplBase {
    private final String name;

    /** @param name the driver name GetPluginInfo answers, e.g. {@value ReferencePlugin#PLUGIN_NAME} */
    public IdentityService(String name) {
        this.name = name;
    }

    @Override
    public void getPluginInfo(Csi.GetPluginInfoRequest request, StreamObserver<Csi.GetPluginInfoResponse> out) {
        Rpc.reply(out, Csi.GetPluginInfoResponse.newBuilder().setName(name)
                .setVendorVersion(ReferencePlugin.VERSION).putManifest("simulation", "true").build());
    }

    @Override
    public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest request,
                                      StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
        var b = Csi.GetPluginCapabilitiesResponse.newBuilder();
        for (var t : new Csi.PluginCapability.Service.Type[] {
                Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE,
                Csi.PluginCapability.Service.Type.VOLUME_ACCESSIBILITY_CONSTRAINTS,
                Csi.PluginCapability.Service.Type.GROUP_CONTROLLER_SERVICE,
                Csi.PluginCapability.Service.Type.SNAPSHOT_METADATA_SERVICE}) {
            b.addCapabilities(Csi.PluginCapability.newBuilder()
                    .setService(Csi.PluginCapability.Service.newBuilder().setType(t)));
        }
        b.addCapabilities(Csi.PluginCapability.newBuilder().setVolumeExpansion(
                Csi.PluginCapability.VolumeExpansion.newBuilder().setType(Csi.PluginCapability.VolumeExpansion.Type.ONLINE)));
        Rpc.reply(out, b.build());
    }

    @Override
    public void probe(Csi.ProbeRequest request, StreamObserver<Csi.ProbeResponse> out) {
        Rpc.reply(out, Csi.ProbeResponse.newBuilder().setReady(BoolValue.of(true)).build());
    }
}
