package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NodeInfoTest {
    @Test
    void publishedNodeIdsJoinTheConnectedNodesOnceEachWithoutTopology() {
        Topology site = new Topology(Map.of("topology.csi.example.com/site", "site-a"));
        NodeInfo connected = new NodeInfo("node-a1", 64, site);

        List<NodeInfo> nodes = NodeInfo.withPublished(List.of(connected), List.of("node-b1", "node-a1", "node-c1", "node-b1"));

        assertThat(nodes).containsExactly(connected, new NodeInfo("node-b1", 0, null), new NodeInfo("node-c1", 0, null));
    }

    @Test
    void withNothingConnectedOrPublishedThereAreNoNodes() {
        assertThat(NodeInfo.withPublished(List.of(), List.of())).isEmpty();
    }
}
