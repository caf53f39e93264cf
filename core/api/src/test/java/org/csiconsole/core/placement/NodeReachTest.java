package org.csiconsole.core.placement;

import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Topology;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.placement.PlacementCatalogTest.A;
import static org.csiconsole.core.placement.PlacementCatalogTest.B;
import static org.csiconsole.core.placement.PlacementCatalogTest.SITE;

class NodeReachTest {
    @Test
    void nodesThatReachTheVolumesTopologyComeFirstThenUnreportedThenTheOthers() {
        List<NodeInfo> nodes = List.of(new NodeInfo("node-a1", 0, A), new NodeInfo("node-x", 0, null),
                new NodeInfo("node-b1", 0, new Topology(Map.of(SITE, "site-b", "rack", "r1"))), new NodeInfo("node-b2", 0, B),
                new NodeInfo("node-a1", 0, A));

        List<NodeReach.NodeChoice> order = NodeReach.order(nodes, List.of(B));

        assertThat(order).extracting(NodeReach.NodeChoice::nodeId).containsExactly("node-b1", "node-b2", "node-x", "node-a1");
        assertThat(order).extracting(NodeReach.NodeChoice::describe).containsExactly(
                "node-b1 \u2014 reaches the volume's topology",
                "node-b2 \u2014 reaches the volume's topology",
                "node-x \u2014 topology not reported",
                "node-a1 \u2014 topology does not match (" + SITE + "=site-a)");
    }

    @Test
    void aVolumeWithoutTopologyOffersEveryNodeInNaturalOrderAndSaysSo() {
        List<NodeReach.NodeChoice> order = NodeReach.order(List.of(new NodeInfo("node-10", 0, B), new NodeInfo("node-2", 0, A),
                new NodeInfo("Node-1", 0, A), new NodeInfo("node-2b", 0, B)), List.of());

        assertThat(order).extracting(NodeReach.NodeChoice::nodeId).containsExactly("Node-1", "node-2", "node-2b", "node-10");
        assertThat(order).allSatisfy(c -> assertThat(c.reach()).isEqualTo(NodeReach.Reach.ANYWHERE));
    }
}
