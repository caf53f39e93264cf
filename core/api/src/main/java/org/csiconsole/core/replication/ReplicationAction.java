package org.csiconsole.core.replication;

/**
 * One kind of step a replication workflow takes. Calls name their RPC ({@link #rpc()}); waits poll
 * a read until a condition holds.
 */
public enum ReplicationAction {
    /** EnableVolumeReplication. */
    ENABLE("replication.Controller/EnableVolumeReplication", true),
    /** DisableVolumeReplication. */
    DISABLE("replication.Controller/DisableVolumeReplication", true),
    /** PromoteVolume. */
    PROMOTE("replication.Controller/PromoteVolume", true),
    /** DemoteVolume. */
    DEMOTE("replication.Controller/DemoteVolume", true),
    /** ResyncVolume, polled until {@code ready}. */
    RESYNC("replication.Controller/ResyncVolume", true),
    /** FenceClusterNetwork of a site's client networks (csi-addons fence.proto). */
    FENCE("fence.FenceController/FenceClusterNetwork", true),
    /** GetVolumeReplicationInfo polled until a {@code last_sync_time} later than the demote: the final sync. */
    WAIT_FINAL_SYNC("replication.Controller/GetVolumeReplicationInfo", false),
    /** GetVolumeReplicationInfo polled until {@code status} is HEALTHY. */
    WAIT_HEALTHY("replication.Controller/GetVolumeReplicationInfo", false);

    private final String rpc;
    private final boolean mutating;

    ReplicationAction(String rpc, boolean mutating) {
        this.rpc = rpc;
        this.mutating = mutating;
    }

    /** The full gRPC method the step sends, e.g. {@code replication.Controller/PromoteVolume}. */
    public String rpc() {
        return rpc;
    }

    /** True for calls that change state (audited once each); false for the polled reads of a wait. */
    public boolean mutating() {
        return mutating;
    }
}
