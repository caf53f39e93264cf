package org.csiconsole.core.reference.array;

/**
 * A point-in-time snapshot of a volume.
 *
 * @param id              snapshot_id
 * @param name            CO-chosen name (idempotency key)
 * @param sourceVolumeId  the snapshotted volume
 * @param sizeBytes       size_bytes: the source capacity at snapshot time
 * @param readyToUse      ready_to_use
 * @param createdAtMs     creation_time, epoch milliseconds
 * @param groupSnapshotId the group snapshot this belongs to, or null
 * @param blockSeed       seed of the simulated changed-block pattern (SnapshotMetadata)
 * @param description     free text given at creation (CSP POST /snapshots {@code description}); empty when none,
 *                        and for snapshots stored before it existed
 */
public record SnapshotRecord(String id, String name, String sourceVolumeId, long sizeBytes, boolean readyToUse,
                             long createdAtMs, String groupSnapshotId, long blockSeed, String description) {
    public SnapshotRecord {
        description = description == null ? "" : description;
    }
}
