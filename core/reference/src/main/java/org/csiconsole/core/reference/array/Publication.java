package org.csiconsole.core.reference.array;

import java.util.Map;

/**
 * A controller publication (ControllerPublishVolume, CSP publish) of a volume to a node.
 *
 * @param volumeId       volume_id
 * @param nodeId         node_id of the host
 * @param readonly       published read-only
 * @param accessMode     CSI access mode name the publication was made with
 * @param publishContext publish_context handed to the node: lun, target IQN(s), discovery IPs, serial
 */
public record Publication(String volumeId, String nodeId, boolean readonly, String accessMode,
                          Map<String, String> publishContext) {
    public Publication {
        publishContext = Map.copyOf(publishContext);
    }

    String key() {
        return key(volumeId, nodeId);
    }

    static String key(String volumeId, String nodeId) {
        return volumeId + "|" + nodeId;
    }
}
