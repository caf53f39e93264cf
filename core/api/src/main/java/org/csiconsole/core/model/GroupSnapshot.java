package org.csiconsole.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A group snapshot (csi.proto {@code VolumeGroupSnapshot}, GroupController service; CSP
 * {@code snapshot_groups}).
 *
 * @param groupSnapshotId CSI {@code group_snapshot_id} or CSP snapshot group id
 * @param name name, empty when unknown
 * @param snapshots the member snapshots
 * @param creationTime when it was cut; null when unknown
 * @param readyToUse true when every member is ready
 * @param origin which protocol this record came from
 */
public record GroupSnapshot(
        String groupSnapshotId,
        String name,
        List<Snapshot> snapshots,
        Instant creationTime,
        boolean readyToUse,
        Origin origin) {

    public GroupSnapshot {
        Objects.requireNonNull(groupSnapshotId, "groupSnapshotId");
        name = name == null ? "" : name;
        snapshots = snapshots == null ? List.of() : List.copyOf(snapshots);
        Objects.requireNonNull(origin, "origin");
    }
}
