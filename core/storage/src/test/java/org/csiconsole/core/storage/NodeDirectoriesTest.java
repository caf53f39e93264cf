package org.csiconsole.core.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.VolumeRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console plays the CO's part of node paths for a node plugin on this machine. */
class NodeDirectoriesTest {
    @TempDir
    Path dir;

    @Test
    void theStagingDirectoryAndTheTargetsParentAreCreatedButNotTheTargetItself() {
        NodeDirectories co = new NodeDirectories();
        Path staging = dir.resolve("kubelet/plugins/pv/vol-1/globalmount");
        Path target = dir.resolve("kubelet/pods/p-1/volumes/vol-1/mount");
        co.prepareStaging(staging.toString());
        co.prepareTargetParent(target.toString());
        assertThat(staging).isDirectory();
        assertThat(target.getParent()).isDirectory();
        assertThat(target).doesNotExist();
    }

    @Test
    void aRelativePathOrAFileInTheWayIsRefusedInWords() throws Exception {
        NodeDirectories co = new NodeDirectories();
        assertThatThrownBy(() -> co.prepareStaging("relative/staging"))
                .isInstanceOfSatisfying(CallFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
                    assertThat(f.why()).contains("absolute path");
                });
        Path file = Files.writeString(dir.resolve("occupied"), "x");
        assertThatThrownBy(() -> co.prepareTargetParent(file.resolve("mount").toString()))
                .isInstanceOfSatisfying(CallFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
                    assertThat(f.why()).contains("could not create " + file);
                });
    }

    @Test
    void aLocalNodePluginIsStagedAndPublishedWhereNoDirectoryExistedYetAndAFailedStageLeavesNoneBehind() throws Exception {
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY)
                .nodePaths(NodePaths.Mode.HOST).start()) {
            String name = "node-dirs-" + System.nanoTime();
            plugin.startInProcess(name);
            try (CsiClient client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(),
                    CsiClientOptions.defaults(), new CallTrace())) {
                VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
                Path staging = dir.resolve("kubelet/plugins/pv/v/globalmount");
                Path target = dir.resolve("kubelet/pods/p-1/volumes/v/mount");

                CsiStorage bare = new CsiStorage(client, true, null, null);
                Volume v = bare.createVolume(new VolumeRequest("pvc-node-dirs", 1L << 30, List.of(cap), Map.of(), Map.of(), null))
                        .get(30, TimeUnit.SECONDS);
                Map<String, String> ctx = bare.controllerPublish(v.volumeId(), "node-1", cap, false).get(30, TimeUnit.SECONDS);
                NodeTarget stage = new NodeTarget(v.volumeId(), staging.toString(), "", cap, ctx, false);
                assertThatThrownBy(() -> bare.nodeStage(stage).join())
                        .isInstanceOfSatisfying(CompletionException.class, e -> assertThat(CallFailure.unwrap(e).kind())
                                .isEqualTo(FailureKind.FAILED_PRECONDITION));
                assertThat(staging).doesNotExist();

                CsiStorage co = new CsiStorage(client, true, null, new NodeDirectories());
                Path failed = dir.resolve("kubelet/plugins/pv/unknown/globalmount");
                assertThatThrownBy(() -> co.nodeStage(new NodeTarget("vol-unknown", failed.toString(), "", cap, Map.of(), false))
                        .join())
                        .isInstanceOfSatisfying(CompletionException.class, e -> assertThat(CallFailure.unwrap(e).kind())
                                .isEqualTo(FailureKind.NOT_FOUND));
                assertThat(dir.resolve("kubelet/plugins/pv/unknown")).as("a failed stage leaves no directory behind")
                        .doesNotExist();
                assertThat(dir.resolve("kubelet")).doesNotExist();
                co.nodeStage(stage).get(30, TimeUnit.SECONDS);
                co.nodePublish(new NodeTarget(v.volumeId(), staging.toString(), target.toString(), cap, ctx, false))
                        .get(30, TimeUnit.SECONDS);
                assertThat(staging).isDirectory();
                assertThat(target).isDirectory();
                co.nodeUnpublish(v.volumeId(), target.toString()).get(30, TimeUnit.SECONDS);
                assertThat(target).doesNotExist();
                assertThat(target.getParent()).isDirectory();

                co.nodeUnstage(v.volumeId(), staging.toString()).get(30, TimeUnit.SECONDS);
                assertThat(staging).as("the staging directory the console made is removed after NodeUnstageVolume").doesNotExist();
                assertThat(dir.resolve("kubelet/plugins")).as("with the parents made for it").doesNotExist();
                assertThat(dir.resolve("kubelet/pods")).as("what was made for another call stays").isDirectory();
            }
        }
    }

    @Test
    void unstageLeavesAStagingDirectoryTheConsoleDidNotMake() throws Exception {
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY)
                .nodePaths(NodePaths.Mode.HOST).start()) {
            String name = "node-dirs-kept-" + System.nanoTime();
            plugin.startInProcess(name);
            try (CsiClient client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(),
                    CsiClientOptions.defaults(), new CallTrace())) {
                VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
                Path staging = Files.createDirectories(dir.resolve("existing/globalmount"));
                CsiStorage co = new CsiStorage(client, true, null, new NodeDirectories());
                Volume v = co.createVolume(new VolumeRequest("pvc-kept", 1L << 30, List.of(cap), Map.of(), Map.of(), null))
                        .get(30, TimeUnit.SECONDS);
                Map<String, String> ctx = co.controllerPublish(v.volumeId(), "node-1", cap, false).get(30, TimeUnit.SECONDS);

                co.nodeStage(new NodeTarget(v.volumeId(), staging.toString(), "", cap, ctx, false)).get(30, TimeUnit.SECONDS);
                co.nodeUnstage(v.volumeId(), staging.toString()).get(30, TimeUnit.SECONDS);

                assertThat(staging).as("made by someone else: the console leaves it").isDirectory();
            }
        }
    }
}
