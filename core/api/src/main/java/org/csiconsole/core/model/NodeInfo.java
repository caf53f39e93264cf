package org.csiconsole.core.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A node as the Node service describes itself (csi.proto {@code NodeGetInfoResponse}).
 *
 * @param nodeId the {@code node_id} the controller expects in ControllerPublishVolume
 * @param maxVolumesPerNode maximum volumes the node can have published; 0 means no limit reported
 * @param accessibleTopology the node's topology, null when not reported
 */
public record NodeInfo(String nodeId, long maxVolumesPerNode, Topology accessibleTopology) {
    public NodeInfo {
        Objects.requireNonNull(nodeId, "nodeId");
    }

    /**
     * The nodes a CO knows of: {@code connected} (from NodeGetInfo) first, then every other id in
     * {@code publishedNodeIds} (a volume's {@code published_node_ids}, csi.proto {@code
     * ListVolumesResponse.VolumeStatus}) as a node without topology or volume limit.
     *
     * @return an immutable list without duplicate node ids, in that order
     */
    public static List<NodeInfo> withPublished(Collection<NodeInfo> connected, Collection<String> publishedNodeIds) {
        List<NodeInfo> out = new ArrayList<>(connected);
        Set<String> known = new LinkedHashSet<>();
        for (NodeInfo n : connected) known.add(n.nodeId());
        for (String id : publishedNodeIds) {
            if (known.add(id)) out.add(new NodeInfo(id, 0, null));
        }
        return List.copyOf(out);
    }
}
