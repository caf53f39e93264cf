package org.csiconsole.core.risk;

import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.lifecycle.TraceCalls;
import org.csiconsole.core.risk.Placement.Knowledge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this console itself did to a volume on nodes, read back from its call trace, the same source
 * the Lifecycle view's evidence uses ({@link TraceCalls}): each successful ControllerPublishVolume,
 * NodeStageVolume and NodePublishVolume not undone by a later successful reverse call (or a
 * DeleteVolume), with its node and path. Node calls went to the connected node's socket, so their node
 * is the connected node.
 */
public final class ConsoleRecord {
    private ConsoleRecord() {
    }

    /**
     * @param trace the calls this console made, oldest first
     * @param volumeId the {@code volume_id}
     * @param connectedNode the {@code node_id} of the connected node socket (NodeGetInfo); empty when
     *     unknown, then node placements name "the connected node"
     * @return the placements in effect, in the order they were made, each {@link Knowledge#CONSOLE}
     */
    public static List<Placement> placements(List<TraceEntry> trace, String volumeId, String connectedNode) {
        String node = connectedNode == null || connectedNode.isBlank() ? "the connected node" : connectedNode;
        Map<String, Placement> live = new LinkedHashMap<>();
        for (TraceCalls.TracedCall c : TraceCalls.of(trace, volumeId)) {
            if (!c.ok()) continue;
            switch (c.call()) {
                case CONTROLLER_PUBLISH_VOLUME -> {
                    if (!c.nodeId().isEmpty()) live.put("p|" + c.nodeId(), new Placement(c.nodeId(), Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, c.at()));
                }
                case CONTROLLER_UNPUBLISH_VOLUME -> {
                    if (c.nodeId().isEmpty()) live.keySet().removeIf(k -> k.startsWith("p|"));
                    else live.remove("p|" + c.nodeId());
                }
                case NODE_STAGE_VOLUME -> live.put("s|" + c.stagingTargetPath(),
                        new Placement(node, Placement.Kind.STAGED, c.stagingTargetPath(), Knowledge.CONSOLE, c.at()));
                case NODE_UNSTAGE_VOLUME -> live.remove("s|" + c.stagingTargetPath());
                case NODE_PUBLISH_VOLUME -> live.put("t|" + c.targetPath(),
                        new Placement(node, Placement.Kind.NODE_PUBLISHED, c.targetPath(), Knowledge.CONSOLE, c.at()));
                case NODE_UNPUBLISH_VOLUME -> live.remove("t|" + c.targetPath());
                case DELETE_VOLUME -> live.clear();
                default -> {
                }
            }
        }
        return List.copyOf(live.values());
    }
}
