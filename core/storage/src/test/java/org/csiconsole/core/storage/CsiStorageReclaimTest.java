package org.csiconsole.core.storage;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link CsiStorage} as an {@link org.csiconsole.core.port.AddonsVolumePort} against the reference
 * plugin over real unix sockets: reclaim space offline and online, key rotation, and the gating by
 * the csi-addons capabilities of each side.
 */
class CsiStorageReclaimTest {
    private static final long GIB = 1L << 30;
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private final CallTrace trace = new CallTrace();
    private final List<AutoCloseable> clients = new ArrayList<>();
    private CsiStorage storage;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : clients) c.close();
        if (plugin != null) plugin.close();
    }

    /** CSI and node on csi.sock, controller-side csi-addons on addons.sock, node-side on node-addons.sock. */
    private void startSplit() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodePaths(NodePaths.Mode.SANDBOX).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("addons.sock")), Optional.of(dir.resolve("node-addons.sock"))));
        CsiClient csi = open(CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(), trace));
        AddonsClient addons = open(AddonsClient.open(new Endpoint.Unix(dir.resolve("addons.sock")), CsiClientOptions.defaults(), trace));
        AddonsClient nodeAddons = open(AddonsClient.open(new Endpoint.Unix(dir.resolve("node-addons.sock")), CsiClientOptions.defaults(), trace));
        storage = new CsiStorage(csi, true, addons, nodeAddons, null);
    }

    private <T extends AutoCloseable> T open(T c) {
        clients.add(c);
        return c;
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    private Features features() throws Exception {
        await(storage.addons());
        return await(storage.features());
    }

    private Volume volume(String name, long usedBytes) throws Exception {
        Volume v = await(storage.createVolume(new VolumeRequest(name, GIB, List.of(EXT4), Map.of(), Map.of(), null)));
        plugin.model().volumes().setUsedBytes(v.volumeId(), usedBytes);
        return v;
    }

    @Test
    void controllerReclaimReportsUsageBeforeAndAfterInBytes() throws Exception {
        startSplit();
        Volume v = volume("pvc-offline", 800L << 20);

        SpaceReclaimed r = await(storage.reclaimSpace(v.volumeId(), Secrets.NONE));

        assertThat(r.preUsageBytes()).isEqualTo(800L << 20);
        assertThat(r.postUsageBytes()).isLessThan(800L << 20);
        assertThat(r.freedBytes()).isPositive();
        assertThat(plugin.model().volumes().get(v.volumeId()).orElseThrow().usedBytes()).isEqualTo(r.postUsageBytes());
    }

    @Test
    void nodeReclaimGoesToTheNodeSideSocketAndNeedsTheVolumePublishedThere() throws Exception {
        startSplit();
        Volume v = volume("pvc-online", 512L << 20);
        String staging = "/var/lib/kubelet/plugins/csi/staging/" + v.volumeId();
        String target = "/var/lib/kubelet/pods/p1/volumes/" + v.volumeId() + "/mount";

        CallFailure notThere = CallFailure.unwrap(catchThrowable(() ->
                await(storage.nodeReclaimSpace(v.volumeId(), target, staging, EXT4, Secrets.NONE))));
        assertThat(notThere.kind()).isEqualTo(FailureKind.NOT_FOUND);

        Map<String, String> context = await(storage.controllerPublish(v.volumeId(), plugin.nodeId(), EXT4, false));
        await(storage.nodeStage(new NodeTarget(v.volumeId(), staging, "", EXT4, context, false)));
        await(storage.nodePublish(new NodeTarget(v.volumeId(), staging, target, EXT4, context, false)));
        SpaceReclaimed r = await(storage.nodeReclaimSpace(v.volumeId(), target, staging, EXT4, Secrets.NONE));

        assertThat(r.preUsageBytes()).isEqualTo(512L << 20);
        assertThat(r.postUsageBytes()).isLessThan(512L << 20);
        assertThat(trace.snapshot()).anySatisfy(e -> {
            assertThat(e.method()).contains("NodeReclaimSpace");
            assertThat(e.endpoint()).contains("node-addons.sock");
        });
    }

    @Test
    void keyRotationGivesTheVolumeANewKeyThroughTheNodeSide() throws Exception {
        startSplit();
        Volume v = volume("pvc-secret", 0);
        int before = plugin.model().volumes().get(v.volumeId()).orElseThrow().keyVersion();

        await(storage.rotateEncryptionKey(v.volumeId(), "", Secrets.NONE));

        assertThat(plugin.model().volumes().get(v.volumeId()).orElseThrow().keyVersion()).isEqualTo(before + 1);
    }

    @Test
    void eachFeatureFollowsTheCapabilitiesOfItsOwnSide() throws Exception {
        startSplit();
        Features f = features();

        assertThat(f.available(Feature.RECLAIM_SPACE)).isTrue();
        assertThat(f.available(Feature.NODE_RECLAIM_SPACE)).isTrue();
        assertThat(f.available(Feature.ROTATE_ENCRYPTION_KEY)).isTrue();
        assertThat(await(new CombinedStorage(storage, List.of()).features()).available(Feature.NODE_RECLAIM_SPACE))
                .as("kept when a wrapper derives its features again").isTrue();
    }

    @Test
    void withoutANodeSideEndpointTheNodeCallsAreOfferedOnlyWhenTheOneSocketAdvertisesThem() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.of(dir.resolve("node.sock")),
                Optional.of(dir.resolve("addons.sock")), Optional.empty()));
        CsiClient csi = open(CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(), trace));
        AddonsClient addons = open(AddonsClient.open(new Endpoint.Unix(dir.resolve("addons.sock")), CsiClientOptions.defaults(), trace));
        storage = new CsiStorage(csi, true, addons);

        Features f = features();

        assertThat(f.available(Feature.RECLAIM_SPACE)).isTrue();
        assertThat(f.available(Feature.NODE_RECLAIM_SPACE)).isFalse();
        assertThat(f.reason(Feature.NODE_RECLAIM_SPACE)).contains("ReclaimSpace.ONLINE");
        assertThat(f.reason(Feature.ROTATE_ENCRYPTION_KEY)).contains("EncryptionKeyRotation.ENCRYPTIONKEYROTATION");
    }

    @Test
    void withoutCsiAddonsEveryCallIsUnsupportedAndSaysWhy() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        CsiClient csi = open(CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(), trace));
        storage = new CsiStorage(csi, true);

        Features f = features();

        assertThat(f.available(Feature.RECLAIM_SPACE)).isFalse();
        assertThat(f.reason(Feature.RECLAIM_SPACE)).contains("No controller-side csi-addons endpoint");
        assertThat(CallFailure.unwrap(catchThrowable(() -> await(storage.reclaimSpace("v", Secrets.NONE)))).kind())
                .isEqualTo(FailureKind.UNSUPPORTED);
    }
}
