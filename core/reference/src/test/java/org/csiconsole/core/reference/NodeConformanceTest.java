package org.csiconsole.core.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.NodeGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.csiconsole.core.reference.csi.NodePaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node side as a CO drives it over a real unix socket, on real paths: the CO creates the
 * staging directory and the parent of target_path, the plugin creates target_path (a directory for
 * the mount access type, a file for block) and deletes it again on NodeUnpublishVolume, and leaves
 * the staging directory to the CO (csi.proto v1.12, NodeStageVolumeRequest.staging_target_path,
 * NodePublishVolumeRequest.target_path, NodeUnpublishVolumeRequest.target_path; spec.md
 * "NodePublishVolume Errors").
 */
class NodeConformanceTest {
    static final long GIB = 1L << 30;
    static final Csi.VolumeCapability.AccessMode.Mode SNW = Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER;

    @TempDir
    Path dir;
    /** The node's file system as the CO sees it: kubelet-like directories below a temporary root. */
    Path kubelet;
    ReferencePlugin plugin;
    SocketFixture socket;
    ControllerGrpc.ControllerBlockingStub controller;
    NodeGrpc.NodeBlockingStub node;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodeId("node-1")
                .nodePaths(NodePaths.Mode.HOST).start();
        Path sock = dir.resolve("csi.sock");
        plugin.serve(sock, Optional.empty());
        socket = new SocketFixture(sock);
        controller = ControllerGrpc.newBlockingStub(socket.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        node = NodeGrpc.newBlockingStub(socket.channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        kubelet = Files.createDirectories(dir.resolve("kubelet"));
    }

    @AfterEach
    void stop() throws Exception {
        socket.close();
        plugin.close();
    }

    static Csi.VolumeCapability mount() {
        return Csi.VolumeCapability.newBuilder()
                .setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("ext4"))
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(SNW)).build();
    }

    static Csi.VolumeCapability block() {
        return Csi.VolumeCapability.newBuilder().setBlock(Csi.VolumeCapability.BlockVolume.getDefaultInstance())
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder().setMode(SNW)).build();
    }

    static void assertCode(Status.Code code, String messagePart, ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).contains(messagePart);
        });
    }

    boolean advertisesStageUnstage() {
        return node.nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest.getDefaultInstance()).getCapabilitiesList()
                .stream().anyMatch(c -> c.getRpc().getType() == Csi.NodeServiceCapability.RPC.Type.STAGE_UNSTAGE_VOLUME);
    }

    /** A volume created and controller-published to node-1 with {@code cap}; returns its publish_context too. */
    record Published(String volumeId, Map<String, String> publishContext, Csi.VolumeCapability cap) {
    }

    Published published(String name, Csi.VolumeCapability cap) {
        String id = controller.createVolume(Csi.CreateVolumeRequest.newBuilder().setName(name).addVolumeCapabilities(cap)
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(GIB)).build()).getVolume().getVolumeId();
        var ctx = controller.controllerPublishVolume(Csi.ControllerPublishVolumeRequest.newBuilder().setVolumeId(id)
                .setNodeId("node-1").setVolumeCapability(cap).build()).getPublishContextMap();
        return new Published(id, ctx, cap);
    }

    /** The CO's staging step: creates the staging directory, then NodeStageVolume when advertised; returns the path ("" when not staging). */
    String stage(Published v) throws Exception {
        if (!advertisesStageUnstage()) {
            return "";
        }
        Path staging = Files.createDirectories(kubelet.resolve("plugins/pv/" + v.volumeId() + "/globalmount"));
        node.nodeStageVolume(stageReq(v, staging.toString()));
        return staging.toString();
    }

    Csi.NodeStageVolumeRequest stageReq(Published v, String staging) {
        return Csi.NodeStageVolumeRequest.newBuilder().setVolumeId(v.volumeId()).putAllPublishContext(v.publishContext())
                .setStagingTargetPath(staging).setVolumeCapability(v.cap()).build();
    }

    Csi.NodePublishVolumeRequest publishReq(Published v, String staging, Path target) {
        return Csi.NodePublishVolumeRequest.newBuilder().setVolumeId(v.volumeId()).putAllPublishContext(v.publishContext())
                .setStagingTargetPath(staging).setTargetPath(target.toString()).setVolumeCapability(v.cap()).build();
    }

    Csi.NodeUnpublishVolumeRequest unpublishReq(Published v, Path target) {
        return Csi.NodeUnpublishVolumeRequest.newBuilder().setVolumeId(v.volumeId()).setTargetPath(target.toString()).build();
    }

    /** The CO's part before NodePublishVolume: the parent of target_path, as kubelet makes it for a pod. */
    Path targetIn(String pod, String volumeId, String leaf) throws Exception {
        return Files.createDirectories(kubelet.resolve("pods/" + pod + "/volumes/kubernetes.io~csi/" + volumeId)).resolve(leaf);
    }

    @Test
    void aMountVolumeIsPublishedAsADirectoryThatUnpublishDeletesAndRepeatsChangeNothing() throws Exception {
        Published v = published("pvc-mount", mount());
        String staging = stage(v);
        node.nodeStageVolume(stageReq(v, staging));
        Path target = targetIn("pod-1", v.volumeId(), "mount");
        assertThat(target).doesNotExist();

        node.nodePublishVolume(publishReq(v, staging, target));
        assertThat(target).isDirectory().isEmptyDirectory();
        node.nodePublishVolume(publishReq(v, staging, target));
        assertThat(target).isDirectory();

        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertThat(target).doesNotExist();
        assertThat(target.getParent()).as("the parent belongs to the CO").isDirectory();
        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertThat(target).doesNotExist();

        var unstage = Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(v.volumeId()).setStagingTargetPath(staging).build();
        node.nodeUnstageVolume(unstage);
        node.nodeUnstageVolume(unstage);
        assertThat(Path.of(staging)).as("the CO created the staging directory and removes it").isDirectory();
    }

    @Test
    void aBlockVolumeIsPublishedAsAnEmptyFileThatUnpublishDeletes() throws Exception {
        Published v = published("pvc-block", block());
        String staging = stage(v);
        Path target = targetIn("pod-2", v.volumeId(), v.volumeId());

        node.nodePublishVolume(publishReq(v, staging, target));
        assertThat(target).isRegularFile().isEmptyFile();
        node.nodePublishVolume(publishReq(v, staging, target));
        assertThat(target).isRegularFile();

        node.nodeUnpublishVolume(unpublishReq(v, target));
        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertThat(target).doesNotExist();
        node.nodeUnstageVolume(Csi.NodeUnstageVolumeRequest.newBuilder().setVolumeId(v.volumeId())
                .setStagingTargetPath(staging).build());
    }

    @Test
    void publishingWithoutAStagingPathIsRefusedBecauseStageUnstageIsAdvertised() throws Exception {
        assertThat(advertisesStageUnstage()).as("this plugin stages; the spec's FAILED_PRECONDITION row applies").isTrue();
        Published v = published("pvc-unstaged", mount());
        Path target = targetIn("pod-3", v.volumeId(), "mount");

        assertCode(Status.Code.FAILED_PRECONDITION, "staging_target_path", () -> node.nodePublishVolume(publishReq(v, "", target)));
        assertThat(target).doesNotExist();
    }

    @Test
    void publishingTheSameTargetWithAnotherCapabilityOrReadonlyAnswersAlreadyExists() throws Exception {
        Published v = published("pvc-twice", mount());
        String staging = stage(v);
        Path target = targetIn("pod-4", v.volumeId(), "mount");
        node.nodePublishVolume(publishReq(v, staging, target));

        assertCode(Status.Code.ALREADY_EXISTS, "already published", () -> node.nodePublishVolume(
                publishReq(v, staging, target).toBuilder().setReadonly(true).build()));
        assertCode(Status.Code.ALREADY_EXISTS, "already published", () -> node.nodePublishVolume(
                publishReq(v, staging, target).toBuilder().setVolumeCapability(mount().toBuilder()
                        .setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("xfs"))).build()));
        assertCode(Status.Code.ALREADY_EXISTS, "already published", () -> node.nodePublishVolume(
                publishReq(v, staging, target).toBuilder().setVolumeCapability(block()).build()));
        assertThat(target).as("the first publication stays as it was").isDirectory();

        node.nodePublishVolume(publishReq(v, staging, target));
        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertThat(target).doesNotExist();
    }

    @Test
    void aMissingParentOfTargetPathIsRefusedWithWhatTheCoMustDo() throws Exception {
        Published v = published("pvc-noparent", mount());
        String staging = stage(v);
        Path target = kubelet.resolve("pods/pod-5/volumes/kubernetes.io~csi/" + v.volumeId() + "/mount");

        assertCode(Status.Code.FAILED_PRECONDITION, "parent directory", () -> node.nodePublishVolume(publishReq(v, staging, target)));
        assertThat(target.getParent()).doesNotExist();
        // nothing was recorded: once the CO made the parent, the same call succeeds
        Files.createDirectories(target.getParent());
        node.nodePublishVolume(publishReq(v, staging, target));
        assertThat(target).isDirectory();
    }

    @Test
    void aMissingStagingDirectoryIsRefusedBecauseTheCoCreatesIt() throws Exception {
        Published v = published("pvc-nostaging", mount());
        String staging = kubelet.resolve("plugins/pv/" + v.volumeId() + "/globalmount").toString();

        assertCode(Status.Code.FAILED_PRECONDITION, "does not exist", () -> node.nodeStageVolume(stageReq(v, staging)));
        assertThat(Path.of(staging)).as("the plugin does not create the CO's directory").doesNotExist();
    }

    @Test
    void unpublishingATargetPathThatIsAlreadyGoneSucceedsAndForgetsThePublication() throws Exception {
        Published v = published("pvc-gone", mount());
        String staging = stage(v);
        Path target = targetIn("pod-6", v.volumeId(), "mount");
        node.nodePublishVolume(publishReq(v, staging, target));
        Files.delete(target);

        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertCode(Status.Code.NOT_FOUND, "not staged or published", () -> node.nodeGetVolumeStats(
                Csi.NodeGetVolumeStatsRequest.newBuilder().setVolumeId(v.volumeId()).setVolumePath(target.toString()).build()));
        node.nodeUnpublishVolume(unpublishReq(v, target));
    }

    @Test
    void anEmptyDirectoryTheCoMadeAtTargetPathIsUsed() throws Exception {
        Published v = published("pvc-premade", mount());
        String staging = stage(v);
        Path made = Files.createDirectories(targetIn("pod-7", v.volumeId(), "mount"));

        node.nodePublishVolume(publishReq(v, staging, made));
        assertThat(made).isDirectory();
        node.nodeUnpublishVolume(unpublishReq(v, made));
        assertThat(made).doesNotExist();
    }

    @Test
    void aTargetPathThatHoldsSomethingElseIsRefusedAndLeftAlone() throws Exception {
        Published v = published("pvc-occupied", mount());
        String staging = stage(v);
        Path occupied = Files.createDirectories(targetIn("pod-8", v.volumeId(), "mount"));
        Files.writeString(occupied.resolve("data.txt"), "keep me");
        assertCode(Status.Code.FAILED_PRECONDITION, "not an empty directory", () -> node.nodePublishVolume(publishReq(v, staging, occupied)));
        assertThat(occupied.resolve("data.txt")).hasContent("keep me");

        Path file = targetIn("pod-9", v.volumeId(), "mount");
        Files.writeString(file, "a file, not a directory");
        assertCode(Status.Code.FAILED_PRECONDITION, "not an empty directory", () -> node.nodePublishVolume(publishReq(v, staging, file)));
        assertThat(file).hasContent("a file, not a directory");

        Published b = published("pvc-occupied-block", block());
        String blockStaging = stage(b);
        Path dirForBlock = Files.createDirectories(targetIn("pod-9", b.volumeId(), b.volumeId()));
        assertCode(Status.Code.FAILED_PRECONDITION, "not an empty file", () -> node.nodePublishVolume(publishReq(b, blockStaging, dirForBlock)));
        assertThat(dirForBlock).isDirectory();
    }

    @Test
    void unpublishDeletesOnlyWhatThePluginCreated() throws Exception {
        Published v = published("pvc-written", mount());
        String staging = stage(v);
        Path target = targetIn("pod-10", v.volumeId(), "mount");
        node.nodePublishVolume(publishReq(v, staging, target));
        Files.writeString(target.resolve("app.log"), "written by a workload");

        assertCode(Status.Code.FAILED_PRECONDITION, "not empty", () -> node.nodeUnpublishVolume(unpublishReq(v, target)));
        assertThat(target.resolve("app.log")).hasContent("written by a workload");

        Files.delete(target.resolve("app.log"));
        node.nodeUnpublishVolume(unpublishReq(v, target));
        assertThat(target).doesNotExist();
    }
}
