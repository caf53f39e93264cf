package org.csiconsole.core.model;

/** Replication health, the {@code status} of {@code GetVolumeReplicationInfoResponse} (csi-addons/spec main). */
public enum ReplicationHealth {
    UNKNOWN,
    HEALTHY,
    DEGRADED,
    ERROR
}
