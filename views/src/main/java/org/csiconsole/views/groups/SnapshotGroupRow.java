package org.csiconsole.views.groups;

import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.SnapshotGroup;

import java.util.Objects;

/**
 * One row of the snapshot groups view: a CSI group snapshot or a CSP snapshot group, with the
 * CSP replication status when the array reports it.
 *
 * @param group the group as a protocol-neutral record
 * @param volumeGroup the CSP volume group it was cut from, empty for CSI
 * @param replication CSP replication of the group, {@link SnapshotGroup.Replication#NONE} when none
 */
public record SnapshotGroupRow(GroupSnapshot group, String volumeGroup, SnapshotGroup.Replication replication) {
    public SnapshotGroupRow {
        Objects.requireNonNull(group, "group");
        volumeGroup = volumeGroup == null ? "" : volumeGroup;
        replication = replication == null ? SnapshotGroup.Replication.NONE : replication;
    }

    public String id() {
        return group.groupSnapshotId();
    }

    /** Identity of the row: ids of CSI group snapshots and CSP snapshot groups may coincide. */
    public String key() {
        return group.origin() + ":" + group.groupSnapshotId();
    }

    public String displayName() {
        return group.name().isEmpty() ? group.groupSnapshotId() : group.name();
    }

    /** Replication in words, e.g. {@code "In progress"}; empty when not replicated. */
    public String replicationText() {
        if (!replication.replicate()) return "";
        if (replication.complete()) return "Complete";
        return switch (replication.status()) {
            case FAIL -> "Failed";
            case IN_PROGRESS -> "In progress";
            case PENDING -> "Pending";
            case COMPLETE -> "Complete";
            case UNKNOWN -> "Replicating";
        };
    }
}
