package org.csiconsole.core.reference.array;

/**
 * Replication state of one side of a pair at the model clock's "now" (csi-addons
 * GetVolumeReplicationInfo, CSP replication partners).
 *
 * @param pairId             the pair
 * @param group              pair of volume groups
 * @param id                 the side asked about (volume id or volume group id)
 * @param peerId             the other side
 * @param array              array of {@code id}
 * @param peerArray          array of {@code peerId}
 * @param role               role of {@code id}
 * @param peerRole           role of {@code peerId}
 * @param health             HEALTHY, DEGRADED or ERROR
 * @param message            why health is not HEALTHY, "" otherwise
 * @param resyncing          a resync is in progress (csi-addons ResyncVolume {@code ready} is its negation)
 * @param lastSyncTimeMs     last_sync_time, epoch milliseconds (0 = never)
 * @param lastSyncDurationMs last_sync_duration, milliseconds
 * @param lastSyncBytes      last_sync_bytes
 * @param intervalMs         schedule interval, milliseconds
 */
public record ReplicationStatus(String pairId, boolean group, String id, String peerId, String array, String peerArray,
                                ReplicationRole role, ReplicationRole peerRole, ReplicationHealthState health,
                                String message, boolean resyncing, long lastSyncTimeMs, long lastSyncDurationMs,
                                long lastSyncBytes, long intervalMs) {
}
