package org.csiconsole.core.model;

import java.time.Duration;
import java.time.Instant;

/**
 * Replication state of a volume or group (csi-addons {@code GetVolumeReplicationInfoResponse}).
 *
 * @param lastSyncTime end of the last successful sync; null when never synced or not reported
 * @param lastSyncDuration how long the last sync took; null when not reported
 * @param lastSyncBytes bytes moved by the last sync; -1 when not reported
 * @param health the reported status
 * @param statusMessage the plugin's message for the status, empty when none
 */
public record ReplicationInfo(
        Instant lastSyncTime,
        Duration lastSyncDuration,
        long lastSyncBytes,
        ReplicationHealth health,
        String statusMessage) {
    public ReplicationInfo {
        health = health == null ? ReplicationHealth.UNKNOWN : health;
        statusMessage = statusMessage == null ? "" : statusMessage;
    }

    // Written out, not left to the record: see org.csiconsole.core.replication.ReplicatedItem's.
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        return o instanceof ReplicationInfo r && lastSyncBytes == r.lastSyncBytes && health == r.health
                && java.util.Objects.equals(lastSyncTime, r.lastSyncTime) && java.util.Objects.equals(lastSyncDuration, r.lastSyncDuration)
                && statusMessage.equals(r.statusMessage);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(lastSyncTime, lastSyncDuration, lastSyncBytes, health, statusMessage);
    }
}
