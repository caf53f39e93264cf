package org.csiconsole.core.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import csi.v1.SnapshotMetadataGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.reference.fault.Faults;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the socket-served reference plugin with the raw generated blocking stubs, as a CO would:
 * the full lifecycle, the error tables of CSI v1.12 (spec.md, each RPC's "Errors" section) and
 * idempotency by repeating calls. Node paths are made up ({@code /var/lib/kubelet/...}), so the
 * plugin runs with sandboxed node paths; {@link NodeConformanceTest} drives real ones.
 */
class CsiConformanceTest {
    static final long GIB = 1L << 30;
    static final long TIB = 1L << 40;
    static final Csi.VolumeCapability.AccessMode.Mode SNW = Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER;

    @TempDir
    Path dir;
    ReferencePlugin plugin;
    SocketFixture socket;
    ControllerGrpc.ControllerBlockingStub controller;
    NodeGrpc.NodeBlockingStub node;
    IdentityGrpc.IdentityBlockingStub identity;
    GroupControllerGrpc.GroupControllerBlockingStub groups;
    SnapshotMetadataGrpc.SnapshotMetadataBlockingStub metadata;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodeId("node-1")
                .nodePaths(NodePaths.Mode.SANDBOX).start();
        Path sock = dir.resolve("csi.sock");
        plugin.serve(sock, Optional.empty());
        socket = new SocketFixture(sock);
        controller = ControllerGrpc.newBlockingStub(socket.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        node = NodeGrpc.newBlockingStub(socket.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        identity = IdentityGrpc.newBlockingStub(socket.channel);
        groups = GroupControllerGrpc.newBlockingStub(socket.channel);
        metadata = SnapshotMetadataGrpc.newBlockingStub(socket.channel);
    }

    @AfterEach
    void stop() throws Exception {
        socket.close();
        plugin.close();
    }

    static Csi.VolumeCapability mount(Csi.VolumeCapability.AccessMode.Mode mode) {
        return Csi.VolumeCapability.newBuilder()
                .setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("ext4"))
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(mode)).build();
    }

    static Csi.VolumeCapability block(Csi.VolumeCapability.AccessMode.Mode mode) {
        return Csi.VolumeCapability.newBuilder().setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance())
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(mode)).build();
    }

    static Csi.CreateVolumeRequest.Builder create(String name, long bytes) {
        return Csi.CreateVolumeRequest.newBuilder().setName(name).addVolumeCapabilities(mount(SNW))
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(bytes));
    }

    static void assertCode(Status.Code code, ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).isNotBlank();
        });
    }

    Csi.Volume newVolume(String name) {
        return controller.createVolume(create(name, GIB).build()).getVolume();
    }

    Csi.ControllerPublishVolumeRequest publishReq(String volumeId, String nodeId) {
        return Csi.ControllerPublishVolumeRequest.newBuilder().setVolumeId(volumeId).setNodeId(nodeId)
                .setVolumeCapability(mount(SNW)).build();
    }

    Csi.NodeStageVolumeRequest stageReq(String volumeId, String path) {
        return Csi.NodeStageVolumeRequest.newBuilder().setVolumeId(volumeId).setStagingTargetPath(path)
                .setVolumeCapability(mount(SNW)).build();
    }

    Csi.NodePublishVolumeRequest nodePublishReq(String volumeId, String staging, String target) {
        return Csi.NodePublishVolumeRequest.newBuilder().setVolumeId(volumeId).setStagingTargetPath(staging)
                .setTargetPath(target).setVolumeCapability(mount(SNW)).build();
    }

    // ------------------------------------------------------------------ identity

    @Test
    void identityReportsNameCapabilitiesAndReadiness() {
        assertThat(identity.getPluginInfo(Csi.GetPluginInfoRequest.getDefaultInstance()).getName())
                .isEqualTo(ReferencePlugin.PLUGIN_NAME);
        assertThat(identity.getPluginCapabilities(Csi.GetPluginCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList()).extracting(c -> c.getService().getType()).contains(
                Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE,
                Csi.PluginCapability.Service.Type.VOLUME_ACCESSIBILITY_CONSTRAINTS,
                Csi.PluginCapability.Service.Type.GROUP_CONTROLLER_SERVICE,
                Csi.PluginCapability.Service.Type.SNAPSHOT_METADATA_SERVICE);
        assertThat(identity.probe(Csi.ProbeRequest.getDefaultInstance()).getReady().getValue()).isTrue();
        var info = node.nodeGetInfo(Csi.NodeGetInfoRequest.getDefaultInstance());
        assertThat(info.getNodeId()).isEqualTo("node-1");
        assertThat(info.getAccessibleTopology().getSegmentsMap()).containsEntry(ArrayModel.TOPOLOGY_KEY, "site-a");
        assertThat(controller.controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList()).extracting(c -> c.getRpc().getType()).contains(
                Csi.ControllerServiceCapability.RPC.Type.GET_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.MODIFY_VOLUME,
                Csi.ControllerServiceCapability.RPC.Type.GET_SNAPSHOT);
    }

    // ------------------------------------------------------------------ lifecycle

    @Test
    void fullLifecycleWithEveryCallRepeated() {
        var req = create("pvc-life", 5 * GIB).build();
        Csi.Volume v = controller.createVolume(req).getVolume();
        assertThat(controller.createVolume(req).getVolume()).isEqualTo(v);
        assertThat(v.getCapacityBytes()).isEqualTo(5 * GIB);
        assertThat(v.getAccessibleTopologyList()).isNotEmpty();

        var pub = controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"));
        assertThat(controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"))).isEqualTo(pub);
        assertThat(pub.getPublishContextMap()).containsKeys("lun", "target_iqns", "discovery_ips", "serial");

        String staging = "/var/lib/kubelet/plugins/csi/pv/pvc-life/globalmount";
        node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder().putAllPublishContext(pub.getPublishContextMap()).build());
        node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder().putAllPublishContext(pub.getPublishContextMap()).build());
        Path stagingDir = plugin.nodePath(staging);
        assertThat(stagingDir).isDirectory();

        String target = "/var/lib/kubelet/pods/p1/volumes/kubernetes.io~csi/pvc-life/mount";
        node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, target));
        node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, target));
        assertThat(plugin.nodePath(target)).isDirectory();

        var stats = node.nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setVolumePath(target).build());
        assertThat(stats.getUsageList()).extracting(Csi.VolumeUsage::getUnit)
                .contains(Csi.VolumeUsage.Unit.BYTES, Csi.VolumeUsage.Unit.INODES);
        assertThat(stats.getUsage(0).getTotal()).isEqualTo(5 * GIB);
        assertThat(stats.getVolumeCondition().getAbnormal()).isFalse();

        var expand = Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(v.getVolumeId())
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(8 * GIB)).build();
        assertThat(controller.controllerExpandVolume(expand).getCapacityBytes()).isEqualTo(8 * GIB);
        assertThat(controller.controllerExpandVolume(expand).getNodeExpansionRequired()).isTrue();
        var nodeExpand = Csi.NodeExpandVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).setVolumePath(target)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(8 * GIB)).build();
        assertThat(node.nodeExpandVolume(nodeExpand).getCapacityBytes()).isEqualTo(8 * GIB);
        assertThat(node.nodeExpandVolume(nodeExpand).getCapacityBytes()).isEqualTo(8 * GIB);

        var got = controller.controllerGetVolume(Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build());
        assertThat(got.getStatus().getPublishedNodeIdsList()).containsExactly("node-1");
        assertThat(got.getVolume().getCapacityBytes()).isEqualTo(8 * GIB);

        var unpub = Csi.NodeUnpublishVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).setTargetPath(target).build();
        node.nodeUnpublishVolume(unpub);
        node.nodeUnpublishVolume(unpub);
        assertThat(plugin.nodePath(target)).doesNotExist();

        var unstage = Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).setStagingTargetPath(staging).build();
        node.nodeUnstageVolume(unstage);
        node.nodeUnstageVolume(unstage);
        assertThat(stagingDir).doesNotExist();

        var cunpub = Csi.ControllerUnpublishVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).setNodeId("node-1").build();
        controller.controllerUnpublishVolume(cunpub);
        controller.controllerUnpublishVolume(cunpub);

        var del = Csi.DeleteVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build();
        controller.deleteVolume(del);
        controller.deleteVolume(del);
        assertCode(Status.Code.NOT_FOUND, () -> controller.controllerGetVolume(
                Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build()));
    }

    // ------------------------------------------------------------------ CreateVolume / DeleteVolume

    @Test
    void createVolumeErrors() {
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.createVolume(create("", GIB).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.createVolume(
                create("no-caps", GIB).clearVolumeCapabilities().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.createVolume(create("no-mode", GIB)
                .setVolumeCapabilities(0, Csi.VolumeCapability.newBuilder()
                        .setMount(Csi.VolumeCapability.MountVolume.getDefaultInstance())).build()));
        newVolume("pvc-a");
        assertCode(Status.Code.ALREADY_EXISTS, () -> controller.createVolume(create("pvc-a", 2 * GIB).build()));
        assertCode(Status.Code.ALREADY_EXISTS, () -> controller.createVolume(create("pvc-a", GIB)
                .setVolumeCapabilities(0, block(SNW)).build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.createVolume(create("from-missing", GIB)
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder().setSnapshot(
                        Csi.VolumeContentSource.SnapshotSource.newBuilder().setSnapshotId("snap-99999999"))).build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.createVolume(create("clone-missing", GIB)
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder().setVolume(
                        Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId("vol-99999999"))).build()));
        assertCode(Status.Code.OUT_OF_RANGE, () -> controller.createVolume(create("huge", 65 * TIB).build()));
        assertCode(Status.Code.OUT_OF_RANGE, () -> controller.createVolume(create("bad-range", 2 * GIB)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(2 * GIB).setLimitBytes(GIB)).build()));
        assertCode(Status.Code.RESOURCE_EXHAUSTED, () -> controller.createVolume(create("elsewhere", GIB)
                .setAccessibilityRequirements(Csi.TopologyRequirement.newBuilder().addRequisite(
                        Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-z"))).build()));
        // fill site-b's 200 TiB pool
        var siteB = Csi.TopologyRequirement.newBuilder().addRequisite(
                Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-b")).build();
        for (int i = 0; i < 3; i++) {
            Csi.Volume big = controller.createVolume(create("big-" + i, 60 * TIB).setAccessibilityRequirements(siteB).build()).getVolume();
            assertThat(big.getAccessibleTopology(0).getSegmentsMap()).containsEntry(ArrayModel.TOPOLOGY_KEY, "site-b");
        }
        assertCode(Status.Code.RESOURCE_EXHAUSTED, () -> controller.createVolume(
                create("big-3", 30 * TIB).setAccessibilityRequirements(siteB).build()));
        assertThat(plugin.model().volumes().byName("big-3")).isEmpty();
    }

    @Test
    void theArrayParameterPlacesTheVolumeOnThatArrayAndAnUnknownArrayIsRefused() {
        Csi.Volume onB = controller.createVolume(create("on-b", GIB).putParameters("array", "site-b").build()).getVolume();
        assertThat(onB.getAccessibleTopology(0).getSegmentsMap()).containsEntry(ArrayModel.TOPOLOGY_KEY, "site-b");
        assertThat(onB.getVolumeContextMap()).containsEntry("array", "site-b");
        // The parameter wins over a preferred segment elsewhere; a requisite elsewhere cannot be met.
        var preferA = Csi.TopologyRequirement.newBuilder().addPreferred(
                Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-a")).build();
        Csi.Volume preferred = controller.createVolume(create("on-b-preferred-a", GIB).putParameters("array", "site-b")
                .setAccessibilityRequirements(preferA).build()).getVolume();
        assertThat(preferred.getVolumeContextMap()).containsEntry("array", "site-b");
        var requireA = Csi.TopologyRequirement.newBuilder().addRequisite(
                Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-a")).build();
        assertCode(Status.Code.RESOURCE_EXHAUSTED, () -> controller.createVolume(create("on-b-required-a", GIB)
                .putParameters("array", "site-b").setAccessibilityRequirements(requireA).build()));

        StatusRuntimeException unknown = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> controller.createVolume(create("on-z", GIB).putParameters("array", "site-z").build()), StatusRuntimeException.class);
        assertThat(unknown.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(unknown.getStatus().getDescription()).contains("site-z").contains("Known arrays: site-a, site-b");
        assertThat(plugin.model().volumes().byName("on-z")).isEmpty();
        assertThat(plugin.model().volumes().byName("on-b-required-a")).isEmpty();
    }

    @Test
    void createFromSnapshotAndCloneCarryTheirSource() {
        Csi.Volume src = newVolume("pvc-src");
        var snap = controller.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("snap-1")
                .setSourceVolumeId(src.getVolumeId()).build()).getSnapshot();
        var fromSnap = controller.createVolume(create("pvc-restore", 0).clearCapacityRange()
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder().setSnapshot(
                        Csi.VolumeContentSource.SnapshotSource.newBuilder().setSnapshotId(snap.getSnapshotId()))).build()).getVolume();
        assertThat(fromSnap.getContentSource().getSnapshot().getSnapshotId()).isEqualTo(snap.getSnapshotId());
        assertThat(fromSnap.getCapacityBytes()).isEqualTo(GIB);
        var clone = controller.createVolume(create("pvc-clone", GIB).setVolumeContentSource(
                Csi.VolumeContentSource.newBuilder().setVolume(Csi.VolumeContentSource.VolumeSource.newBuilder()
                        .setVolumeId(src.getVolumeId()))).build()).getVolume();
        assertThat(clone.getContentSource().getVolume().getVolumeId()).isEqualTo(src.getVolumeId());
        assertCode(Status.Code.OUT_OF_RANGE, () -> controller.createVolume(create("pvc-small", GIB / 2)
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder().setVolume(
                        Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId(src.getVolumeId()))).build()));
    }

    @Test
    void deleteVolumeErrors() {
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.deleteVolume(Csi.DeleteVolumeRequest.getDefaultInstance()));
        controller.deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId("vol-00000404").build());
        Csi.Volume v = newVolume("pvc-inuse");
        controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> controller.deleteVolume(
                Csi.DeleteVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build()));
        assertThat(plugin.model().volumes().get(v.getVolumeId())).isPresent();
    }

    // ------------------------------------------------------------------ publish

    @Test
    void controllerPublishErrorsAndAccessModeRules() {
        plugin.model().hosts().create(new HostRecord(null, "node-2", "node-2", List.of("iqn.2020-01.test:node-2"),
                null, null, "", "", Map.of(), List.of("10.10.9.0/24"), 1));
        Csi.Volume v = newVolume("pvc-pub");
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerPublishVolume(
                publishReq(v.getVolumeId(), "node-1").toBuilder().clearVolumeId().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerPublishVolume(
                publishReq(v.getVolumeId(), "node-1").toBuilder().clearNodeId().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerPublishVolume(
                publishReq(v.getVolumeId(), "node-1").toBuilder().clearVolumeCapability().build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.controllerPublishVolume(publishReq("vol-00000404", "node-1")));
        assertCode(Status.Code.NOT_FOUND, () -> controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-404")));
        controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"));
        assertCode(Status.Code.ALREADY_EXISTS, () -> controller.controllerPublishVolume(
                publishReq(v.getVolumeId(), "node-1").toBuilder().setReadonly(true).build()));
        // SINGLE_NODE_WRITER: a second node is refused
        assertCode(Status.Code.FAILED_PRECONDITION, () -> controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-2")));
        // node-2 takes one volume at most
        Csi.Volume w = newVolume("pvc-w");
        Csi.Volume x = newVolume("pvc-x");
        controller.controllerPublishVolume(publishReq(w.getVolumeId(), "node-2"));
        assertCode(Status.Code.RESOURCE_EXHAUSTED, () -> controller.controllerPublishVolume(publishReq(x.getVolumeId(), "node-2")));
        // MULTI_NODE_SINGLE_WRITER: second writer refused, a reader is fine
        var msw = Csi.VolumeCapability.AccessMode.Mode.MULTI_NODE_SINGLE_WRITER;
        Csi.Volume shared = controller.createVolume(create("pvc-msw", GIB).setVolumeCapabilities(0, mount(msw)).build()).getVolume();
        plugin.model().hosts().create(new HostRecord(null, "node-3", "node-3", List.of("iqn.2020-01.test:node-3"),
                null, null, "", "", Map.of(), List.of(), 0));
        controller.controllerPublishVolume(publishReq(shared.getVolumeId(), "node-1").toBuilder().setVolumeCapability(mount(msw)).build());
        assertCode(Status.Code.FAILED_PRECONDITION, () -> controller.controllerPublishVolume(
                publishReq(shared.getVolumeId(), "node-3").toBuilder().setVolumeCapability(mount(msw)).build()));
        controller.controllerPublishVolume(publishReq(shared.getVolumeId(), "node-3").toBuilder()
                .setVolumeCapability(mount(msw)).setReadonly(true).build());
        // unknown volume/node on unpublish is safely unpublished
        controller.controllerUnpublishVolume(Csi.ControllerUnpublishVolumeRequest.newBuilder()
                .setVolumeId("vol-00000404").setNodeId("node-404").build());
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerUnpublishVolume(
                Csi.ControllerUnpublishVolumeRequest.getDefaultInstance()));
    }

    @Test
    void fencedNodeCannotBePublishedTo() {
        Csi.Volume v = newVolume("pvc-fence");
        plugin.model().fencing().fence(List.of("10.10.0.0/16"));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1")));
        plugin.model().fencing().unfence(List.of("10.10.0.0/16"));
        controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"));
    }

    // ------------------------------------------------------------------ validate, list, capacity

    @Test
    void validateVolumeCapabilities() {
        Csi.Volume v = newVolume("pvc-val");
        var ok = controller.validateVolumeCapabilities(Csi.ValidateVolumeCapabilitiesRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).addVolumeCapabilities(mount(SNW)).build());
        assertThat(ok.hasConfirmed()).isTrue();
        var no = controller.validateVolumeCapabilities(Csi.ValidateVolumeCapabilitiesRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).addVolumeCapabilities(block(SNW)).build());
        assertThat(no.hasConfirmed()).isFalse();
        assertThat(no.getMessage()).isNotBlank();
        assertCode(Status.Code.NOT_FOUND, () -> controller.validateVolumeCapabilities(
                Csi.ValidateVolumeCapabilitiesRequest.newBuilder().setVolumeId("vol-00000404").addVolumeCapabilities(mount(SNW)).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.validateVolumeCapabilities(
                Csi.ValidateVolumeCapabilitiesRequest.newBuilder().setVolumeId(v.getVolumeId()).build()));
    }

    @Test
    void listVolumesPagesAndReportsStatus() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            ids.add(newVolume("pvc-list-" + i).getVolumeId());
        }
        controller.controllerPublishVolume(publishReq(ids.get(2), "node-1"));
        plugin.model().volumes().setCondition(ids.get(3), true, "path down");
        List<Csi.ListVolumesResponse.Entry> all = new ArrayList<>();
        String token = "";
        int pages = 0;
        do {
            var page = controller.listVolumes(Csi.ListVolumesRequest.newBuilder().setMaxEntries(3).setStartingToken(token).build());
            assertThat(page.getEntriesCount()).isLessThanOrEqualTo(3);
            all.addAll(page.getEntriesList());
            token = page.getNextToken();
            pages++;
        } while (!token.isEmpty());
        assertThat(pages).isEqualTo(3);
        assertThat(all).extracting(e -> e.getVolume().getVolumeId()).containsExactlyElementsOf(ids);
        assertThat(all.get(2).getStatus().getPublishedNodeIdsList()).containsExactly("node-1");
        assertThat(all.get(3).getStatus().getVolumeCondition().getAbnormal()).isTrue();
        assertCode(Status.Code.ABORTED, () -> controller.listVolumes(
                Csi.ListVolumesRequest.newBuilder().setStartingToken("bogus").build()));
        var cap = controller.getCapacity(Csi.GetCapacityRequest.newBuilder().setAccessibleTopology(
                Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-a")).build());
        assertThat(cap.getAvailableCapacity()).isEqualTo(200 * TIB - 7 * GIB);
    }

    // ------------------------------------------------------------------ snapshots

    @Test
    void snapshotRpcsAndErrors() {
        Csi.Volume v = newVolume("pvc-snap");
        Csi.Volume other = newVolume("pvc-other");
        var req = Csi.CreateSnapshotRequest.newBuilder().setName("s1").setSourceVolumeId(v.getVolumeId()).build();
        var s = controller.createSnapshot(req).getSnapshot();
        assertThat(controller.createSnapshot(req).getSnapshot()).isEqualTo(s);
        assertThat(s.getReadyToUse()).isTrue();
        assertThat(s.getSizeBytes()).isEqualTo(GIB);
        assertCode(Status.Code.ALREADY_EXISTS, () -> controller.createSnapshot(
                req.toBuilder().setSourceVolumeId(other.getVolumeId()).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.createSnapshot(req.toBuilder().clearName().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.createSnapshot(req.toBuilder().clearSourceVolumeId().build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.createSnapshot(
                req.toBuilder().setName("s2").setSourceVolumeId("vol-00000404").build()));
        assertThat(controller.getSnapshot(Csi.GetSnapshotRequest.newBuilder().setSnapshotId(s.getSnapshotId()).build())
                .getSnapshot()).isEqualTo(s);
        assertCode(Status.Code.NOT_FOUND, () -> controller.getSnapshot(
                Csi.GetSnapshotRequest.newBuilder().setSnapshotId("snap-00000404").build()));
        controller.createSnapshot(req.toBuilder().setName("s3").setSourceVolumeId(other.getVolumeId()).build());
        assertThat(controller.listSnapshots(Csi.ListSnapshotsRequest.newBuilder().setSourceVolumeId(v.getVolumeId()).build())
                .getEntriesList()).extracting(e -> e.getSnapshot().getSnapshotId()).containsExactly(s.getSnapshotId());
        assertThat(controller.listSnapshots(Csi.ListSnapshotsRequest.newBuilder().setSnapshotId("snap-00000404").build())
                .getEntriesCount()).isZero();
        var page = controller.listSnapshots(Csi.ListSnapshotsRequest.newBuilder().setMaxEntries(1).build());
        assertThat(page.getNextToken()).isNotEmpty();
        assertThat(controller.listSnapshots(Csi.ListSnapshotsRequest.newBuilder().setStartingToken(page.getNextToken()).build())
                .getEntriesCount()).isEqualTo(1);
        assertCode(Status.Code.ABORTED, () -> controller.listSnapshots(
                Csi.ListSnapshotsRequest.newBuilder().setStartingToken("nope").build()));
        var del = Csi.DeleteSnapshotRequest.newBuilder().setSnapshotId(s.getSnapshotId()).build();
        controller.deleteSnapshot(del);
        controller.deleteSnapshot(del);
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.deleteSnapshot(Csi.DeleteSnapshotRequest.getDefaultInstance()));
    }

    // ------------------------------------------------------------------ expand, get, modify

    @Test
    void expandGetAndModifyErrors() {
        Csi.Volume v = newVolume("pvc-mod");
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerExpandVolume(
                Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.controllerExpandVolume(Csi.ControllerExpandVolumeRequest.newBuilder()
                .setVolumeId("vol-00000404").setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(GIB)).build()));
        assertCode(Status.Code.OUT_OF_RANGE, () -> controller.controllerExpandVolume(Csi.ControllerExpandVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(65 * TIB)).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerGetVolume(Csi.ControllerGetVolumeRequest.getDefaultInstance()));
        var modify = Csi.ControllerModifyVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).putMutableParams("iops", "5000").build();
        controller.controllerModifyVolume(modify);
        controller.controllerModifyVolume(modify);
        assertThat(plugin.model().volumes().get(v.getVolumeId()).orElseThrow().mutableParameters()).containsEntry("iops", "5000");
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerModifyVolume(
                modify.toBuilder().putMutableParams("colour", "blue").build()));
        // spec.md "ControllerModifyVolume Errors": a value the volume cannot take is "Parameters not supported"
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerModifyVolume(
                modify.toBuilder().putMutableParams("iops", "5").build()));
        assertCode(Status.Code.NOT_FOUND, () -> controller.controllerModifyVolume(modify.toBuilder().setVolumeId("vol-00000404").build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.controllerModifyVolume(modify.toBuilder().clearMutableParams().build()));
    }

    // ------------------------------------------------------------------ node

    @Test
    void nodeErrors() {
        Csi.Volume v = newVolume("pvc-node");
        String staging = "/csi/staging/pvc-node";
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder().clearVolumeId().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder().clearStagingTargetPath().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder().clearVolumeCapability().build()));
        assertCode(Status.Code.NOT_FOUND, () -> node.nodeStageVolume(stageReq("vol-00000404", staging)));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> node.nodeStageVolume(stageReq(v.getVolumeId(), staging)));
        controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1"));
        node.nodeStageVolume(stageReq(v.getVolumeId(), staging));
        assertCode(Status.Code.ALREADY_EXISTS, () -> node.nodeStageVolume(stageReq(v.getVolumeId(), staging).toBuilder()
                .setVolumeCapability(mount(SNW).toBuilder().setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("xfs"))).build()));
        String target = "/csi/pods/a/mount";
        assertCode(Status.Code.FAILED_PRECONDITION, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), "", target)));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), "/csi/other", target)));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, "")));
        assertCode(Status.Code.NOT_FOUND, () -> node.nodePublishVolume(nodePublishReq("vol-00000404", staging, target)));
        node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, target));
        assertCode(Status.Code.ALREADY_EXISTS, () -> node.nodePublishVolume(
                nodePublishReq(v.getVolumeId(), staging, target).toBuilder().setReadonly(true).build()));
        assertCode(Status.Code.NOT_FOUND, () -> node.nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setVolumePath("/csi/nowhere").build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeGetVolumeStats(Csi.NodeGetVolumeStatsRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).build()));
        assertCode(Status.Code.OUT_OF_RANGE, () -> node.nodeExpandVolume(Csi.NodeExpandVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setVolumePath(target)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(4 * GIB)).build()));
        // spec.md "NodeExpandVolume Errors": "Exceeds capabilities | 3 INVALID_ARGUMENT"; negative bytes are invalid fields
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeExpandVolume(Csi.NodeExpandVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setVolumePath(target).setVolumeCapability(block(SNW)).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodeExpandVolume(Csi.NodeExpandVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setVolumePath(target)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setLimitBytes(-1)).build()));
        assertCode(Status.Code.NOT_FOUND, () -> node.nodeUnpublishVolume(Csi.NodeUnpublishVolumeRequest.newBuilder()
                .setVolumeId("vol-00000404").setTargetPath(target).build()));
        assertCode(Status.Code.FAILED_PRECONDITION, () -> node.nodeUnstageVolume(Csi.NodeUnstageVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).setStagingTargetPath(staging).build()));
        assertCode(Status.Code.NOT_FOUND, () -> node.nodeUnstageVolume(Csi.NodeUnstageVolumeRequest.newBuilder()
                .setVolumeId("vol-00000404").setStagingTargetPath(staging).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, "relative/path")));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, "/")));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> node.nodePublishVolume(nodePublishReq(v.getVolumeId(), staging, "/a/../../etc")));
    }

    @Test
    void singleNodeSingleWriterAllowsOneTargetPath() {
        var sss = Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_SINGLE_WRITER;
        Csi.Volume v = controller.createVolume(create("pvc-sss", GIB).setVolumeCapabilities(0, mount(sss)).build()).getVolume();
        controller.controllerPublishVolume(publishReq(v.getVolumeId(), "node-1").toBuilder().setVolumeCapability(mount(sss)).build());
        node.nodeStageVolume(stageReq(v.getVolumeId(), "/s/sss").toBuilder().setVolumeCapability(mount(sss)).build());
        node.nodePublishVolume(nodePublishReq(v.getVolumeId(), "/s/sss", "/p/one").toBuilder().setVolumeCapability(mount(sss)).build());
        assertCode(Status.Code.FAILED_PRECONDITION, () -> node.nodePublishVolume(
                nodePublishReq(v.getVolumeId(), "/s/sss", "/p/two").toBuilder().setVolumeCapability(mount(sss)).build()));
    }

    // ------------------------------------------------------------------ concurrency and faults

    @Test
    void concurrentOperationOnTheSameVolumeIsAborted() throws Exception {
        Csi.Volume v = newVolume("pvc-busy");
        Faults.Pause pause = plugin.faults().pause("ControllerExpandVolume");
        var expand = Csi.ControllerExpandVolumeRequest.newBuilder().setVolumeId(v.getVolumeId())
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(2 * GIB)).build();
        CompletableFuture<Csi.ControllerExpandVolumeResponse> first =
                CompletableFuture.supplyAsync(() -> controller.controllerExpandVolume(expand));
        assertThat(pause.awaitBlocked(Duration.ofSeconds(20))).isTrue();
        assertCode(Status.Code.ABORTED, () -> controller.deleteVolume(
                Csi.DeleteVolumeRequest.newBuilder().setVolumeId(v.getVolumeId()).build()));
        pause.release();
        assertThat(first.get(20, TimeUnit.SECONDS).getCapacityBytes()).isEqualTo(2 * GIB);
    }

    @Test
    void injectedErrorsFailTheCallWithoutEffect() {
        plugin.faults().failTimes("CreateVolume", Status.Code.UNAVAILABLE, 2);
        assertCode(Status.Code.UNAVAILABLE, () -> newVolume("pvc-f"));
        assertCode(Status.Code.UNAVAILABLE, () -> newVolume("pvc-f"));
        assertThat(plugin.model().volumes().byName("pvc-f")).isEmpty();
        assertThat(newVolume("pvc-f").getVolumeId()).isNotEmpty();
    }

    // ------------------------------------------------------------------ group snapshots, metadata

    @Test
    void groupSnapshotsFollowTheirErrorTable() {
        String a = newVolume("g-a").getVolumeId();
        String b = newVolume("g-b").getVolumeId();
        var req = Csi.CreateVolumeGroupSnapshotRequest.newBuilder().setName("gs1").addSourceVolumeIds(a).addSourceVolumeIds(b).build();
        var g = groups.createVolumeGroupSnapshot(req).getGroupSnapshot();
        assertThat(groups.createVolumeGroupSnapshot(req).getGroupSnapshot().getGroupSnapshotId()).isEqualTo(g.getGroupSnapshotId());
        assertThat(g.getSnapshotsList()).hasSize(2).allMatch(s -> s.getGroupSnapshotId().equals(g.getGroupSnapshotId()));
        assertCode(Status.Code.ALREADY_EXISTS, () -> groups.createVolumeGroupSnapshot(req.toBuilder().clearSourceVolumeIds().addSourceVolumeIds(a).build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> groups.createVolumeGroupSnapshot(req.toBuilder().clearName().build()));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> groups.createVolumeGroupSnapshot(req.toBuilder().setName("gs2").clearSourceVolumeIds().build()));
        String remote = controller.createVolume(create("g-remote", GIB).setAccessibilityRequirements(Csi.TopologyRequirement.newBuilder()
                .addRequisite(Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, "site-b"))).build()).getVolume().getVolumeId();
        assertCode(Status.Code.FAILED_PRECONDITION, () -> groups.createVolumeGroupSnapshot(
                req.toBuilder().setName("gs3").addSourceVolumeIds(remote).build()));
        var get = Csi.GetVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(g.getGroupSnapshotId()).build();
        assertThat(groups.getVolumeGroupSnapshot(get).getGroupSnapshot().getSnapshotsCount()).isEqualTo(2);
        assertCode(Status.Code.INVALID_ARGUMENT, () -> groups.getVolumeGroupSnapshot(get.toBuilder().addSnapshotIds("snap-1").build()));
        assertCode(Status.Code.NOT_FOUND, () -> groups.getVolumeGroupSnapshot(get.toBuilder().setGroupSnapshotId("gsnap-404404").build()));
        String member = g.getSnapshots(0).getSnapshotId();
        // spec.md "DeleteSnapshot Errors": "Snapshot is part of a group | 3 INVALID_ARGUMENT"
        assertCode(Status.Code.INVALID_ARGUMENT, () -> controller.deleteSnapshot(
                Csi.DeleteSnapshotRequest.newBuilder().setSnapshotId(member).build()));
        var del = Csi.DeleteVolumeGroupSnapshotRequest.newBuilder().setGroupSnapshotId(g.getGroupSnapshotId()).addSnapshotIds("snap-x").build();
        assertCode(Status.Code.INVALID_ARGUMENT, () -> groups.deleteVolumeGroupSnapshot(del));
        var okDel = del.toBuilder().clearSnapshotIds().addAllSnapshotIds(g.getSnapshotsList().stream().map(Csi.Snapshot::getSnapshotId).toList()).build();
        groups.deleteVolumeGroupSnapshot(okDel);
        groups.deleteVolumeGroupSnapshot(okDel);
        assertThat(plugin.model().snapshots().get(member)).isEmpty();
    }

    @Test
    void snapshotMetadataStreamsAllocatedAndDeltaBlocks() {
        Csi.Volume v = newVolume("pvc-meta");
        plugin.model().volumes().setUsedBytes(v.getVolumeId(), GIB / 2);
        String s1 = controller.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("m1").setSourceVolumeId(v.getVolumeId()).build()).getSnapshot().getSnapshotId();
        String s2 = controller.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("m2").setSourceVolumeId(v.getVolumeId()).build()).getSnapshot().getSnapshotId();
        List<Csi.BlockMetadata> allocated = new ArrayList<>();
        metadata.getMetadataAllocated(Csi.GetMetadataAllocatedRequest.newBuilder().setSnapshotId(s2).setMaxResults(4).build())
                .forEachRemaining(r -> {
                    assertThat(r.getVolumeCapacityBytes()).isEqualTo(GIB);
                    assertThat(r.getBlockMetadataCount()).isLessThanOrEqualTo(4);
                    allocated.addAll(r.getBlockMetadataList());
                });
        long allocatedBytes = allocated.stream().mapToLong(Csi.BlockMetadata::getSizeBytes).sum();
        assertThat(allocatedBytes).isBetween(GIB / 4, GIB * 3 / 4);
        assertThat(allocated).allMatch(b -> b.getByteOffset() + b.getSizeBytes() <= GIB);
        List<Csi.BlockMetadata> delta = new ArrayList<>();
        metadata.getMetadataDelta(Csi.GetMetadataDeltaRequest.newBuilder().setBaseSnapshotId(s1).setTargetSnapshotId(s2).build())
                .forEachRemaining(r -> delta.addAll(r.getBlockMetadataList()));
        long deltaBytes = delta.stream().mapToLong(Csi.BlockMetadata::getSizeBytes).sum();
        assertThat(deltaBytes).isPositive().isLessThan(allocatedBytes);
        assertCode(Status.Code.OUT_OF_RANGE, () -> metadata.getMetadataAllocated(Csi.GetMetadataAllocatedRequest.newBuilder()
                .setSnapshotId(s1).setStartingOffset(GIB).build()).forEachRemaining(r -> { }));
        // spec.md "GetMetadataAllocated Errors": "The starting offset is negative or exceeds the volume size" -> OUT_OF_RANGE
        assertCode(Status.Code.OUT_OF_RANGE, () -> metadata.getMetadataAllocated(Csi.GetMetadataAllocatedRequest.newBuilder()
                .setSnapshotId(s1).setStartingOffset(-1).build()).forEachRemaining(r -> { }));
        assertCode(Status.Code.OUT_OF_RANGE, () -> metadata.getMetadataDelta(Csi.GetMetadataDeltaRequest.newBuilder()
                .setBaseSnapshotId(s1).setTargetSnapshotId(s2).setStartingOffset(-1).build()).forEachRemaining(r -> { }));
        assertCode(Status.Code.NOT_FOUND, () -> metadata.getMetadataAllocated(Csi.GetMetadataAllocatedRequest.newBuilder()
                .setSnapshotId("snap-00000404").build()).forEachRemaining(r -> { }));
        assertCode(Status.Code.INVALID_ARGUMENT, () -> metadata.getMetadataAllocated(
                Csi.GetMetadataAllocatedRequest.getDefaultInstance()).forEachRemaining(r -> { }));
        String other = controller.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("m3")
                .setSourceVolumeId(newVolume("pvc-meta2").getVolumeId()).build()).getSnapshot().getSnapshotId();
        assertCode(Status.Code.INVALID_ARGUMENT, () -> metadata.getMetadataDelta(Csi.GetMetadataDeltaRequest.newBuilder()
                .setBaseSnapshotId(s1).setTargetSnapshotId(other).build()).forEachRemaining(r -> { }));
    }

    @Test
    void socketFileIsRemovedOnClose() throws Exception {
        Path sock = dir.resolve("csi.sock");
        assertThat(Files.exists(sock)).isTrue();
        socket.close();
        plugin.close();
        assertThat(Files.exists(sock)).isFalse();
        plugin = ReferencePlugin.builder(dir.resolve("state")).start();
        socket = new SocketFixture(sock);
    }
}
