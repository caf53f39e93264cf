package org.csiconsole.core.lifecycle;

import java.util.List;
import java.util.Objects;

/**
 * A volume's place in the lifecycle on one node.
 *
 * @param nodeId the CSI {@code node_id}
 * @param state where the volume is on the node
 * @param controllerPublished true when ControllerPublishVolume to the node is in effect
 * @param stagingTargetPath where NodeStageVolume staged it on the node; empty when not staged or not known
 * @param targetPaths the {@code target_path}s NodePublishVolume published it at; never null
 */
public record NodeState(String nodeId, VolumeState state, boolean controllerPublished, String stagingTargetPath,
                        List<String> targetPaths) {
    public NodeState {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(state, "state");
        stagingTargetPath = Objects.requireNonNullElse(stagingTargetPath, "");
        targetPaths = targetPaths == null ? List.of() : List.copyOf(targetPaths);
    }

    /** True when the node holds a staging of the volume. */
    public boolean staged() {
        return !stagingTargetPath.isEmpty() || state == VolumeState.VOL_READY;
    }
}
