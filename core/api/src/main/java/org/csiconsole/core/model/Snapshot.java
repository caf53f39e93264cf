package org.csiconsole.core.model;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A snapshot (csi.proto {@code Snapshot}; CSP {@code snapshots} object).
 *
 * @param snapshotId CSI {@code snapshot_id} or CSP {@code id}
 * @param name CSI create name or CSP {@code name}; empty when unknown
 * @param sourceVolumeId the volume this snapshot was taken of
 * @param sizeBytes size in bytes; 0 when unknown
 * @param creationTime when the snapshot was cut; null when unknown
 * @param readyToUse true when the snapshot can be used as a volume content source
 * @param groupSnapshotId id of the group snapshot it belongs to, empty when none
 * @param origin which protocol this record came from
 * @param properties other attributes for display; never null
 */
public record Snapshot(
        String snapshotId,
        String name,
        String sourceVolumeId,
        long sizeBytes,
        Instant creationTime,
        boolean readyToUse,
        String groupSnapshotId,
        Origin origin,
        Map<String, String> properties) {

    public Snapshot {
        Objects.requireNonNull(snapshotId, "snapshotId");
        name = name == null ? "" : name;
        sourceVolumeId = sourceVolumeId == null ? "" : sourceVolumeId;
        groupSnapshotId = groupSnapshotId == null ? "" : groupSnapshotId;
        Objects.requireNonNull(origin, "origin");
        properties = properties == null ? Map.of() : Map.copyOf(properties);
    }
}
