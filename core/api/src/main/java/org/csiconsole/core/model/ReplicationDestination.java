package org.csiconsole.core.model;

import java.util.Map;

/**
 * Where a replicated volume or group lives on the peer (csi-addons replication,
 * {@code GetReplicationDestinationInfoResponse}, csi-addons/spec main).
 *
 * @param volumeId destination volume id, empty for a group
 * @param volumeGroupId destination group id, empty for a single volume
 * @param volumeIds for a group: source volume id to destination volume id; never null
 */
public record ReplicationDestination(String volumeId, String volumeGroupId, Map<String, String> volumeIds) {
    public ReplicationDestination {
        volumeId = volumeId == null ? "" : volumeId;
        volumeGroupId = volumeGroupId == null ? "" : volumeGroupId;
        volumeIds = volumeIds == null ? Map.of() : Map.copyOf(volumeIds);
    }
}
