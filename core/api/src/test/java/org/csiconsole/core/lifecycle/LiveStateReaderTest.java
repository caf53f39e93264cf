package org.csiconsole.core.lifecycle;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeStats;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live state of a driver that keeps no records the console can read: inferred from what it
 * lists, the calls this console made and NodeGetVolumeStats, with the evidence named.
 */
class LiveStateReaderTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-01T12:00:00Z"), ZoneOffset.UTC);
    private final CallTrace trace = new CallTrace();

    /** A driver that lists volumes (with published nodes when asked) and answers NodeGetVolumeStats; nothing else. */
    private static final class ListingOnly implements StorageService {
        final Features features;
        final List<Volume> volumes;
        final Set<String> gonePaths;

        ListingOnly(Features features, List<Volume> volumes, Set<String> gonePaths) {
            this.features = features;
            this.volumes = volumes;
            this.gonePaths = gonePaths;
        }

        @Override
        public CompletableFuture<Features> features() {
            return CompletableFuture.completedFuture(features);
        }

        @Override
        public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
            pages.accept(volumes);
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public CompletableFuture<List<NodeInfo>> connectedNodes() {
            return CompletableFuture.completedFuture(features.nodeSocket() ? List.of(new NodeInfo("node-1", 0, null)) : List.of());
        }

        @Override
        public CompletableFuture<VolumeStats> nodeVolumeStats(String volumeId, String volumePath, String stagingTargetPath) {
            if (gonePaths.contains(volumePath)) {
                return CompletableFuture.failedFuture(new CallFailure(FailureKind.NOT_FOUND, "NodeGetVolumeStats", "not there", "", ""));
            }
            return CompletableFuture.completedFuture(new VolumeStats(List.of(), null));
        }
    }

    private static Features features(boolean publishedNodes, boolean nodeSocket) {
        Set<ControllerCapability> controller = EnumSet.of(ControllerCapability.CREATE_DELETE_VOLUME,
                ControllerCapability.PUBLISH_UNPUBLISH_VOLUME, ControllerCapability.LIST_VOLUMES);
        if (publishedNodes) controller.add(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES);
        Set<NodeCapability> node = nodeSocket ? EnumSet.of(NodeCapability.STAGE_UNSTAGE_VOLUME, NodeCapability.GET_VOLUME_STATS)
                : EnumSet.noneOf(NodeCapability.class);
        return Features.from(new CapabilitySet(Set.of(), controller, node, Set.of(), Set.of(), nodeSocket), true, false, nodeSocket, false);
    }

    private static Volume published(String id, String... nodes) {
        return new Volume(id, "data", 1L << 30, null, null, null, null, null, List.of(nodes), null, null, Origin.CSI, null);
    }

    private void call(String method, String request, boolean ok) {
        trace.record("grpc", "unix:///csi/csi.sock", "csi.v1." + method, 1, request, "", ok ? "OK" : "INTERNAL", ok,
                CLOCK.instant(), Duration.ofMillis(3));
    }

    private LifecycleReading read(StorageService storage, String volumeId) throws Exception {
        return new LiveStateReader(storage, trace::snapshot, CLOCK).read(volumeId).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aDriverThatOnlyListsVolumesGetsAnInferredStatePerNodeWithEveryPieceOfEvidence() throws Exception {
        call("Node/NodeStageVolume", "volume_id: \"pvc-1\"\nstaging_target_path: \"/stage/pvc-1\"", true);
        call("Node/NodePublishVolume", "volume_id: \"pvc-1\"\nstaging_target_path: \"/stage/pvc-1\"\ntarget_path: \"/pods/a\"", true);
        call("Node/NodePublishVolume", "volume_id: \"pvc-1\"\nstaging_target_path: \"/stage/pvc-1\"\ntarget_path: \"/pods/gone\"", true);
        call("Node/NodePublishVolume", "volume_id: \"pvc-1\"\nstaging_target_path: \"/stage/pvc-1\"\ntarget_path: \"/pods/refused\"", false);
        ListingOnly driver = new ListingOnly(features(true, true), List.of(published("pvc-1", "node-1", "node-2")), Set.of("/pods/gone"));

        LifecycleReading r = read(driver, "pvc-1");

        VolumeLiveState live = r.live();
        assertThat(live.exact()).isFalse();
        assertThat(live.certainty()).isEqualTo("inferred");
        assertThat(r.connectedNodeId()).isEqualTo("node-1");
        assertThat(live.node("node-1")).isEqualTo(new NodeState("node-1", VolumeState.PUBLISHED, true, "/stage/pvc-1", List.of("/pods/a")));
        assertThat(live.node("node-2").state()).isEqualTo(VolumeState.NODE_READY);
        assertThat(live.evidence()).extracting(Evidence::toString).contains(
                "ListVolumes: published_node_ids: node-1, node-2",
                "NodeGetVolumeStats: at /pods/a: answered, still published there",
                "NodeGetVolumeStats: at /pods/gone: NOT_FOUND, no longer published there",
                "NodeGetVolumeStats: at /stage/pvc-1: answered, still staged there");
        assertThat(live.evidence()).extracting(Evidence::toString).anyMatch(e -> e.startsWith("call trace: NodeStageVolume on node-1 at /stage/pvc-1 OK at"));
        assertThat(live.evidence()).extracting(Evidence::toString).noneMatch(e -> e.contains("/pods/refused"));
        assertThat(LifecycleOverlays.status(live)).isEqualTo("inferred from ListVolumes, call trace, NodeGetVolumeStats");
    }

    @Test
    void withoutPublishedNodeIdsTheControllerPublicationsComeFromThisConsolesCallsAndTheEvidenceSaysSo() throws Exception {
        call("Controller/ControllerPublishVolume", "volume_id: \"pvc-1\"\nnode_id: \"node-3\"", true);
        call("Controller/ControllerPublishVolume", "volume_id: \"pvc-1\"\nnode_id: \"node-4\"", true);
        call("Controller/ControllerUnpublishVolume", "volume_id: \"pvc-1\"\nnode_id: \"node-4\"", true);
        ListingOnly driver = new ListingOnly(features(false, false), List.of(published("pvc-1")), Set.of());

        VolumeLiveState live = read(driver, "pvc-1").live();

        assertThat(live.node("node-3").state()).isEqualTo(VolumeState.NODE_READY);
        assertThat(live.node("node-4").state()).isEqualTo(VolumeState.CREATED);
        assertThat(live.evidence()).extracting(Evidence::detail)
                .anyMatch(d -> d.contains("does not report published_node_ids here (no LIST_VOLUMES_PUBLISHED_NODES)"))
                .anyMatch(d -> d.startsWith("ControllerPublishVolume to node-3 OK"));
    }

    @Test
    void aVolumeTheListingNoLongerHoldsIsDeleted() throws Exception {
        ListingOnly driver = new ListingOnly(features(true, false), List.of(published("pvc-other")), Set.of());

        LifecycleReading r = read(driver, "pvc-1");

        assertThat(r.live().presence()).isEqualTo(VolumeLiveState.Presence.DELETED);
        assertThat(r.lifecycle().volumeState(r.live())).isEqualTo(VolumeState.FINAL);
        assertThat(r.live().evidence()).extracting(Evidence::toString).contains("ListVolumes: NOT_FOUND: the volume does not exist");
    }
}
