package org.csiconsole.core.oddpeer;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** The CSI client against the odd peers: what a real driver may leave out, and what it may send oddly. */
class OddPeerClientTest {
    private final MinimalCsiDriver minimal = new MinimalCsiDriver();
    private final QuirkyCsiDriver quirky = new QuirkyCsiDriver();
    private final List<CsiClient> clients = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        clients.forEach(CsiClient::close);
        minimal.close();
        quirky.close();
    }

    private CsiClient client(org.csiconsole.core.endpoint.Endpoint ep) {
        CsiClient c = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
        clients.add(c);
        return c;
    }

    private CsiClient minimalClient() throws Exception {
        return client(minimal.startInProcess("minimal-" + UUID.randomUUID()));
    }

    private CsiClient quirkyClient() throws Exception {
        return client(quirky.startInProcess("quirky-" + UUID.randomUUID()));
    }

    private static CallFailure failure(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return CallFailure.unwrap(e);
        }
        throw new AssertionError("expected a failure, got a result");
    }

    @Test
    void aMinimalDriverAdvertisesOnlyWhatItServesAndNoGroupController() throws Exception {
        CapabilitySet caps = minimalClient().capabilities().join();

        assertThat(caps.plugin()).containsExactly(PluginCapability.CONTROLLER_SERVICE);
        assertThat(caps.controller()).extracting(Enum::name).containsExactly("CREATE_DELETE_VOLUME");
        assertThat(caps.node()).isEmpty();
        assertThat(caps.groupController()).isEmpty();
        assertThat(minimal.called()).doesNotContain("GroupControllerGetCapabilities");
    }

    @Test
    void optionalRpcsAMinimalDriverDoesNotAdvertiseFailAsUnsupportedWithoutBeingSent() throws Exception {
        CsiClient c = minimalClient();

        List<CallFailure> failures = List.of(
                failure(c.controller().allVolumes()),
                failure(c.controller().listSnapshots(0, page -> { })),
                failure(c.controller().getCapacity(List.of(), Map.of(), null)),
                failure(c.controller().expandVolume("min-a", 2L << 30, 0, null, Secrets.NONE)),
                failure(c.groupController().getGroupSnapshot("g", List.of(), Secrets.NONE)));

        assertThat(failures).allSatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
            assertThat(f.getMessage()).contains("not supported by this driver");
        });
        assertThat(failures.get(0).getMessage()).contains("LIST_VOLUMES");
        assertThat(failures.get(4).getMessage()).contains("CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT");
        assertThat(minimal.called()).doesNotContain("ListVolumes", "ListSnapshots", "GetCapacity", "ControllerExpandVolume");
    }

    @Test
    void anUnadvertisedRpcForcedAnywayFailsAsUnsupportedFromTheDriversUnimplemented() throws Exception {
        CallFailure f = failure(minimalClient().forced().controller().allVolumes());

        assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(minimal.calls("ListVolumes")).isEqualTo(1);
    }

    @Test
    void whatAMinimalDriverServesStillWorks() throws Exception {
        CsiClient c = minimalClient();

        assertThat(c.identity().pluginInfo().join().name()).isEqualTo(MinimalCsiDriver.NAME);
        assertThat(c.identity().probe().join()).as("ready unset counts as ready").isTrue();
        assertThat(c.node().nodeInfo().join()).isEqualTo(new NodeInfo(MinimalCsiDriver.NODE_ID, 0, null));
        assertThat(c.controller().createVolume(new org.csiconsole.core.csi.CreateVolumeRequest("a", 0, 0,
                List.of(org.csiconsole.core.model.VolumeCapability.block(org.csiconsole.core.model.AccessMode.SINGLE_NODE_WRITER)),
                Map.of(), Map.of(), Secrets.NONE, null, List.of(), List.of())).join().volumeId()).isEqualTo("min-a");
    }

    @Test
    void aQuirkyListingShowsEachVolumeOnceWithItsIdAndWithoutEmptyNodeIds() throws Exception {
        List<Volume> all = quirkyClient().controller().allVolumes().join();

        assertThat(all).extracting(Volume::volumeId).containsExactlyElementsOf(QuirkyCsiDriver.SHOWN_VOLUME_IDS);
        assertThat(all.get(0).publishedNodeIds()).isEmpty();
        assertThat(all.get(0).capacityBytes()).isZero();
        assertThat(all.get(1).volumeId().getBytes(StandardCharsets.UTF_8)).hasSize(128);
        assertThat(all.get(1).publishedNodeIds()).containsExactly("node-a", "node-b");
        assertThat(all.get(1).accessibleTopology()).hasSize(1);
        assertThat(all.get(2).capacityBytes()).as("the first of two listings of the id is kept; its -1 is unknown").isZero();
        assertThat(quirky.calls("ListVolumes")).as("the empty page with a next_token is followed").isEqualTo(4);
    }

    @Test
    void aQuirkySnapshotListingShowsEachSnapshotOnceWithUnknownSizesAndTimes() throws Exception {
        List<Snapshot> all = new ArrayList<>();
        quirkyClient().controller().listSnapshots(0, all::addAll).join();

        assertThat(all).extracting(Snapshot::snapshotId).containsExactlyElementsOf(QuirkyCsiDriver.SHOWN_SNAPSHOT_IDS);
        Snapshot unknown = all.get(0);
        assertThat(unknown.sizeBytes()).isZero();
        assertThat(unknown.creationTime()).isNull();
        assertThat(unknown.readyToUse()).isFalse();
        assertThat(all.get(1).creationTime()).as("Go's zero time").isNull();
        assertThat(all.get(1).sizeBytes()).isZero();
    }

    @Test
    void aQuirkyNodeAndCapacityReadAsNoLimitNoTopologyAndNoFreeSpace() throws Exception {
        CsiClient c = quirkyClient();
        NodeInfo node = c.node().nodeInfo().join();
        Capacity cap = c.controller().getCapacity(List.of(), Map.of(), null).join();

        assertThat(node).isEqualTo(new NodeInfo(QuirkyCsiDriver.NODE_ID, 0, null));
        assertThat(cap.availableCapacityBytes()).isZero();
        assertThat(cap.minimumVolumeSizeBytes()).isZero();
        assertThat(cap.maximumVolumeSizeBytes()).isNull();
    }
}
