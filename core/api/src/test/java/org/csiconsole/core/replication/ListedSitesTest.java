package org.csiconsole.core.replication;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ListedSitesTest {
    private static final String SITE = "topology.example.com/site";
    private static final String ZONE = "topology.kubernetes.io/zone";

    private static Volume volume(String id, Map<String, String> context, List<Topology> topology, String partner) {
        Volume v = new Volume(id, id, 1L << 30, null, null, null, context, topology, null, null, null, Origin.CSI, null);
        return partner == null ? v : v.withReplication(new VolumeReplication(true, VolumeReplicationRole.PRIMARY, ReplicationHealth.HEALTHY,
                partner, ""));
    }

    private static Volume on(String id, String site, String partner) {
        return volume(id, Map.of(), List.of(new Topology(Map.of(SITE, site, ZONE, "zone-1"))), partner);
    }

    @Test
    void aDriverServingBothArraysPutsEachVolumeOnTheSiteItsTopologySegmentNamesWhenItsPartnerIsAnotherValueOfThatKey() {
        Map<String, String> sites = ListedSites.of(List.of(on("a1", "site-a", "site-b"), on("b1", "site-b", "site-a"),
                on("plain", "site-a", null)));

        assertThat(sites).containsExactlyInAnyOrderEntriesOf(Map.of("a1", "site-a", "b1", "site-b", "plain", "site-a"));
    }

    @Test
    void theDestinationIdAloneSeparatesTheSitesWhenTheDriverNamesNoPartnerArray() {
        Volume a = volume("a1", Map.of(ReplicationContextKeys.PEER_ID, "b1"), List.of(new Topology(Map.of(ZONE, "east"))), "");
        Volume b = volume("b1", Map.of(ReplicationContextKeys.PEER_ID, "a1"), List.of(new Topology(Map.of(ZONE, "west"))), "");

        assertThat(ListedSites.of(List.of(a, b))).containsExactlyInAnyOrderEntriesOf(Map.of("a1", "east", "b1", "west"));
    }

    @Test
    void aDriverServingOneSiteWhosePartnerIsAnotherClustersArrayIsOneSite() {
        assertThat(ListedSites.of(List.of(on("a1", "site-a", "site-b"), on("a2", "site-a", "site-b")))).isEmpty();
    }

    @Test
    void volumesWithoutTopologyOrWithoutReplicationShowNoSites() {
        assertThat(ListedSites.of(List.of(volume("a1", Map.of(), List.of(), "site-b"), volume("b1", Map.of(), List.of(), "site-a"))))
                .isEmpty();
        assertThat(ListedSites.of(List.of(on("a1", "site-a", null), on("b1", "site-b", null)))).isEmpty();
    }

    @Test
    void aVolumeAccessibleFromBothSitesIsOnNeither() {
        Volume stretched = volume("s1", Map.of(), List.of(new Topology(Map.of(SITE, "site-a")), new Topology(Map.of(SITE, "site-b"))), null);
        List<Volume> all = new ArrayList<>(List.of(on("a1", "site-a", "site-b"), on("b1", "site-b", "site-a"), stretched));

        assertThat(ListedSites.of(all)).doesNotContainKey("s1").containsEntry("a1", "site-a");
    }

    @Test
    void aGroupIsOnTheOneSiteOfItsMembers() {
        Map<String, String> sites = Map.of("a1", "site-a", "a2", "site-a", "b1", "site-b");

        assertThat(ListedSites.ofGroup(List.of("a1", "a2"), sites)).isEqualTo("site-a");
        assertThat(ListedSites.ofGroup(List.of("a1", "b1"), sites)).isEmpty();
        assertThat(ListedSites.ofGroup(List.of("a1", "unknown"), sites)).isEmpty();
        assertThat(ListedSites.ofGroup(List.of(), sites)).isEmpty();
    }
}
