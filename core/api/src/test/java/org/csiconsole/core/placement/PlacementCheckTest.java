package org.csiconsole.core.placement;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.placement.PlacementCatalogTest.A;
import static org.csiconsole.core.placement.PlacementCatalogTest.B;
import static org.csiconsole.core.placement.PlacementCatalogTest.SITE;
import static org.csiconsole.core.placement.PlacementCatalogTest.volume;

class PlacementCheckTest {
    static final PlacementOptions REFERENCE = new PlacementOptions(List.of(), Map.of(), Map.of("array", SITE), List.of());

    static VolumeRequest request(Map<String, String> parameters, Topology... requisite) {
        return new VolumeRequest("pvc-1", 1L << 30, List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "")),
                parameters, Map.of(), null, List.of(requisite));
    }

    @Test
    void aVolumePlacedOnAnotherSegmentThanTheRequisiteIsReported() {
        assertThat(PlacementCheck.unmet(request(Map.of(), B), volume("v", Map.of(), Map.of(), A), PlacementOptions.NONE))
                .containsExactly("Asked for topology " + SITE + "=site-b; the plugin reports the volume accessible from "
                        + SITE + "=site-a.");
    }

    @Test
    void aMatchingOrUnreportedTopologyIsNotReported() {
        assertThat(PlacementCheck.unmet(request(Map.of(), B), volume("v", Map.of(), Map.of(), B), PlacementOptions.NONE)).isEmpty();
        assertThat(PlacementCheck.unmet(request(Map.of(), B), volume("v", Map.of(), Map.of()), PlacementOptions.NONE)).isEmpty();
        Topology rack = new Topology(Map.of(SITE, "site-b", "rack", "r1"));
        assertThat(PlacementCheck.unmet(request(Map.of(), B), volume("v", Map.of(), Map.of(), rack), PlacementOptions.NONE)).isEmpty();
    }

    @Test
    void anArrayParameterTheVolumeDidNotFollowIsReportedFromItsTopologyOrItsVolumeContext() {
        assertThat(PlacementCheck.unmet(request(Map.of("array", "site-b")), volume("v", Map.of(), Map.of(), A), REFERENCE))
                .containsExactly("Asked for array=site-b; the volume is accessible from " + SITE + "=site-a.");
        assertThat(PlacementCheck.unmet(request(Map.of("pool", "pool-hdd")), volume("v", Map.of(), Map.of("pool", "pool-ssd")), REFERENCE))
                .containsExactly("Asked for pool=pool-hdd; the volume_context says pool=pool-ssd.");
        assertThat(PlacementCheck.unmet(request(Map.of("array", "site-b")),
                volume("v", Map.of(), Map.of("array", "site-b"), B), REFERENCE)).isEmpty();
    }
}
