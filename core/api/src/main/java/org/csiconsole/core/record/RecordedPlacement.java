package org.csiconsole.core.record;

import org.csiconsole.core.risk.Placement;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One placement this console's own successful call made and no later call of it undid: a
 * ControllerPublishVolume to a node, a NodeStageVolume at a staging path, a NodePublishVolume at a
 * target path (CSI spec, "Volume Lifecycle").
 *
 * @param volumeId the {@code volume_id}
 * @param step which step
 * @param nodeId the {@code node_id} (ControllerPublishVolume); empty for node calls, which name no node
 *     (they went to the connected node's socket)
 * @param path the {@code staging_target_path} or {@code target_path}; empty for a controller publish
 * @param publishContextKeys the keys of the {@code publish_context} the call carried or returned; never
 *     its values
 * @param at when the call started
 */
public record RecordedPlacement(String volumeId, Placement.Kind step, String nodeId, String path, List<String> publishContextKeys,
                                Instant at) {
    public RecordedPlacement {
        Objects.requireNonNull(volumeId, "volumeId");
        Objects.requireNonNull(step, "step");
        nodeId = nodeId == null ? "" : nodeId;
        path = path == null ? "" : path;
        publishContextKeys = publishContextKeys == null ? List.of() : List.copyOf(publishContextKeys);
        Objects.requireNonNull(at, "at");
    }

    /**
     * As a {@link Placement} known to this console.
     *
     * @param connectedNode the connected node socket's {@code node_id}, for node calls; empty when unknown
     */
    public Placement placement(String connectedNode) {
        String node = !nodeId.isEmpty() ? nodeId
                : connectedNode == null || connectedNode.isBlank() ? "the connected node" : connectedNode;
        return new Placement(node, step, path, Placement.Knowledge.CONSOLE, at);
    }

    /** What identifies this placement among a volume's: the step and its node or path. */
    public String slot() {
        return step.name() + "|" + (step == Placement.Kind.PUBLISHED ? nodeId : path);
    }
}
