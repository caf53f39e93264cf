package org.csiconsole.core.reference.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import replication.Replication;

/** The reference plugin shaped like a stricter real driver, over the in-process transport. */
class DriverShapeTest {
    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private ManagedChannel channel;

    private void start(DriverShape shape) {
        plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).shape(shape).start();
        String name = "shape-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).build();
    }

    @AfterEach
    void stop() {
        if (channel != null) channel.shutdownNow();
        if (plugin != null) plugin.close();
    }

    private ControllerGrpc.ControllerBlockingStub controller() {
        return ControllerGrpc.newBlockingStub(channel);
    }

    private static Csi.CreateVolumeRequest create(String name, Map<String, String> secrets) {
        return Csi.CreateVolumeRequest.newBuilder().setName(name).putAllSecrets(secrets)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(1L << 30))
                .addVolumeCapabilities(Csi.VolumeCapability.newBuilder()
                        .setMount(Csi.VolumeCapability.MountVolume.getDefaultInstance())
                        .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                                .setMode(Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER)))
                .build();
    }

    private static Status.Code codeOf(Runnable call) {
        try {
            call.run();
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
    }

    @Test
    void aCallWithASecretFieldNeedsTheRequiredSecretsAndOneWithoutSuchAFieldDoesNot() {
        start(DriverShape.of(Optional.of(Map.of("userID", "admin", "userKey", "k3y")), List.of(), false));

        assertThatThrownBy(() -> controller().createVolume(create("v-none", Map.of())))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).isEqualTo("provided secret is empty");
                });
        assertThatThrownBy(() -> controller().createVolume(create("v-wrong", Map.of("userID", "admin", "userKey", "nope"))))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
                    assertThat(e.getStatus().getDescription()).contains("userKey").doesNotContain("nope").doesNotContain("k3y");
                });
        assertThat(controller().createVolume(create("v-right", Map.of("userID", "admin", "userKey", "k3y"))).getVolume().getVolumeId())
                .isNotEmpty();
        assertThat(codeOf(() -> controller().listVolumes(Csi.ListVolumesRequest.getDefaultInstance()))).isEqualTo(Status.Code.OK);
        assertThat(codeOf(() -> replication.ControllerGrpc.newBlockingStub(channel).getVolumeReplicationInfo(
                Replication.GetVolumeReplicationInfoRequest.newBuilder().setVolumeId("x").build())))
                .as("csi-addons calls carry csi_secret too").isEqualTo(Status.Code.INVALID_ARGUMENT);
    }

    @Test
    void anUnadvertisedCapabilityIsLeftOutAndItsRpcIsUnimplemented() {
        start(DriverShape.of(Optional.empty(), List.of("LIST_VOLUMES", "list_snapshots", "VOLUME_REPLICATION", "CLONE_VOLUME"), false));

        List<Csi.ControllerServiceCapability.RPC.Type> advertised = controller()
                .controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest.getDefaultInstance()).getCapabilitiesList().stream()
                .map(c -> c.getRpc().getType()).toList();
        assertThat(advertised).doesNotContain(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES,
                Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS, Csi.ControllerServiceCapability.RPC.Type.CLONE_VOLUME)
                .contains(Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME);
        assertThat(advertised).as("a qualifier goes with the capability it qualifies")
                .doesNotContain(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES_PUBLISHED_NODES);
        assertThat(codeOf(() -> controller().listVolumes(Csi.ListVolumesRequest.getDefaultInstance())))
                .isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(codeOf(() -> controller().listSnapshots(Csi.ListSnapshotsRequest.getDefaultInstance())))
                .isEqualTo(Status.Code.UNIMPLEMENTED);

        String source = controller().createVolume(create("src", Map.of())).getVolume().getVolumeId();
        Csi.CreateVolumeRequest clone = create("clone", Map.of()).toBuilder().setVolumeContentSource(Csi.VolumeContentSource.newBuilder()
                .setVolume(Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId(source))).build();
        assertThat(codeOf(() -> controller().createVolume(clone))).as("the spec's code for a source it cannot create from")
                .isEqualTo(Status.Code.INVALID_ARGUMENT);

        List<IdentityProto.Capability> addons = identity.IdentityGrpc.newBlockingStub(channel)
                .getCapabilities(IdentityProto.GetCapabilitiesRequest.getDefaultInstance()).getCapabilitiesList();
        assertThat(addons).noneMatch(c -> c.hasVolumeReplication()
                && c.getVolumeReplication().getType() == IdentityProto.Capability.VolumeReplication.Type.VOLUME_REPLICATION);
        assertThat(addons).anyMatch(IdentityProto.Capability::hasNetworkFence);
        assertThat(codeOf(() -> replication.ControllerGrpc.newBlockingStub(channel).getVolumeReplicationInfo(
                Replication.GetVolumeReplicationInfoRequest.newBuilder().setVolumeId(source).build())))
                .isEqualTo(Status.Code.UNIMPLEMENTED);
    }

    @Test
    void aQualifiedNameLeavesOutOnlyThatPlace() {
        start(DriverShape.of(Optional.empty(), List.of("node:EXPAND_VOLUME"), false));

        assertThat(controller().controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList()).anyMatch(c -> c.getRpc().getType() == Csi.ControllerServiceCapability.RPC.Type.EXPAND_VOLUME);
        assertThat(csi.v1.NodeGrpc.newBlockingStub(channel).nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList()).noneMatch(c -> c.getRpc().getType() == Csi.NodeServiceCapability.RPC.Type.EXPAND_VOLUME);
        assertThat(codeOf(() -> csi.v1.NodeGrpc.newBlockingStub(channel).nodeExpandVolume(Csi.NodeExpandVolumeRequest.getDefaultInstance())))
                .isEqualTo(Status.Code.UNIMPLEMENTED);
    }

    @Test
    void aBadNameListsTheValidOnesAndStagingCannotBeLeftOut() {
        assertThatThrownBy(() -> DriverShape.of(Optional.empty(), List.of("LIST_VOLUME"), false))
                .hasMessageContaining("'LIST_VOLUME' is not a capability").hasMessageContaining("controller:LIST_VOLUMES")
                .hasMessageContaining("addons:VOLUME_REPLICATION");
        assertThatThrownBy(() -> DriverShape.of(Optional.empty(), List.of("STAGE_UNSTAGE_VOLUME"), false))
                .hasMessageContaining("cannot be left out");
    }

    @Test
    void anEmptyProbeLeavesReadyUnsetAndTheDefaultReportsReady() {
        start(DriverShape.of(Optional.empty(), List.of(), true));
        assertThat(IdentityGrpc.newBlockingStub(channel).probe(Csi.ProbeRequest.getDefaultInstance()).hasReady()).isFalse();
        stop();

        start(DriverShape.GENEROUS);
        assertThat(IdentityGrpc.newBlockingStub(channel).probe(Csi.ProbeRequest.getDefaultInstance()).getReady().getValue()).isTrue();
    }
}
