package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Map;

/**
 * A volume group (csi-addons VolumeGroup, CSP volume_groups).
 *
 * @param id          volume_group_id
 * @param name        CO-chosen name (idempotency key)
 * @param array       array the members live on
 * @param description free text
 * @param parameters  opaque parameters
 * @param volumeIds   members in insertion order; a volume is in at most one group
 * @param createdAtMs creation time, epoch milliseconds
 */
public record VolumeGroupRecord(String id, String name, String array, String description,
                                Map<String, String> parameters, List<String> volumeIds, long createdAtMs) {
    public VolumeGroupRecord {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        volumeIds = volumeIds == null ? List.of() : List.copyOf(volumeIds);
        description = description == null ? "" : description;
    }
}
