package org.csiconsole.core.reference.addons;

import encryptionkeyrotation.EncryptionKeyRotation;
import encryptionkeyrotation.EncryptionKeyRotationControllerGrpc;
import fence.Fence;
import fence.FenceControllerGrpc;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.csiconsole.core.testing.MutableClock;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.function.Executable;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceControllerGrpc;
import reclaimspace.ReclaimSpaceNodeGrpc;
import replication.ControllerGrpc;
import replication.Replication;
import volumegroup.VolumeGroupProto;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The csi-addons services of the reference plugin over in-process gRPC: every RPC, the error tables
 * of csi-addons-replication.md and csi-addons-reclaimspace.md, and both ways of naming the target
 * (deprecated {@code volume_id} and {@code replication_source}).
 */
@SuppressWarnings("deprecation") // setVolumeId on replication requests is the deprecated field under test
class AddonsServicesTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
    private ReferencePlugin plugin;
    private ArrayModel model;
    private ManagedChannel channel;
    private ControllerGrpc.ControllerBlockingStub replication;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).nodeId("node-1").clock(clock).start();
        model = plugin.model();
        String name = "addons-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        replication = ControllerGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        plugin.close();
    }

    private String volume(String name) {
        return model.volumes().create(VolumeSpec.simple(name, GIB)).id();
    }

    private static Replication.ReplicationSource source(String volumeId) {
        return Replication.ReplicationSource.newBuilder()
                .setVolume(Replication.ReplicationSource.VolumeSource.newBuilder().setVolumeId(volumeId)).build();
    }

    private static Replication.ReplicationSource groupSource(String groupId) {
        return Replication.ReplicationSource.newBuilder()
                .setVolumegroup(Replication.ReplicationSource.VolumeGroupSource.newBuilder().setVolumeGroupId(groupId)).build();
    }

    private void enable(String id) {
        replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(id)).putParameters("schedulingInterval", "5m").build());
    }

    private Replication.GetVolumeReplicationInfoResponse info(String id) {
        return replication.getVolumeReplicationInfo(Replication.GetVolumeReplicationInfoRequest.newBuilder()
                .setReplicationSource(source(id)).build());
    }

    private void promote(String id, boolean force) {
        replication.promoteVolume(Replication.PromoteVolumeRequest.newBuilder().setReplicationSource(source(id)).setForce(force).build());
    }

    private void demote(String id) {
        replication.demoteVolume(Replication.DemoteVolumeRequest.newBuilder().setReplicationSource(source(id)).build());
    }

    private boolean resync(String id) {
        return replication.resyncVolume(Replication.ResyncVolumeRequest.newBuilder().setReplicationSource(source(id)).build()).getReady();
    }

    private String replicaOf(String id) {
        return replication.getReplicationDestinationInfo(Replication.GetReplicationDestinationInfoRequest.newBuilder()
                .setReplicationSource(source(id)).build()).getReplicationDestination().getVolume().getVolumeId();
    }

    private static void assertCode(Status.Code code, Executable call) {
        assertThatThrownBy(call::execute).isInstanceOf(StatusRuntimeException.class)
                .satisfies(e -> assertThat(((StatusRuntimeException) e).getStatus().getCode()).isEqualTo(code));
    }

    // ------------------------------------------------------------------ identity

    @Test
    void identityNamesThePluginAdvertisesEveryAddonAndIsReady() {
        var id = IdentityGrpc.newBlockingStub(channel);
        IdentityProto.GetIdentityResponse who = id.getIdentity(IdentityProto.GetIdentityRequest.getDefaultInstance());
        assertThat(who.getName()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
        assertThat(who.getVendorVersion()).isEqualTo(ReferencePlugin.VERSION);
        List<IdentityProto.Capability> caps = id.getCapabilities(IdentityProto.GetCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList();
        assertThat(caps).extracting(c -> c.getService().getType()).contains(
                IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE, IdentityProto.Capability.Service.Type.NODE_SERVICE);
        assertThat(caps).extracting(c -> c.getVolumeReplication().getType()).contains(
                IdentityProto.Capability.VolumeReplication.Type.VOLUME_REPLICATION,
                IdentityProto.Capability.VolumeReplication.Type.GET_REPLICATION_DESTINATION_INFO);
        assertThat(caps).extracting(c -> c.getReclaimSpace().getType()).contains(
                IdentityProto.Capability.ReclaimSpace.Type.OFFLINE, IdentityProto.Capability.ReclaimSpace.Type.ONLINE);
        assertThat(caps).extracting(c -> c.getNetworkFence().getType()).contains(IdentityProto.Capability.NetworkFence.Type.NETWORK_FENCE);
        assertThat(caps).extracting(c -> c.getVolumeGroup().getType()).contains(
                IdentityProto.Capability.VolumeGroup.Type.VOLUME_GROUP,
                IdentityProto.Capability.VolumeGroup.Type.LIMIT_VOLUME_TO_ONE_VOLUME_GROUP);
        assertThat(caps).extracting(c -> c.getEncryptionKeyRotation().getType())
                .contains(IdentityProto.Capability.EncryptionKeyRotation.Type.ENCRYPTIONKEYROTATION);
        assertThat(id.probe(IdentityProto.ProbeRequest.getDefaultInstance()).getReady().getValue()).isTrue();
    }

    // ------------------------------------------------------------------ replication

    @Test
    void replicationLifecycleWithReplicationSource() {
        String v = volume("pvc-repl");
        enable(v);
        enable(v); // idempotent
        String replica = replicaOf(v);
        assertThat(model.volumes().get(replica)).get().satisfies(r -> assertThat(r.array()).isEqualTo("site-b"));

        clock.advance(Duration.ofMinutes(11));
        Replication.GetVolumeReplicationInfoResponse i = info(v);
        assertThat(i.getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY);
        assertThat(i.getStatusMessage()).isEmpty();
        assertThat(i.getLastSyncTime().getSeconds()).isEqualTo(Instant.parse("2026-03-01T10:10:00Z").getEpochSecond());
        assertThat(i.getLastSyncBytes()).isPositive();
        assertThat(i.getLastSyncDuration().getSeconds() * 1000 + i.getLastSyncDuration().getNanos() / 1_000_000).isPositive();
        clock.advance(Duration.ofMinutes(5));
        assertThat(info(v).getLastSyncTime().getSeconds()).as("syncs advance on the schedule")
                .isEqualTo(Instant.parse("2026-03-01T10:15:00Z").getEpochSecond());

        // failover: the secondary cannot be promoted while the primary is primary, unless forced
        assertCode(Status.Code.FAILED_PRECONDITION, () -> promote(replica, false));
        demote(v);
        promote(replica, false);
        assertCode(Status.Code.FAILED_PRECONDITION, () -> info(v)); // v is now the secondary
        assertThat(info(replica).getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY);

        // resync of the demoted side: not ready until the resync finishes on the model clock
        assertCode(Status.Code.FAILED_PRECONDITION, () -> resync(replica)); // a primary is never resynced
        assertThat(resync(v)).isFalse();
        clock.advance(Duration.ofMillis(ArrayModel.RESYNC_MS));
        assertThat(resync(v)).isTrue();

        replication.disableVolumeReplication(Replication.DisableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(v)).build());
        assertThat(model.volumes().get(replica)).isEmpty();
        assertCode(Status.Code.FAILED_PRECONDITION, () -> info(v));
        replication.disableVolumeReplication(Replication.DisableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(v)).build()); // idempotent
    }

    @Test
    void deprecatedVolumeIdIsAcceptedByEveryRpc() {
        String v = volume("pvc-legacy");
        replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest.newBuilder().setVolumeId(v).build());
        clock.advance(Duration.ofMinutes(6));
        var i = replication.getVolumeReplicationInfo(Replication.GetVolumeReplicationInfoRequest.newBuilder().setVolumeId(v).build());
        assertThat(i.getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY);
        replication.promoteVolume(Replication.PromoteVolumeRequest.newBuilder().setVolumeId(v).build());
        replication.demoteVolume(Replication.DemoteVolumeRequest.newBuilder().setVolumeId(v).build());
        assertThat(replication.resyncVolume(Replication.ResyncVolumeRequest.newBuilder().setVolumeId(v).build()).getReady()).isFalse();
        // both fields naming the same volume is fine
        replication.demoteVolume(Replication.DemoteVolumeRequest.newBuilder().setVolumeId(v).setReplicationSource(source(v)).build());
        replication.disableVolumeReplication(Replication.DisableVolumeReplicationRequest.newBuilder().setVolumeId(v).build());
        assertThat(model.replications().of(v)).isEmpty();
    }

    @Test
    void missingOrConflictingTargetIsInvalidArgumentForEveryRpc() {
        String a = volume("pvc-a");
        String b = volume("pvc-b");
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.enableVolumeReplication(
                Replication.EnableVolumeReplicationRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.disableVolumeReplication(
                Replication.DisableVolumeReplicationRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.promoteVolume(Replication.PromoteVolumeRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.demoteVolume(Replication.DemoteVolumeRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.resyncVolume(Replication.ResyncVolumeRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.getVolumeReplicationInfo(
                Replication.GetVolumeReplicationInfoRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.getReplicationDestinationInfo(
                Replication.GetReplicationDestinationInfoRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest
                .newBuilder().setReplicationSource(Replication.ReplicationSource.newBuilder()
                        .setVolume(Replication.ReplicationSource.VolumeSource.getDefaultInstance())).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest
                .newBuilder().setVolumeId(a).setReplicationSource(source(b)).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest
                .newBuilder().setReplicationSource(source(a)).putParameters("schedulingInterval", "often").build()));
        assertThat(model.replications().all()).as("nothing changed").isEmpty();
    }

    @Test
    void unknownVolumeIsNotFoundAndUnreplicatedVolumeIsFailedPrecondition() {
        String nope = "vol-does-not-exist";
        assertCode(Status.Code.NOT_FOUND, () -> enable(nope));
        assertCode(Status.Code.NOT_FOUND, () -> replication.disableVolumeReplication(
                Replication.DisableVolumeReplicationRequest.newBuilder().setReplicationSource(source(nope)).build()));
        assertCode(Status.Code.NOT_FOUND, () -> promote(nope, false));
        assertCode(Status.Code.NOT_FOUND, () -> demote(nope));
        assertCode(Status.Code.NOT_FOUND, () -> resync(nope));
        assertCode(Status.Code.NOT_FOUND, () -> info(nope));
        assertCode(Status.Code.NOT_FOUND, () -> replicaOf(nope));

        String v = volume("pvc-plain");
        assertCode(Status.Code.FAILED_PRECONDITION, () -> promote(v, false));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> demote(v));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> resync(v));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> info(v));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> replicaOf(v));
    }

    @Test
    void getVolumeReplicationInfoOnTheSecondaryIsFailedPrecondition() {
        String v = volume("pvc-sec");
        enable(v);
        clock.advance(Duration.ofMinutes(6));
        String replica = replicaOf(v);
        assertThatThrownBy(() -> info(replica)).isInstanceOf(StatusRuntimeException.class)
                .satisfies(e -> {
                    Status s = ((StatusRuntimeException) e).getStatus();
                    assertThat(s.getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(s.getDescription()).contains("secondary").contains(v);
                });
    }

    @Test
    void forcedPromotionOfBothSidesIsASplitBrainReportedAsError() {
        String v = volume("pvc-split");
        enable(v);
        clock.advance(Duration.ofMinutes(6));
        promote(replicaOf(v), true);
        var i = info(v);
        assertThat(i.getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.ERROR);
        assertThat(i.getStatusMessage()).contains("Split-brain");
        assertCode(Status.Code.FAILED_PRECONDITION, () -> resync(v)); // demote first
        demote(v);
        assertThat(resync(v)).isFalse();
    }

    @Test
    void linkDownDegradesAndFreezesTheSync() {
        String v = volume("pvc-link");
        enable(v);
        clock.advance(Duration.ofMinutes(6));
        long before = info(v).getLastSyncTime().getSeconds();
        plugin.faults().replicationLinkDown(v, true);
        clock.advance(Duration.ofMinutes(30));
        var i = info(v);
        assertThat(i.getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.DEGRADED);
        assertThat(i.getStatusMessage()).contains("link");
        assertThat(i.getLastSyncTime().getSeconds()).isEqualTo(before);
        plugin.faults().replicationLinkDown(v, false);
        clock.advance(Duration.ofMinutes(6));
        assertThat(info(v).getLastSyncTime().getSeconds()).isGreaterThan(before);
    }

    @Test
    void volumeGroupReplicationMapsEveryMemberToItsReplica() {
        String a = volume("pvc-g1");
        String b = volume("pvc-g2");
        var vg = VolumeGroupGrpcHelper.create(channel, "vg-repl", List.of(a, b));
        replication.enableVolumeReplication(Replication.EnableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(groupSource(vg)).build());
        var d = replication.getReplicationDestinationInfo(Replication.GetReplicationDestinationInfoRequest.newBuilder()
                .setReplicationSource(groupSource(vg)).build()).getReplicationDestination();
        assertThat(d.hasVolumegroup()).isTrue();
        assertThat(d.getVolumegroup().getVolumeIdsMap()).containsOnlyKeys(a, b);
        assertThat(model.groups().get(d.getVolumegroup().getVolumeGroupId())).get()
                .satisfies(g -> assertThat(g.volumeIds()).containsExactlyInAnyOrderElementsOf(d.getVolumegroup().getVolumeIdsMap().values()));
        clock.advance(Duration.ofMinutes(6));
        var i = replication.getVolumeReplicationInfo(Replication.GetVolumeReplicationInfoRequest.newBuilder()
                .setReplicationSource(groupSource(vg)).build());
        assertThat(i.getStatus()).isEqualTo(Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY);
    }

    @Test
    void concurrentCallOnTheSameVolumeIsAborted() throws Exception {
        String v = volume("pvc-busy");
        try (AutoCloseable held = plugin.faults().guard(v)) {
            assertCode(Status.Code.ABORTED, () -> enable(v));
            assertCode(Status.Code.ABORTED, () -> replication.enableVolumeReplication(
                    Replication.EnableVolumeReplicationRequest.newBuilder().setVolumeId(v).build()));
        }
        enable(v);
        assertThat(model.replications().of(v)).isPresent();
    }

    @Test
    void injectedErrorsReachTheAddonsServices() {
        plugin.faults().failOnce("PromoteVolume", Status.Code.UNAVAILABLE);
        String v = volume("pvc-fault");
        enable(v);
        assertCode(Status.Code.UNAVAILABLE, () -> promote(v, false));
        promote(v, false);
    }

    // ------------------------------------------------------------------ reclaim space

    @Test
    void controllerReclaimSpaceReducesUsage() {
        String v = volume("pvc-trim");
        model.volumes().setUsedBytes(v, 800L << 20);
        var stub = ReclaimSpaceControllerGrpc.newBlockingStub(channel);
        var r = stub.controllerReclaimSpace(ReclaimSpace.ControllerReclaimSpaceRequest.newBuilder().setVolumeId(v).build());
        assertThat(r.getPreUsage().getUsageBytes()).isEqualTo(800L << 20);
        assertThat(r.getPostUsage().getUsageBytes()).isLessThan(r.getPreUsage().getUsageBytes());
        assertThat(model.volumes().get(v).get().usedBytes()).isEqualTo(r.getPostUsage().getUsageBytes());
        var again = stub.controllerReclaimSpace(ReclaimSpace.ControllerReclaimSpaceRequest.newBuilder().setVolumeId(v).build());
        assertThat(again.getPreUsage().getUsageBytes()).isEqualTo(r.getPostUsage().getUsageBytes());

        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.controllerReclaimSpace(ReclaimSpace.ControllerReclaimSpaceRequest.getDefaultInstance()));
        assertCode(Status.Code.NOT_FOUND, () -> stub.controllerReclaimSpace(
                ReclaimSpace.ControllerReclaimSpaceRequest.newBuilder().setVolumeId("vol-none").build()));
    }

    @Test
    void nodeReclaimSpaceNeedsTheVolumeStagedOrPublishedAtThePath() {
        String v = volume("pvc-online");
        model.volumes().setUsedBytes(v, 512L << 20);
        var stub = ReclaimSpaceNodeGrpc.newBlockingStub(channel);
        String path = "/var/lib/kubelet/plugins/staging/" + v;
        var req = ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumeId(v).setVolumePath(path).build();
        assertCode(Status.Code.NOT_FOUND, () -> stub.nodeReclaimSpace(req));

        model.publications().publish(v, "node-1", "SINGLE_NODE_WRITER", false);
        model.nodeRecords().stage(new NodeMount(v, "node-1", true, path, "", false, false, "ext4", List.of(), "SINGLE_NODE_WRITER"));
        var r = stub.nodeReclaimSpace(req);
        assertThat(r.getPreUsage().getUsageBytes()).isEqualTo(512L << 20);
        assertThat(r.getPostUsage().getUsageBytes()).isLessThan(512L << 20);

        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.nodeReclaimSpace(
                ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumeId(v).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.nodeReclaimSpace(
                ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumePath(path).build()));
        assertCode(Status.Code.NOT_FOUND, () -> stub.nodeReclaimSpace(
                ReclaimSpace.NodeReclaimSpaceRequest.newBuilder().setVolumeId("vol-none").setVolumePath(path).build()));
    }

    // ------------------------------------------------------------------ fence

    @Test
    void networkFenceFencesListsAndUnfences() {
        var stub = FenceControllerGrpc.newBlockingStub(channel);
        Fence.CIDR net = Fence.CIDR.newBuilder().setCidr("10.10.9.0/24").build();
        stub.fenceClusterNetwork(Fence.FenceClusterNetworkRequest.newBuilder().addCidrs(net).build());
        stub.fenceClusterNetwork(Fence.FenceClusterNetworkRequest.newBuilder().addCidrs(net).build());
        assertThat(stub.listClusterFence(Fence.ListClusterFenceRequest.getDefaultInstance()).getCidrsList())
                .extracting(Fence.CIDR::getCidr).containsExactly("10.10.9.0/24");
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.fenceClusterNetwork(Fence.FenceClusterNetworkRequest.getDefaultInstance()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.fenceClusterNetwork(Fence.FenceClusterNetworkRequest.newBuilder()
                .addCidrs(Fence.CIDR.newBuilder().setCidr("10.10.9.0/99")).build()));
        stub.unfenceClusterNetwork(Fence.UnfenceClusterNetworkRequest.newBuilder().addCidrs(net).build());
        assertThat(stub.listClusterFence(Fence.ListClusterFenceRequest.getDefaultInstance()).getCidrsList()).isEmpty();
    }

    // ------------------------------------------------------------------ volume groups

    @Test
    void volumeGroupLifecycleAndErrors() {
        var stub = volumegroup.ControllerGrpc.newBlockingStub(channel);
        String a = volume("pvc-va");
        String b = volume("pvc-vb");
        String c = volume("pvc-vc");
        var created = stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName("vg-1")
                .addVolumeIds(a).addVolumeIds(b).build()).getVolumeGroup();
        assertThat(created.getVolumesList()).extracting(x -> x.getVolumeId()).containsExactlyInAnyOrder(a, b);
        String id = created.getVolumeGroupId();
        assertThat(stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName("vg-1")
                .addVolumeIds(b).addVolumeIds(a).build()).getVolumeGroup().getVolumeGroupId()).as("idempotent").isEqualTo(id);
        assertCode(Status.Code.ALREADY_EXISTS, () -> stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder()
                .setName("vg-1").addVolumeIds(c).build()));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder()
                .setName("vg-2").addVolumeIds(a).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.getDefaultInstance()));
        assertCode(Status.Code.NOT_FOUND, () -> stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder()
                .setName("vg-3").addVolumeIds("vol-none").build()));

        var modified = stub.modifyVolumeGroupMembership(VolumeGroupProto.ModifyVolumeGroupMembershipRequest.newBuilder()
                .setVolumeGroupId(id).addVolumeIds(a).addVolumeIds(c).build()).getVolumeGroup();
        assertThat(modified.getVolumesList()).extracting(x -> x.getVolumeId()).containsExactlyInAnyOrder(a, c);
        assertThat(stub.controllerGetVolumeGroup(VolumeGroupProto.ControllerGetVolumeGroupRequest.newBuilder()
                .setVolumeGroupId(id).build()).getVolumeGroup().getVolumesCount()).isEqualTo(2);

        String other = stub.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName("vg-b")
                .addVolumeIds(b).build()).getVolumeGroup().getVolumeGroupId();
        var page1 = stub.listVolumeGroups(VolumeGroupProto.ListVolumeGroupsRequest.newBuilder().setMaxEntries(1).build());
        assertThat(page1.getEntriesCount()).isEqualTo(1);
        assertThat(page1.getNextToken()).isNotEmpty();
        var page2 = stub.listVolumeGroups(VolumeGroupProto.ListVolumeGroupsRequest.newBuilder().setMaxEntries(1)
                .setStartingToken(page1.getNextToken()).build());
        assertThat(page2.getEntriesCount()).isEqualTo(1);
        assertThat(page2.getNextToken()).isEmpty();
        assertThat(List.of(page1.getEntries(0).getVolumeGroup().getVolumeGroupId(), page2.getEntries(0).getVolumeGroup().getVolumeGroupId()))
                .containsExactlyInAnyOrder(id, other);
        assertCode(Status.Code.ABORTED, () -> stub.listVolumeGroups(VolumeGroupProto.ListVolumeGroupsRequest.newBuilder()
                .setStartingToken("vg-unknown").build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.listVolumeGroups(VolumeGroupProto.ListVolumeGroupsRequest.newBuilder()
                .setMaxEntries(-1).build()));

        stub.deleteVolumeGroup(VolumeGroupProto.DeleteVolumeGroupRequest.newBuilder().setVolumeGroupId(id).build());
        stub.deleteVolumeGroup(VolumeGroupProto.DeleteVolumeGroupRequest.newBuilder().setVolumeGroupId(id).build());
        assertThat(model.volumes().get(a)).as("deleting a group keeps its volumes").isPresent();
        assertCode(Status.Code.NOT_FOUND, () -> stub.controllerGetVolumeGroup(VolumeGroupProto.ControllerGetVolumeGroupRequest
                .newBuilder().setVolumeGroupId(id).build()));
        assertCode(Status.Code.NOT_FOUND, () -> stub.modifyVolumeGroupMembership(VolumeGroupProto.ModifyVolumeGroupMembershipRequest
                .newBuilder().setVolumeGroupId(id).addVolumeIds(a).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.deleteVolumeGroup(VolumeGroupProto.DeleteVolumeGroupRequest.getDefaultInstance()));
    }

    // ------------------------------------------------------------------ key rotation

    @Test
    void encryptionKeyRotationBumpsTheKeyVersion() {
        String v = volume("pvc-key");
        int before = model.volumes().get(v).get().keyVersion();
        var stub = EncryptionKeyRotationControllerGrpc.newBlockingStub(channel);
        stub.encryptionKeyRotate(EncryptionKeyRotation.EncryptionKeyRotateRequest.newBuilder().setVolumeId(v)
                .setVolumePath("/var/lib/kubelet/pods/p/volumes/" + v).setEncryptionKey("key-canary-42").build());
        assertThat(model.volumes().get(v).get().keyVersion()).isEqualTo(before + 1);
        assertCode(Status.Code.INVALID_ARGUMENT, () -> stub.encryptionKeyRotate(EncryptionKeyRotation.EncryptionKeyRotateRequest.getDefaultInstance()));
        assertThatThrownBy(() -> stub.encryptionKeyRotate(EncryptionKeyRotation.EncryptionKeyRotateRequest.newBuilder()
                .setVolumeId("vol-none").setEncryptionKey("key-canary-42").build()))
                .satisfies(e -> {
                    Status s = ((StatusRuntimeException) e).getStatus();
                    assertThat(s.getCode()).isEqualTo(Status.Code.NOT_FOUND);
                    assertThat(String.valueOf(s.getDescription())).doesNotContain("key-canary-42");
                });
    }
}
