package org.csiconsole.core.reference.array;

import java.util.List;

/**
 * A group snapshot (CSI GroupController, CSP snapshot_groups): one snapshot per source volume,
 * taken at the same instant.
 *
 * @param id              group_snapshot_id
 * @param name            CO-chosen name (idempotency key)
 * @param sourceVolumeIds the volumes snapshotted, sorted
 * @param snapshotIds     member snapshot ids, in the order of sourceVolumeIds
 * @param volumeGroupId   the volume group it was taken from, or null
 * @param createdAtMs     creation_time, epoch milliseconds
 * @param readyToUse      ready_to_use
 */
public record GroupSnapshotRecord(String id, String name, List<String> sourceVolumeIds, List<String> snapshotIds,
                                  String volumeGroupId, long createdAtMs, boolean readyToUse) {
    public GroupSnapshotRecord {
        sourceVolumeIds = List.copyOf(sourceVolumeIds);
        snapshotIds = List.copyOf(snapshotIds);
    }
}
