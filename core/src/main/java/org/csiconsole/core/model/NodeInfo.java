package org.csiconsole.core.model;

import java.util.Objects;

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
}
