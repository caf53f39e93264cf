package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Duration;

/**
 * One replication pair of a simulated storage, for a faults panel.
 *
 * @param group true for a pair of volume groups
 * @param localId the side replication was enabled on
 * @param remoteId its replica
 * @param localArray array of {@code localId}
 * @param remoteArray array of {@code remoteId}
 * @param localRole role of {@code localId}
 * @param remoteRole role of {@code remoteId}
 * @param health the pair's health now
 * @param message the status message now, empty when healthy
 * @param schedulingInterval sync interval
 * @param linkDown whether the pair's replication link is down
 * @param resyncProgress percent done (0..100) while a resync runs, -1 otherwise
 */
public record SimulatedPair(boolean group, String localId, String remoteId, String localArray, String remoteArray,
                            VolumeReplicationRole localRole, VolumeReplicationRole remoteRole, ReplicationHealth health,
                            String message, Duration schedulingInterval, boolean linkDown, int resyncProgress) {
}
