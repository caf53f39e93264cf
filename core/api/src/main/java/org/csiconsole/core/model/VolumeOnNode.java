package org.csiconsole.core.model;

import java.util.List;
import java.util.Objects;

/**
 * What a storage knows of one volume on one node: whether ControllerPublishVolume to the node is
 * in effect, where NodeStageVolume staged it and where NodePublishVolume published it. CSI has no
 * call that reports stagings or node publications, so only a storage that keeps them itself (the
 * bundled reference plugin) can tell.
 *
 * @param nodeId the CSI {@code node_id}
 * @param controllerPublished true while a controller publication to the node exists
 * @param stagingTargetPaths the {@code staging_target_path}s the volume is staged at on the node; never null
 * @param targetPaths the {@code target_path}s it is published at on the node; never null
 */
public record VolumeOnNode(String nodeId, boolean controllerPublished, List<String> stagingTargetPaths, List<String> targetPaths) {
    public VolumeOnNode {
        Objects.requireNonNull(nodeId, "nodeId");
        stagingTargetPaths = stagingTargetPaths == null ? List.of() : List.copyOf(stagingTargetPaths);
        targetPaths = targetPaths == null ? List.of() : List.copyOf(targetPaths);
    }
}
