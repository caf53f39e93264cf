package org.csiconsole.core.model;

/** Replication role of one side of a pair, as changed by PromoteVolume / DemoteVolume (csi-addons-replication.md). */
public enum VolumeReplicationRole {
    PRIMARY,
    SECONDARY,
    /** A secondary being resynchronized from the primary (ResyncVolume answered {@code ready=false}). */
    RESYNCING,
    UNKNOWN
}
