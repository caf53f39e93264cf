package org.csiconsole.core.csi;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeStats;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CsiClient against the reference plugin: group snapshots (GroupController) and the node
 * lifecycle stage, publish, stats, expand, unpublish, unstage, with the plugin's directories for
 * the CO paths appearing and disappearing.
 */
class ReferenceClientLifecycleTest {
    private static final long GIB = 1L << 30;
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    @TempDir
    Path state;

    private final List<AutoCloseable> closing = new ArrayList<>();
    private ReferencePlugin plugin;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) c.close();
        if (plugin != null) plugin.close();
    }

    private CsiClient open(String transport) throws Exception {
        plugin = ReferencePlugin.builder(state).seed(Seed.EMPTY).nodePaths(NodePaths.Mode.SANDBOX).start();
        Endpoint ep;
        if (transport.equals("unix")) {
            Path dir = Files.createTempDirectory(Path.of("/tmp"), "rl");
            closing.add(() -> {
                Files.deleteIfExists(dir.resolve("csi.sock"));
                Files.deleteIfExists(dir);
            });
            plugin.serve(dir.resolve("csi.sock"), Optional.empty());
            ep = new Endpoint.Unix(dir.resolve("csi.sock"));
        } else {
            String name = "ref-" + UUID.randomUUID();
            plugin.startInProcess(name);
            ep = new Endpoint.InProcess(name);
        }
        CsiClient c = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
        closing.add(0, c);
        return c;
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    private static CallFailure failureOf(CompletableFuture<?> f) {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            CallFailure cf = CallFailure.unwrap(e);
            if (cf == null) throw new AssertionError("expected a CallFailure", e);
            return cf;
        }
        throw new AssertionError("expected a failure");
    }

    /** Where the plugin stands a CO path on its node (a directory under its state dir). */
    private Path onNode(String coPath) {
        return plugin.stateDir().resolve("node").resolve(coPath.substring(1));
    }

    @Test
    void groupSnapshotCreateGetDelete() throws Exception {
        CsiClient client = open("inproc");
        Volume a = await(client.controller().createVolume(CreateVolumeRequest.of("gs-a", GIB, EXT4)));
        Volume b = await(client.controller().createVolume(CreateVolumeRequest.of("gs-b", 2 * GIB, EXT4)));

        GroupSnapshot gs = await(client.groupController().createGroupSnapshot("nightly", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        assertThat(gs.groupSnapshotId()).isNotBlank();
        assertThat(gs.name()).isEqualTo("nightly");
        assertThat(gs.readyToUse()).isTrue();
        assertThat(gs.creationTime()).isNotNull();
        assertThat(gs.snapshots()).extracting(Snapshot::sourceVolumeId).containsExactlyInAnyOrder(a.volumeId(), b.volumeId());
        assertThat(gs.snapshots()).extracting(Snapshot::groupSnapshotId).containsOnly(gs.groupSnapshotId());
        assertThat(gs.snapshots()).filteredOn(s -> s.sourceVolumeId().equals(b.volumeId()))
                .singleElement().satisfies(s -> assertThat(s.sizeBytes()).isEqualTo(b.capacityBytes()));
        List<String> members = gs.snapshots().stream().map(Snapshot::snapshotId).toList();

        // idempotent by spec: the same name and sources answer the same group snapshot
        GroupSnapshot again = await(client.groupController().createGroupSnapshot("nightly", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        assertThat(again.groupSnapshotId()).isEqualTo(gs.groupSnapshotId());

        GroupSnapshot got = await(client.groupController().getGroupSnapshot(gs.groupSnapshotId(), members, Secrets.NONE));
        assertThat(got.groupSnapshotId()).isEqualTo(gs.groupSnapshotId());
        assertThat(got.snapshots()).extracting(Snapshot::snapshotId).containsExactlyInAnyOrderElementsOf(members);

        await(client.groupController().deleteGroupSnapshot(gs.groupSnapshotId(), members, Secrets.NONE));
        CallFailure gone = failureOf(client.groupController().getGroupSnapshot(gs.groupSnapshotId(), members, Secrets.NONE));
        assertThat(gone.kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(gone.why()).contains("group snapshot does not exist");
        // the member snapshots went with the group
        List<Snapshot> left = new ArrayList<>();
        await(client.controller().listSnapshots(0, left::addAll));
        assertThat(left).extracting(Snapshot::snapshotId).doesNotContainAnyElementsOf(members);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inproc", "unix"})
    void nodeStagePublishStatsExpandUnpublishUnstage(String transport) throws Exception {
        CsiClient client = open(transport);
        String node = await(client.node().nodeInfo()).nodeId();
        assertThat(node).isEqualTo(plugin.nodeId());
        Volume v = await(client.controller().createVolume(CreateVolumeRequest.of("pvc-node-" + transport, GIB, EXT4)));
        Map<String, String> publishContext = await(client.controller().controllerPublish(v.volumeId(), node, EXT4, false, Secrets.NONE,
                v.volumeContext()));

        String staging = "/var/lib/kubelet/plugins/kubernetes.io/csi/reference/" + v.volumeId() + "/globalmount";
        String target = "/var/lib/kubelet/pods/pod-1/volumes/kubernetes.io~csi/" + v.volumeId() + "/mount";
        assertThat(onNode(staging)).doesNotExist();

        await(client.node().nodeStage(new NodeStageRequest(v.volumeId(), publishContext, staging, EXT4, Secrets.NONE, v.volumeContext())));
        assertThat(onNode(staging)).isDirectory();
        assertThat(onNode(target)).doesNotExist();

        await(client.node().nodePublish(new NodePublishRequest(v.volumeId(), publishContext, staging, target, EXT4, false,
                Secrets.NONE, v.volumeContext())));
        assertThat(onNode(target)).isDirectory();

        VolumeStats stats = await(client.node().nodeVolumeStats(v.volumeId(), target, staging));
        assertThat(stats.usage()).extracting(VolumeStats.Usage::unit)
                .containsExactlyInAnyOrder(VolumeStats.Unit.BYTES, VolumeStats.Unit.INODES);
        VolumeStats.Usage bytes = stats.usage().stream().filter(u -> u.unit() == VolumeStats.Unit.BYTES).findFirst().orElseThrow();
        assertThat(bytes.total()).isEqualTo(v.capacityBytes());
        assertThat(bytes.used() + bytes.available()).isEqualTo(bytes.total());
        assertThat(stats.condition().abnormal()).isFalse();

        ExpandVolumeResult controller = await(client.controller().expandVolume(v.volumeId(), 2 * GIB, 0, EXT4, Secrets.NONE));
        assertThat(controller.capacityBytes()).isGreaterThanOrEqualTo(2 * GIB);
        ExpandVolumeResult onNode = await(client.node().nodeExpand(v.volumeId(), target, 2 * GIB, 0, staging, EXT4, Secrets.NONE));
        assertThat(onNode.capacityBytes()).isEqualTo(controller.capacityBytes());
        VolumeStats grown = await(client.node().nodeVolumeStats(v.volumeId(), target, staging));
        assertThat(grown.usage()).filteredOn(u -> u.unit() == VolumeStats.Unit.BYTES)
                .singleElement().satisfies(u -> assertThat(u.total()).isEqualTo(controller.capacityBytes()));

        // unstaging while still published is refused, and leaves both directories in place
        CallFailure early = failureOf(client.node().nodeUnstage(v.volumeId(), staging));
        assertThat(early.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(onNode(staging)).isDirectory();

        await(client.node().nodeUnpublish(v.volumeId(), target));
        assertThat(onNode(target)).doesNotExist();
        assertThat(onNode(staging)).isDirectory();
        CallFailure noStats = failureOf(client.node().nodeVolumeStats(v.volumeId(), target, staging));
        assertThat(noStats.kind()).isEqualTo(FailureKind.NOT_FOUND);

        await(client.node().nodeUnstage(v.volumeId(), staging));
        assertThat(onNode(staging)).doesNotExist();
        // idempotent by spec
        await(client.node().nodeUnstage(v.volumeId(), staging));
        await(client.controller().controllerUnpublish(v.volumeId(), node, Secrets.NONE));
        assertThat(await(client.controller().getVolume(v.volumeId())).publishedNodeIds()).doesNotContain(node);
    }
}
