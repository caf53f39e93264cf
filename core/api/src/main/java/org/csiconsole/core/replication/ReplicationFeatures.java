package org.csiconsole.core.replication;

/**
 * What replication a connection offers (csi-addons identity.proto
 * {@code Capability.VolumeReplication}; CSP {@code /replication_partners}).
 *
 * @param replication VOLUME_REPLICATION: enable, disable, promote, demote, resync, GetVolumeReplicationInfo
 * @param destinationInfo GET_REPLICATION_DESTINATION_INFO: GetReplicationDestinationInfo
 * @param cspPartners a CSP array answers {@code /replication_partners} and snapshot groups
 * @param reason why replication calls are unavailable, in words for a tooltip; empty when {@code replication}
 */
public record ReplicationFeatures(boolean replication, boolean destinationInfo, boolean cspPartners, String reason) {
    /** Nothing offered. */
    public static final ReplicationFeatures NONE = new ReplicationFeatures(false, false, false,
            "This connection has no csi-addons endpoint advertising VolumeReplication.VOLUME_REPLICATION.");

    public ReplicationFeatures {
        reason = reason == null ? "" : reason;
    }
}
