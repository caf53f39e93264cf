package org.csiconsole.core.csi;

import csi.v1.Csi;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCondition;
import org.junit.jupiter.api.Test;

import java.util.List;

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
    void thePoolStartsOverOnceItHoldsMoreThanItsCapacity() {
        Canonical pool = new Canonical(2);
        String first = new String("gold");
        assertThat(pool.of(first)).isSameAs(first);
        assertThat(pool.of(new String("gold"))).isSameAs(first);
        pool.of("b");
        pool.of("c");
        String again = new String("gold");
        assertThat(pool.of(again)).as("three values exceeded the capacity of two: started over").isSameAs(again);
    }
}
