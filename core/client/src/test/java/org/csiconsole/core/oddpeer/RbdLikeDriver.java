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
 * ListClusterFence answers INTERNAL {@value #PANIC}. Like ceph-csi, every call whose request has a
 * {@code secrets} field is refused INTERNAL {@value #NO_SECRETS} when it comes without them
 * (CreateVolume, DeleteVolume, ListClusterFence, GetVolumeReplicationInfo); the secrets each call
 * received are kept ({@link #secretsOf}). It serves csi-addons VolumeReplication's
 * GetVolumeReplicationInfo for the images in {@link #mirrored} (HEALTHY, last sync {@link #LAST_SYNC}); for another of
 * its {@link #images} FAILED_PRECONDITION {@value #NOT_MIRRORED}; NOT_FOUND for an id it does not hold. It does not
 * list volumes. Other modules reuse it through core's test-jar.
 */
public final class RbdLikeDriver extends OddPeer {
    public static final String NAME = "rbd.csi.ceph.com";
    /** What DeleteVolume answers, INTERNAL. */
    public static final String IN_USE = "rbd image replicapool/csi-vol-0001 is still being used";
    /** What ListClusterFence answers, INTERNAL. */
    public static final String PANIC = "panic: runtime error: invalid memory address or nil pointer dereference";
    /** What a call that has a secrets field answers without them, INTERNAL (ceph-csi's words). */
    public static final String NO_SECRETS = "provided secret is empty";

    private final java.util.Map<String, java.util.Map<String, String>> received = new java.util.concurrent.ConcurrentHashMap<>();

    /** The secrets the last {@code method} call carried; empty when it carried none or was not called. */
    public java.util.Map<String, String> secretsOf(String method) {
        return received.getOrDefault(method, java.util.Map.of());
    }

    /** Records the secrets of {@code method}; false (and the call answered INTERNAL {@value #NO_SECRETS}) when there are none. */
    private <T> boolean hasSecrets(String method, java.util.Map<String, String> secrets, StreamObserver<T> out) {
        count(method);
        received.put(method, java.util.Map.copyOf(secrets));
        if (!secrets.isEmpty()) return true;
        out.onError(Status.INTERNAL.withDescription(NO_SECRETS).asRuntimeException());
        return false;
    }

    /** The last sync GetVolumeReplicationInfo reports of a mirrored image. */
    public static final java.time.Instant LAST_SYNC = java.time.Instant.parse("2026-12-06T11:59:30Z");

    /** What GetVolumeReplicationInfo answers, FAILED_PRECONDITION, for an image that is not mirrored. */
    public static final String NOT_MIRRORED = "image mirroring is not enabled";

    /** The volume ids of the images the driver holds; any thread. */
    public final java.util.Set<String> images = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The volume ids whose images are mirrored (replication enabled), each also in {@link #images}; any thread. */
    public final java.util.Set<String> mirrored = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A driver holding the mirrored images {@code volumeIds}. */
    public static RbdLikeDriver mirroring(String... volumeIds) {
        RbdLikeDriver d = new RbdLikeDriver();
        d.images.addAll(List.of(volumeIds));
        d.mirrored.addAll(List.of(volumeIds));
        return d;
    }

    @Override
    List<BindableService> services() {
        return List.of(identity(), controller(), addonsIdentity(), fence(), replication());
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
            public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
                if (!hasSecrets("CreateVolume", req.getSecretsMap(), out)) return;
                answer(out, Csi.CreateVolumeResponse.newBuilder().setVolume(Csi.Volume.newBuilder()
                        .setVolumeId("0001-0009-rook-ceph-0000000000000002-" + req.getName())
                        .setCapacityBytes(req.getCapacityRange().getRequiredBytes())).build());
            }

            @Override
            public void deleteVolume(Csi.DeleteVolumeRequest req, StreamObserver<Csi.DeleteVolumeResponse> out) {
                if (!hasSecrets("DeleteVolume", req.getSecretsMap(), out)) return;
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
                                .setType(IdentityProto.Capability.NetworkFence.Type.NETWORK_FENCE)))
                        .addCapabilities(IdentityProto.Capability.newBuilder().setVolumeReplication(
                                IdentityProto.Capability.VolumeReplication.newBuilder()
                                        .setType(IdentityProto.Capability.VolumeReplication.Type.VOLUME_REPLICATION))).build());
            }

            @Override
            public void probe(IdentityProto.ProbeRequest req, StreamObserver<IdentityProto.ProbeResponse> out) {
                count("AddonsProbe");
                answer(out, IdentityProto.ProbeResponse.getDefaultInstance());
            }
        };
    }

    private replication.ControllerGrpc.ControllerImplBase replication() {
        return new replication.ControllerGrpc.ControllerImplBase() {
            @Override
            public void getVolumeReplicationInfo(replication.Replication.GetVolumeReplicationInfoRequest req,
                                                 StreamObserver<replication.Replication.GetVolumeReplicationInfoResponse> out) {
                if (!hasSecrets("GetVolumeReplicationInfo", req.getSecretsMap(), out)) return;
                String id = req.getReplicationSource().getVolume().getVolumeId();
                if (!images.contains(id) && !mirrored.contains(id)) {
                    out.onError(Status.NOT_FOUND.withDescription("image not found: " + id).asRuntimeException());
                    return;
                }
                if (!mirrored.contains(id)) {
                    out.onError(Status.FAILED_PRECONDITION.withDescription(NOT_MIRRORED).asRuntimeException());
                    return;
                }
                answer(out, replication.Replication.GetVolumeReplicationInfoResponse.newBuilder()
                        .setLastSyncTime(com.google.protobuf.Timestamp.newBuilder().setSeconds(LAST_SYNC.getEpochSecond()))
                        .setStatus(replication.Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY).build());
            }
        };
    }

    private FenceControllerGrpc.FenceControllerImplBase fence() {
        return new FenceControllerGrpc.FenceControllerImplBase() {
            @Override
            public void listClusterFence(Fence.ListClusterFenceRequest req, StreamObserver<Fence.ListClusterFenceResponse> out) {
                if (!hasSecrets("ListClusterFence", req.getSecretsMap(), out)) return;
                out.onError(Status.INTERNAL.withDescription(PANIC).asRuntimeException());
            }
        };
    }
}
