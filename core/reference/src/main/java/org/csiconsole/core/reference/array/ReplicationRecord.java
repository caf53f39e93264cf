package org.csiconsole.core.reference.array;

import java.util.Map;

/**
 * A replication pair as stored: one local volume (or volume group) on its array and its replica on
 * the partner array. The sync schedule is not stored tick by tick: {@link Replications#of}
 * derives last_sync_time etc. from {@code anchorMs} and the injected clock.
 *
 * @param id              pair id (equal to {@code localId})
 * @param group           true when the pair replicates a volume group
 * @param localId         the volume or volume group the pair was enabled on
 * @param remoteId        the replica (volume or volume group) on the partner array
 * @param localArray      array of localId
 * @param remoteArray     array of remoteId
 * @param localRole       role of localId
 * @param remoteRole      role of remoteId
 * @param intervalMs      sync schedule interval in milliseconds
 * @param anchorMs        a sync happened at this instant; later syncs every intervalMs while the link is up
 * @param linkDown        replication link down fault: health DEGRADED, sync frozen
 * @param frozenSyncMs    last_sync_time frozen while the link is down or in split-brain (0 = not frozen)
 * @param frozenDurationMs last_sync_duration frozen with it, milliseconds
 * @param frozenBytes     last_sync_bytes frozen with it
 * @param resyncUntilMs   resync in progress until this instant (0 = not resyncing)
 * @param errorMessage    array-reported error (health ERROR), "" when none
 * @param parameters      EnableVolumeReplication parameters
 * @param enabledAtMs     when replication was enabled
 */
public record ReplicationRecord(String id, boolean group, String localId, String remoteId, String localArray,
                                String remoteArray, ReplicationRole localRole, ReplicationRole remoteRole,
                                long intervalMs, long anchorMs, boolean linkDown, long frozenSyncMs,
                                long frozenDurationMs, long frozenBytes, long resyncUntilMs, String errorMessage,
                                Map<String, String> parameters, long enabledAtMs) {
    public ReplicationRecord {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        errorMessage = errorMessage == null ? "" : errorMessage;
    }

    /** Role of the given side (localId or remoteId). */
    public ReplicationRole roleOf(String sideId) {
        return sideId.equals(localId) ? localRole : remoteRole;
    }

    /** The other side's id. */
    public String peerOf(String sideId) {
        return sideId.equals(localId) ? remoteId : localId;
    }

    boolean splitBrain() {
        return localRole == ReplicationRole.PRIMARY && remoteRole == ReplicationRole.PRIMARY;
    }

    ReplicationRecord withRoles(ReplicationRole local, ReplicationRole remote) {
        return new ReplicationRecord(id, group, localId, remoteId, localArray, remoteArray, local, remote, intervalMs,
                anchorMs, linkDown, frozenSyncMs, frozenDurationMs, frozenBytes, resyncUntilMs, errorMessage,
                parameters, enabledAtMs);
    }

    ReplicationRecord withLink(boolean down, long anchor, long fSync, long fDur, long fBytes) {
        return new ReplicationRecord(id, group, localId, remoteId, localArray, remoteArray, localRole, remoteRole,
                intervalMs, anchor, down, fSync, fDur, fBytes, resyncUntilMs, errorMessage, parameters, enabledAtMs);
    }

    ReplicationRecord withResync(long until, long anchor) {
        return new ReplicationRecord(id, group, localId, remoteId, localArray, remoteArray, localRole, remoteRole,
                intervalMs, anchor, linkDown, frozenSyncMs, frozenDurationMs, frozenBytes, until, errorMessage,
                parameters, enabledAtMs);
    }

    ReplicationRecord withInterval(long ms) {
        return new ReplicationRecord(id, group, localId, remoteId, localArray, remoteArray, localRole, remoteRole,
                ms, anchorMs, linkDown, frozenSyncMs, frozenDurationMs, frozenBytes, resyncUntilMs, errorMessage,
                parameters, enabledAtMs);
    }

    ReplicationRecord withError(String message) {
        return new ReplicationRecord(id, group, localId, remoteId, localArray, remoteArray, localRole, remoteRole,
                intervalMs, anchorMs, linkDown, frozenSyncMs, frozenDurationMs, frozenBytes, resyncUntilMs, message,
                parameters, enabledAtMs);
    }
}
