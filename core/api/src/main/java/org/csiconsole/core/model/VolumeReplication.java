package org.csiconsole.core.model;

import java.util.Objects;

/**
 * Replication state of one volume as the console shows it: this side's role and the pair's health
 * (csi-addons replication: role changed by PromoteVolume / DemoteVolume, health from
 * {@code GetVolumeReplicationInfo}; CSP: the volume group's replication partner).
 *
 * @param replicated true when the volume is part of a replication pair
 * @param role this side's role; {@link VolumeReplicationRole#UNKNOWN} when not reported
 * @param health the pair's health; {@link ReplicationHealth#UNKNOWN} when not reported
 * @param partner the partner array or cluster name, empty when unknown
 * @param message the plugin's status message, empty when none
 */
public record VolumeReplication(boolean replicated, VolumeReplicationRole role, ReplicationHealth health,
                                String partner, String message) {
    /** Not replicated, or nothing is known about replication. */
    public static final VolumeReplication NONE =
            new VolumeReplication(false, VolumeReplicationRole.UNKNOWN, ReplicationHealth.UNKNOWN, "", "");

    public VolumeReplication {
        role = Objects.requireNonNullElse(role, VolumeReplicationRole.UNKNOWN);
        health = Objects.requireNonNullElse(health, ReplicationHealth.UNKNOWN);
        partner = partner == null ? "" : partner;
        message = message == null ? "" : message;
    }

    /** A replicated volume with the given role and health. */
    public static VolumeReplication of(VolumeReplicationRole role, ReplicationHealth health) {
        return new VolumeReplication(true, role, health, "", "");
    }
}
