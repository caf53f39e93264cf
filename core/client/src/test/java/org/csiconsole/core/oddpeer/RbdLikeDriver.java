package org.csiconsole.core.oddpeer;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import fence.Fence;
import fence.FenceControllerGrpc;
import identity.IdentityProto;
import io.grpc.BindableService;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

import java.util.List;

/**
 * An odd peer shaped like ceph-csi's RBD driver with its csi-addons services, answering as it does
 * in the field: Probe leaves {@code ready} unset (legal: the spec says assume ready); DeleteVolume
 * answers INTERNAL {@value #IN_USE} (for a few seconds after the volume's snapshot was deleted);
 * ListClusterFence answers INTERNAL {@value #PANIC}. Other modules reuse it through core's test-jar.
 */
public final class RbdLikeDriver extends OddPeer {
    public static final String NAME = "rbd.csi.ceph.com";
    /** What DeleteVolume answers, INTERNAL. */
    public static final String IN_USE = "rbd image replicapool/csi-vol-0001 is still being used";
    /** What ListClusterFence answers, INTERNAL. */
    public static final String PANIC = "panic: runtime error: invalid memory address or nil pointer dereference";

    @Override
    List<BindableService> services() {
        return List.of(identity(), controller(), addonsIdentity(), fence());
    }

    private IdentityGrpc.IdentityImplBase identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                count("GetPluginInfo");
                answer(out, Csi.GetPluginInfoResponse.newBuilder().setName(NAME).setVendorVersion("v3.14.0").build());
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                count("GetPluginCapabilities");
                answer(out, Csi.GetPluginCapabilitiesResponse.newBuilder().addCapabilities(Csi.PluginCapability.newBuilder()
                        .setService(Csi.PluginCapability.Service.newBuilder().setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)))
                        .build());
            }

            @Override
            public void probe(Csi.ProbeRequest req, StreamObserver<Csi.ProbeResponse> out) {
                count("Probe");
                answer(out, Csi.ProbeResponse.getDefaultInstance());
            }
        };
    }

    private ControllerGrpc.ControllerImplBase controller() {
        return new ControllerGrpc.ControllerImplBase() {
            @Override
            public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                                  StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                count("ControllerGetCapabilities");
                answer(out, Csi.ControllerGetCapabilitiesResponse.newBuilder().addCapabilities(Csi.ControllerServiceCapability.newBuilder()
                        .setRpc(Csi.ControllerServiceCapability.RPC.newBuilder()
                                .setType(Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME))).build());
            }

            @Override
            public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
                count("DeleteVolume");
                out.onError(Status.INTERNAL.withDescription(IN_USE).asRuntimeException());
            }
        };
    }

    private identity.IdentityGrpc.IdentityImplBase addonsIdentity() {
        return new identity.IdentityGrpc.IdentityImplBase() {
            @Override
            public void getIdentity(IdentityProto.GetIdentityRequest req, StreamObserver<IdentityProto.GetIdentityResponse> out) {
                count("GetIdentity");
                answer(out, IdentityProto.GetIdentityResponse.newBuilder().setName(NAME).setVendorVersion("v3.14.0").build());
            }

            @Override
            public void getCapabilities(IdentityProto.GetCapabilitiesRequest req, StreamObserver<IdentityProto.GetCapabilitiesResponse> out) {
                count("GetCapabilities");
                answer(out, IdentityProto.GetCapabilitiesResponse.newBuilder().addCapabilities(IdentityProto.Capability.newBuilder()
                        .setNetworkFence(IdentityProto.Capability.NetworkFence.newBuilder()
                                .setType(IdentityProto.Capability.NetworkFence.Type.NETWORK_FENCE))).build());
            }

            @Override
            public void probe(IdentityProto.ProbeRequest req, StreamObserver<IdentityProto.ProbeResponse> out) {
                count("AddonsProbe");
                answer(out, IdentityProto.ProbeResponse.getDefaultInstance());
            }
        };
    }

    private FenceControllerGrpc.FenceControllerImplBase fence() {
        return new FenceControllerGrpc.FenceControllerImplBase() {
            @Override
            public void listClusterFence(Fence.ListClusterFenceRequest req, StreamObserver<Fence.ListClusterFenceResponse> out) {
                count("ListClusterFence");
                out.onError(Status.INTERNAL.withDescription(PANIC).asRuntimeException());
            }
        };
    }
}
