package org.csiconsole.core.placement;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.StorageService;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class PlacementCatalogTest {
    static final String SITE = ParameterKeys.REFERENCE_SITE_KEY;
    static final Topology A = Topology.of(SITE, "site-a");
    static final Topology B = Topology.of(SITE, "site-b");
    static final Topology ZONE = Topology.of("zone", "z1");

    static Volume volume(String id, Map<String, String> parameters, Map<String, String> context, Topology... where) {
        return new Volume(id, id, 1L << 30, null, List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "")),
                parameters, context, List.of(where), List.of(), null, "", org.csiconsole.core.model.Origin.CSI, null);
    }

    @Test
    void segmentsComeFromCapacityNodesAndVolumesEachOnceWithWhereTheyWereSeen() {
        PlacementOptions o = PlacementCatalog.of(new PluginInfo("other.example.com", "1", Map.of()), false,
                List.of(new Capacity(A, Map.of(), 1, null, null), new Capacity(null, Map.of(), 2, null, null)),
                List.of(new NodeInfo("node-1", 0, A), new NodeInfo("node-2", 0, null)),
                List.of(volume("v1", Map.of(), Map.of(), B), volume("v2", Map.of(), Map.of(), B), volume("v3", Map.of(), Map.of(), ZONE)),
                List.of());

        assertThat(o.segments()).extracting(PlacementOptions.Segment::describe).containsExactly(
                SITE + "=site-a (GetCapacity, NodeGetInfo node-1)",
                SITE + "=site-b (2 volumes)",
                "zone=z1 (1 volume)");
    }

    @Test
    void theReferencePluginsDocumentedKeysComeFirstWithArraysFromItsSiteSegmentAndPoolsFromVolumeContext() {
        PlacementOptions o = PlacementCatalog.of(new PluginInfo(ParameterKeys.REFERENCE_PLUGIN, "1", Map.of()), false,
                List.of(new Capacity(A, Map.of(), 1, null, null)), List.of(new NodeInfo("node-1", 0, B)),
                List.of(volume("v1", Map.of("tier", "gold"), Map.of("pool", "pool-ssd", "array", "site-a", "lun", "3"), A),
                        volume("v2", Map.of("pool", "pool-hdd"), Map.of(), A)),
                List.of());

        assertThat(o.keys()).containsExactly("array", "pool", "description", "tier");
        assertThat(o.valuesOf("array")).containsExactly("site-a", "site-b");
        assertThat(o.valuesOf("pool")).containsExactly("pool-hdd", "pool-ssd");
        assertThat(o.valuesOf("tier")).containsExactly("gold");
        assertThat(o.valuesOf("lun")).as("volume_context of an unknown key is not a parameter").isEmpty();
        assertThat(o.segmentKeys()).containsEntry("array", SITE);
    }

    @Test
    void aCspConnectionOffersTheHpeStorageClassKeys() {
        PlacementOptions o = PlacementCatalog.of(new PluginInfo("array-1", "6.1", Map.of()), true, List.of(), List.of(),
                List.of(volume("v1", Map.of("pool", "default"), Map.of())), List.of());

        assertThat(o.keys()).contains("pool", "performancePolicy", "cpg", "description");
        assertThat(o.valuesOf("pool")).containsExactly("default");
        assertThat(o.segments()).isEmpty();
    }

    @Test
    void gatherReadsTheSourcesAndNamesTheOneThatDidNotAnswer() {
        StorageService storage = new StorageService() {
            @Override
            public CompletableFuture<Features> features() {
                return CompletableFuture.completedFuture(Features.from(new org.csiconsole.core.model.CapabilitySet(
                        java.util.EnumSet.allOf(org.csiconsole.core.model.PluginCapability.class),
                        java.util.EnumSet.allOf(org.csiconsole.core.model.ControllerCapability.class),
                        java.util.EnumSet.allOf(org.csiconsole.core.model.NodeCapability.class),
                        java.util.Set.of(), java.util.Set.of()), true, false, true, false));
            }

            @Override
            public CompletableFuture<PluginInfo> pluginInfo() {
                return CompletableFuture.completedFuture(new PluginInfo(ParameterKeys.REFERENCE_PLUGIN, "1", Map.of()));
            }

            @Override
            public CompletableFuture<Listing<Capacity>> capacity() {
                return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNAVAILABLE, "GetCapacity", "the plugin did not answer", "", ""));
            }

            @Override
            public CompletableFuture<List<NodeInfo>> connectedNodes() {
                return CompletableFuture.completedFuture(List.of(new NodeInfo("node-1", 0, B)));
            }
        };

        PlacementOptions o = PlacementCatalog.gather(storage, List.of(volume("v1", Map.of(), Map.of(), A))).join();

        assertThat(o.segments()).extracting(s -> s.topology()).containsExactly(A, B);
        assertThat(o.valuesOf("array")).containsExactly("site-a", "site-b");
        assertThat(o.missing()).singleElement().satisfies(m -> {
            assertThat(m.source()).isEqualTo("GetCapacity");
            assertThat(m.failure().kind()).isEqualTo(FailureKind.UNAVAILABLE);
        });
    }
}
