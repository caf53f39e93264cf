package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Duration;
import java.time.Instant;

/**
 * One stored sample of a timeline.
 *
 * @param time when it was read (the sample's {@code readAt}, or its failed attempt)
 * @param role the side's role then
 * @param health the status then
 * @param rpoAge now − last_sync_time at {@code time}; null when unknown
 * @param lastSyncTime last_sync_time; null when unknown
 * @param lastSyncBytes last_sync_bytes; -1 when not reported
 * @param stale true when the read failed and the figures were the previous ones
 * @param message the status message or the failure, empty when none
 */
public record HistoryPoint(Instant time, VolumeReplicationRole role, ReplicationHealth health, Duration rpoAge,
                           Instant lastSyncTime, long lastSyncBytes, boolean stale, String message) {
}
