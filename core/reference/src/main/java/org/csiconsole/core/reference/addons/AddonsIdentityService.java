package org.csiconsole.core.reference.addons;

import com.google.protobuf.BoolValue;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.stub.StreamObserver;

import java.util.Objects;

/**
 * csi-addons Identity (identity.proto): the plugin name and version, the capabilities of the
 * services served next to it, and Probe (always ready). A controller endpoint advertises
 * CONTROLLER_SERVICE with offline ReclaimSpace, NetworkFence (with GET_CLIENTS_TO_FENCE), VolumeReplication (with
 * GET_REPLICATION_DESTINATION_INFO) and VolumeGroup; a node endpoint advertises NODE_SERVICE with
 * online ReclaimSpace and EncryptionKeyRotation; an endpoint serving both advertises both.
 */
public final class AddonsIdentityService extends IdentityGrpc.IdentityImplBase {
    /** Which side(s) of the plugin the endpoint serves. */
    public enum Scope { CONTROLLER, NODE, BOTH }

    private final String name;
    private final String version;
    private final Scope scope;

    public AddonsIdentityService(String name, String version, Scope scope) {
        this.name = Objects.requireNonNull(name, "name");
        this.version = Objects.requireNonNull(version, "version");
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    @Override
    public void getIdentity(IdentityProto.GetIdentityRequest request, StreamObserver<IdentityProto.GetIdentityResponse> out) {
        out.onNext(IdentityProto.GetIdentityResponse.newBuilder().setName(name).setVendorVersion(version)
                .putManifest("simulation", "true").build());
        out.onCompleted();
    }

    @Override
    public void getCapabilities(IdentityProto.GetCapabilitiesRequest request,
                                StreamObserver<IdentityProto.GetCapabilitiesResponse> out) {
        var b = IdentityProto.GetCapabilitiesResponse.newBuilder();
        boolean controller = scope != Scope.NODE;
        boolean node = scope != Scope.CONTROLLER;
        if (controller) {
            b.addCapabilities(service(IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE));
            b.addCapabilities(IdentityProto.Capability.newBuilder().setReclaimSpace(IdentityProto.Capability.ReclaimSpace
                    .newBuilder().setType(IdentityProto.Capability.ReclaimSpace.Type.OFFLINE)));
            for (var t : new IdentityProto.Capability.NetworkFence.Type[] {IdentityProto.Capability.NetworkFence.Type.NETWORK_FENCE,
                    IdentityProto.Capability.NetworkFence.Type.GET_CLIENTS_TO_FENCE}) {
                b.addCapabilities(IdentityProto.Capability.newBuilder().setNetworkFence(
                        IdentityProto.Capability.NetworkFence.newBuilder().setType(t)));
            }
            for (var t : new IdentityProto.Capability.VolumeReplication.Type[] {
                    IdentityProto.Capability.VolumeReplication.Type.VOLUME_REPLICATION,
                    IdentityProto.Capability.VolumeReplication.Type.GET_REPLICATION_DESTINATION_INFO}) {
                b.addCapabilities(IdentityProto.Capability.newBuilder().setVolumeReplication(
                        IdentityProto.Capability.VolumeReplication.newBuilder().setType(t)));
            }
            for (var t : new IdentityProto.Capability.VolumeGroup.Type[] {
                    IdentityProto.Capability.VolumeGroup.Type.VOLUME_GROUP,
                    IdentityProto.Capability.VolumeGroup.Type.LIMIT_VOLUME_TO_ONE_VOLUME_GROUP,
                    IdentityProto.Capability.VolumeGroup.Type.DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES,
                    IdentityProto.Capability.VolumeGroup.Type.MODIFY_VOLUME_GROUP,
                    IdentityProto.Capability.VolumeGroup.Type.GET_VOLUME_GROUP,
                    IdentityProto.Capability.VolumeGroup.Type.LIST_VOLUME_GROUPS}) {
                b.addCapabilities(IdentityProto.Capability.newBuilder().setVolumeGroup(
                        IdentityProto.Capability.VolumeGroup.newBuilder().setType(t)));
            }
        }
        if (node) {
            b.addCapabilities(service(IdentityProto.Capability.Service.Type.NODE_SERVICE));
            b.addCapabilities(IdentityProto.Capability.newBuilder().setReclaimSpace(IdentityProto.Capability.ReclaimSpace
                    .newBuilder().setType(IdentityProto.Capability.ReclaimSpace.Type.ONLINE)));
            b.addCapabilities(IdentityProto.Capability.newBuilder().setEncryptionKeyRotation(
                    IdentityProto.Capability.EncryptionKeyRotation.newBuilder()
                            .setType(IdentityProto.Capability.EncryptionKeyRotation.Type.ENCRYPTIONKEYROTATION)));
        }
        out.onNext(b.build());
        out.onCompleted();
    }

    @Override
    public void probe(IdentityProto.ProbeRequest request, StreamObserver<IdentityProto.ProbeResponse> out) {
        out.onNext(IdentityProto.ProbeResponse.newBuilder().setReady(BoolValue.of(true)).build());
        out.onCompleted();
    }

    private static IdentityProto.Capability service(IdentityProto.Capability.Service.Type t) {
        return IdentityProto.Capability.newBuilder().setService(IdentityProto.Capability.Service.newBuilder().setType(t)).build();
    }
}
