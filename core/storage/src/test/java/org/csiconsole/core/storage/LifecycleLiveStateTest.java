package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.LiveStateReader;
import org.csiconsole.core.lifecycle.VolumeLifecycle;
import org.csiconsole.core.lifecycle.VolumeLiveState;
import org.csiconsole.core.lifecycle.VolumeState;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A volume's live state follows a whole lifecycle driven through the reference plugin: exact from
 * the plugin's own records, and inferred from the same calls where the console has no records.
 */
class LifecycleLiveStateTest {
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
    private static int serial;

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private CsiClient client;
    private final CallTrace trace = new CallTrace();
    private StorageService exact;
    private StorageService inferred;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodePaths(NodePaths.Mode.SANDBOX).start();
        String name = "lifecycle-" + ProcessHandle.current().pid() + "-" + (++serial);
        plugin.startInProcess(name);
        client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), trace);
        CsiStorage csi = new CsiStorage(client, true);
        exact = new CombinedStorage(csi, List.of(), null, null, id -> CompletableFuture.completedFuture(plugin.volumeOnNodes(id)));
        inferred = csi;
    }

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (plugin != null) plugin.close();
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    private LifecycleReading read(StorageService s, String volumeId) throws Exception {
        return await(new LiveStateReader(s, trace::snapshot, Clock.systemUTC()).read(volumeId));
    }

    /** Asserts both readings put the volume in {@code state} on node-1, and that {@code next} is legal from there. */
    private void expect(String volumeId, VolumeState state, LifecycleCall next) throws Exception {
        LifecycleReading e = read(exact, volumeId);
        LifecycleReading i = read(inferred, volumeId);
        assertThat(e.live().exact()).isTrue();
        assertThat(i.live().exact()).isFalse();
        assertThat(e.lifecycle().stateOn(e.live(), "node-1")).as("exact").isEqualTo(state);
        assertThat(i.lifecycle().stateOn(i.live(), "node-1")).as("inferred").isEqualTo(state);
        if (next != null) {
            VolumeLifecycle lc = e.lifecycle();
            assertThat(lc.verdict(lc.transition(next), e.live(), "node-1").legal()).as("%s from %s", next, state).isTrue();
        }
    }

    @Test
    void theLiveStateFollowsCreatePublishStagePublishAndBackToDelete() throws Exception {
        LifecycleReading before = read(exact, "");
        assertThat(before.lifecycle().title()).isEqualTo("Figure 6");
        assertThat(before.connectedNodeId()).isEqualTo("node-1");

        Volume v = await(exact.createVolume(new VolumeRequest("data", 1L << 30, List.of(EXT4), Map.of(), Map.of(), null)));
        String id = v.volumeId();
        expect(id, VolumeState.CREATED, LifecycleCall.CONTROLLER_PUBLISH_VOLUME);

        Map<String, String> context = await(exact.controllerPublish(id, "node-1", EXT4, false));
        expect(id, VolumeState.NODE_READY, LifecycleCall.NODE_STAGE_VOLUME);

        await(exact.nodeStage(new NodeTarget(id, "/stage/" + id, "", EXT4, context, false)));
        expect(id, VolumeState.VOL_READY, LifecycleCall.NODE_PUBLISH_VOLUME);

        await(exact.nodePublish(new NodeTarget(id, "/stage/" + id, "/pods/a/" + id, EXT4, context, false)));
        expect(id, VolumeState.PUBLISHED, LifecycleCall.NODE_UNPUBLISH_VOLUME);
        assertThat(read(exact, id).live().node("node-1").targetPaths()).containsExactly("/pods/a/" + id);

        await(exact.nodeUnpublish(id, "/pods/a/" + id));
        expect(id, VolumeState.VOL_READY, LifecycleCall.NODE_UNSTAGE_VOLUME);

        await(exact.nodeUnstage(id, "/stage/" + id));
        expect(id, VolumeState.NODE_READY, LifecycleCall.CONTROLLER_UNPUBLISH_VOLUME);

        await(exact.controllerUnpublish(id, "node-1"));
        expect(id, VolumeState.CREATED, LifecycleCall.DELETE_VOLUME);

        await(exact.deleteVolume(id));
        LifecycleReading gone = read(exact, id);
        assertThat(gone.live().presence()).isEqualTo(VolumeLiveState.Presence.DELETED);
        assertThat(gone.lifecycle().volumeState(gone.live())).isEqualTo(VolumeState.FINAL);
        assertThat(read(inferred, id).live().presence()).isEqualTo(VolumeLiveState.Presence.DELETED);
    }

    @Test
    void whatTheConsoleDidNotDoItselfIsExactFromThePluginsRecordsButNotSeenByInference() throws Exception {
        Volume v = await(exact.createVolume(new VolumeRequest("other", 1L << 30, List.of(EXT4), Map.of(), Map.of(), null)));
        Map<String, String> context = await(exact.controllerPublish(v.volumeId(), "node-1", EXT4, false));
        await(exact.nodeStage(new NodeTarget(v.volumeId(), "/stage/x", "", EXT4, context, false)));
        trace.clear(); // as if another CO had staged it

        assertThat(read(exact, v.volumeId()).live().node("node-1").state()).isEqualTo(VolumeState.VOL_READY);
        LifecycleReading guess = read(inferred, v.volumeId());
        assertThat(guess.live().node("node-1").state()).isEqualTo(VolumeState.NODE_READY);
        assertThat(guess.live().evidence()).extracting(Object::toString).anyMatch(e -> e.contains("published_node_ids: node-1"));
    }
}
