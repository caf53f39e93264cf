package org.csiconsole.core.csi;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The client against the bundled reference plugin served on a real unix socket. */
class ReferenceInteropTest {
    @TempDir
    Path state;

    private Path dir;
    private ReferencePlugin plugin;
    private CsiClient client;

    @BeforeEach
    void start() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "ri");
        plugin = ReferencePlugin.builder(state).seed(Seed.DEMO).start();
        plugin.serve(dir.resolve("csi.sock"), Optional.empty());
        client = CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(),
                new CallTrace());
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        plugin.close();
        Files.deleteIfExists(dir.resolve("csi.sock"));
        Files.deleteIfExists(dir);
    }

    @Test
    void volumeAndSnapshotLifecycle() throws Exception {
        CapabilitySet caps = client.capabilities().get(10, TimeUnit.SECONDS);
        assertThat(caps.controller()).contains(ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.LIST_VOLUMES);
        Volume v = client.controller().createVolume(CreateVolumeRequest.of("interop-1", 1L << 30,
                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"))).get(10, TimeUnit.SECONDS);
        assertThat(v.capacityBytes()).isGreaterThanOrEqualTo(1L << 30);
        List<Volume> all = new ArrayList<>();
        client.controller().listVolumes(7, all::addAll).get(10, TimeUnit.SECONDS);
        assertThat(all).extracting(Volume::volumeId).contains(v.volumeId()).doesNotHaveDuplicates();
        Snapshot s = client.controller().createSnapshot(v.volumeId(), "interop-snap", Map.of(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        assertThat(s.sourceVolumeId()).isEqualTo(v.volumeId());
        List<Snapshot> snaps = new ArrayList<>();
        client.controller().listSnapshots(v.volumeId(), 0, snaps::addAll).get(10, TimeUnit.SECONDS);
        assertThat(snaps).extracting(Snapshot::snapshotId).contains(s.snapshotId());
        client.controller().deleteSnapshot(s.snapshotId(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        client.controller().deleteVolume(v.volumeId(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        // idempotent by spec
        client.controller().deleteVolume(v.volumeId(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        assertThat(client.node().nodeInfo().get(10, TimeUnit.SECONDS).nodeId()).isEqualTo("node-1");
    }

    @Test
    void addonsIdentityOnTheSameSocket() throws Exception {
        try (AddonsClient addons = AddonsClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), CsiClientOptions.defaults(),
                new CallTrace())) {
            assertThat(addons.identity().pluginInfo().get(10, TimeUnit.SECONDS).name()).isNotEmpty();
            assertThat(addons.capabilities().get(10, TimeUnit.SECONDS)).isNotEmpty();
        }
    }
}
