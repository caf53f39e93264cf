package org.csiconsole.core.csi;

import com.google.protobuf.Int64Value;
import com.google.protobuf.Timestamp;
import csi.v1.Csi;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCondition;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CsiMappingTest {
    /** A volume as decoded from the wire: every string a fresh instance. */
    private static Csi.Volume decoded(String id) {
        return Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(1L << 30)
                .putVolumeContext(new String("pool"), new String("gold"))
                .putVolumeContext(new String("serial"), id + "-serial")
                .addAccessibleTopology(Csi.Topology.newBuilder().putSegments(new String("topology.csi-console.io/zone"), new String("zone-a")))
                .build();
    }

    @Test
    void volumesOfAListingShareRepeatedContextAndTopologyButKeepTheirOwnValues() {
        Volume a = CsiMapping.volume(decoded("vol-1"), List.of(new String("node-1")), Csi.VolumeCondition.getDefaultInstance());
        Volume b = CsiMapping.volume(decoded("vol-2"), List.of(new String("node-1")), Csi.VolumeCondition.getDefaultInstance());

        assertThat(a.volumeContext()).containsEntry("pool", "gold").containsEntry("serial", "vol-1-serial");
        assertThat(b.volumeContext()).containsEntry("serial", "vol-2-serial");
        assertThat(b.volumeContext().get("pool")).isSameAs(a.volumeContext().get("pool"));
        String keyA = a.volumeContext().keySet().stream().filter("pool"::equals).findFirst().orElseThrow();
        String keyB = b.volumeContext().keySet().stream().filter("pool"::equals).findFirst().orElseThrow();
        assertThat(keyB).isSameAs(keyA);
        assertThat(b.accessibleTopology().get(0)).isSameAs(a.accessibleTopology().get(0));
        assertThat(a.accessibleTopology().get(0).segments()).containsEntry("topology.csi-console.io/zone", "zone-a");
        assertThat(b.publishedNodeIds().get(0)).isSameAs(a.publishedNodeIds().get(0));
        assertThat(a.condition()).isSameAs(VolumeCondition.NORMAL);

        Volume abnormal = CsiMapping.volume(decoded("vol-3"), List.of(),
                Csi.VolumeCondition.newBuilder().setAbnormal(true).setMessage("path gone").build());
        assertThat(abnormal.condition()).isEqualTo(new VolumeCondition(true, "path gone"));
    }

    @Test
    void aValueThatTakesAnotherOnesSlotDisplacesIt() {
        Canonical pool = new Canonical(1);
        String first = new String("gold");
        assertThat(pool.of(first)).isSameAs(first);
        assertThat(pool.of(new String("gold"))).isSameAs(first);
        pool.of("serial-1");
        String again = new String("gold");
        assertThat(pool.of(again)).as("the one slot held serial-1: gold is held anew").isSameAs(again);
        assertThat(pool.of(new String("gold"))).isSameAs(again);
    }

    @Test
    void aTopologyIsMadeOnceForEqualSegmentsAndItsKeysAndValuesAreShared() {
        Canonical pool = new Canonical(16);
        Topology a = pool.topology(Map.of(new String("zone"), new String("zone-a")));
        Topology b = pool.topology(Map.of(new String("zone"), new String("zone-a")));
        assertThat(b).isSameAs(a);
        assertThat(a.segments()).containsExactly(Map.entry("zone", "zone-a"));
        assertThat(pool.of(new String("zone-a"))).isSameAs(a.segments().get("zone"));
        assertThat(pool.topology(Map.of("zone", "zone-b"))).isNotEqualTo(a);
    }

    // ---------------------------------------------------------------- odd but legal input from real drivers

    private static Csi.Volume bare(String id) {
        return Csi.Volume.newBuilder().setVolumeId(id).build();
    }

    @Test
    void anUnpublishedVolumeListedWithOneEmptyNodeIdHasNoPublication() {
        Volume v = CsiMapping.volume(bare("vol-1"), List.of(""), null);

        assertThat(v.publishedNodeIds()).as("csi-driver-host-path sends [\"\"] for an unpublished volume").isEmpty();
        assertThat(v.published()).isFalse();
    }

    @Test
    void publishedNodeIdsLoseEmptyIdsAndRepeatsButKeepTheirOrder() {
        Volume v = CsiMapping.volume(bare("vol-1"), List.of("node-b", "", "node-a", "node-b", "node-a"), null);

        assertThat(v.publishedNodeIds()).containsExactly("node-b", "node-a");
    }

    @Test
    void capacityZeroStaysZeroMeaningUnknownAndANegativeCapacityCountsAsUnknown() {
        assertThat(CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId("v").setCapacityBytes(0).build(), List.of(), null)
                .capacityBytes()).isZero();
        assertThat(CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId("v").setCapacityBytes(-5).build(), List.of(), null)
                .capacityBytes()).as("csi.proto: never negative; 0 = unknown").isZero();
    }

    @Test
    void anEmptyVolumeContextAndAnAbsentOneBothMapToAnEmptyMap() {
        Volume absent = CsiMapping.volume(bare("v"), List.of(), null);
        Volume empty = CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId("v").putVolumeContext("k", "").build(), List.of(), null);

        assertThat(absent.volumeContext()).isEmpty();
        assertThat(empty.volumeContext()).as("an empty value is a value and is kept").containsExactly(Map.entry("k", ""));
    }

    @Test
    void accessibleTopologyLosesEmptySegmentMapsAndRepeats() {
        Csi.Topology zoneA = Csi.Topology.newBuilder().putSegments("zone", "a").build();
        Volume v = CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId("v")
                .addAccessibleTopology(Csi.Topology.getDefaultInstance()).addAccessibleTopology(zoneA)
                .addAccessibleTopology(zoneA).build(), List.of(), null);
        Volume none = CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId("v")
                .addAccessibleTopology(Csi.Topology.getDefaultInstance()).build(), List.of(), null);

        assertThat(v.accessibleTopology()).containsExactly(Topology.of("zone", "a"));
        assertThat(none.accessibleTopology()).as("no segments: accessible from all nodes, as if absent").isEmpty();
    }

    @Test
    void aSnapshotOfSizeZeroHasUnknownSizeAndANegativeSizeCountsAsUnknown() {
        Snapshot zero = CsiMapping.snapshot(Csi.Snapshot.newBuilder().setSnapshotId("s").setSizeBytes(0).build(), "");
        Snapshot negative = CsiMapping.snapshot(Csi.Snapshot.newBuilder().setSnapshotId("s").setSizeBytes(-1).build(), "");

        assertThat(zero.sizeBytes()).isZero();
        assertThat(negative.sizeBytes()).isZero();
    }

    @Test
    void anUnsetOrZeroOrOutOfRangeCreationTimeIsUnknown() {
        Csi.Snapshot.Builder s = Csi.Snapshot.newBuilder().setSnapshotId("s");
        assertThat(CsiMapping.snapshot(s.build(), "").creationTime()).as("unset").isNull();
        assertThat(CsiMapping.snapshot(s.setCreationTime(Timestamp.getDefaultInstance()).build(), "").creationTime())
                .as("set to the epoch: an unset time sent as a value").isNull();
        assertThat(CsiMapping.snapshot(s.setCreationTime(Timestamp.newBuilder().setSeconds(-62135596800L)).build(), "").creationTime())
                .as("Go's zero time.Time, 0001-01-01").isNull();
        assertThat(CsiMapping.snapshot(s.setCreationTime(Timestamp.newBuilder().setSeconds(Long.MAX_VALUE)).build(), "").creationTime())
                .as("beyond what an Instant holds").isNull();
        assertThat(CsiMapping.snapshot(s.setCreationTime(Timestamp.newBuilder().setSeconds(1_700_000_000L).setNanos(5)).build(), "")
                .creationTime()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L, 5));
    }

    @Test
    void aSnapshotNotReadyToUseStaysNotReady() {
        Snapshot s = CsiMapping.snapshot(Csi.Snapshot.newBuilder().setSnapshotId("s").setReadyToUse(false).build(), "");

        assertThat(s.readyToUse()).isFalse();
    }

    @Test
    void maxVolumesPerNodeZeroMeansNoLimitAndANegativeOneCountsAsUnset() {
        NodeInfo zero = CsiMapping.nodeInfo(Csi.NodeGetInfoResponse.newBuilder().setNodeId("n").build());
        NodeInfo negative = CsiMapping.nodeInfo(Csi.NodeGetInfoResponse.newBuilder().setNodeId("n").setMaxVolumesPerNode(-3).build());

        assertThat(zero.maxVolumesPerNode()).isZero();
        assertThat(negative.maxVolumesPerNode()).isZero();
    }

    @Test
    void aNodeTopologyWithoutSegmentsCountsAsNotReported() {
        NodeInfo n = CsiMapping.nodeInfo(Csi.NodeGetInfoResponse.newBuilder().setNodeId("n")
                .setAccessibleTopology(Csi.Topology.getDefaultInstance()).build());

        assertThat(n.accessibleTopology()).isNull();
    }

    @Test
    void capacityKeepsAnExplicitMinimumOfZeroAndLeavesAnUnsetMaximumUnknown() {
        Capacity c = CsiMapping.capacity(Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(0)
                .setMinimumVolumeSize(Int64Value.of(0)).build(), null, Map.of());
        Capacity negative = CsiMapping.capacity(Csi.GetCapacityResponse.newBuilder().setAvailableCapacity(-1)
                .setMaximumVolumeSize(Int64Value.of(-1)).build(), null, Map.of());

        assertThat(c.availableCapacityBytes()).isZero();
        assertThat(c.minimumVolumeSizeBytes()).isZero();
        assertThat(c.maximumVolumeSizeBytes()).isNull();
        assertThat(negative.availableCapacityBytes()).isZero();
        assertThat(negative.maximumVolumeSizeBytes()).isZero();
    }

    @Test
    void longAndNonAsciiIdsPassThroughUnchanged() {
        String longId = "v".repeat(128);
        String unicode = "卷-ünïcødé-💾";
        Volume v = CsiMapping.volume(bare(longId), List.of(unicode), null);
        Snapshot s = CsiMapping.snapshot(Csi.Snapshot.newBuilder().setSnapshotId(unicode).setSourceVolumeId(longId).build(), "");

        assertThat(v.volumeId()).isEqualTo(longId);
        assertThat(v.publishedNodeIds()).containsExactly(unicode);
        assertThat(s.snapshotId()).isEqualTo(unicode);
        assertThat(s.sourceVolumeId()).isEqualTo(longId);
    }
}
