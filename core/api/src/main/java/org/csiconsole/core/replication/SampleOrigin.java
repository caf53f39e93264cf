package org.csiconsole.core.replication;

/** Where a replication sample's figures came from. */
public enum SampleOrigin {
    /** csi-addons GetVolumeReplicationInfo (and GetReplicationDestinationInfo for the partner). */
    CSI_ADDONS,
    /** A CSP array's replication partner ({@code GET /replication_partners}: {@code repl_role}, {@code is_alive}). */
    CSP_PARTNER,
    /**
     * A CSP volume group's newest replicated snapshot group ({@code GET /snapshot_groups}: {@code repl_status},
     * {@code repl_start_time}, {@code repl_complete_time}).
     */
    CSP_SNAPSHOT_GROUP,
    /** Only what a listing reported (CSI {@code volume_context}, CSP {@code config}); no replication call answered. */
    LISTING
}
