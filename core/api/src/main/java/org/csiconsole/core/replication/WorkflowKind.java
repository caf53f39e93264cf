package org.csiconsole.core.replication;

/** The operations and guided workflows of the one replication workflow engine ({@link ReplicationWorkflows}). */
public enum WorkflowKind {
    /** EnableVolumeReplication on each item (one site). */
    ENABLE("Enable replication", false),
    /** DisableVolumeReplication on each item (one site). */
    DISABLE("Disable replication", false),
    /** PromoteVolume on each item (one site); force only with a typed confirmation per item. */
    PROMOTE("Promote", false),
    /** DemoteVolume on each item (one site). */
    DEMOTE("Demote", false),
    /** ResyncVolume on each item, polled until ready (one site). */
    RESYNC("Resync", false),
    /** Demote A, wait for a final sync later than the demote, promote B. */
    PLANNED_FAILOVER("Planned failover", true),
    /** Optionally fence site A's clients, force-promote B; the data-loss window is stated from the last sync. */
    UNPLANNED_FAILOVER("Unplanned failover", true),
    /** Demote and resync the old primary (A), wait until healthy, then a planned failover back from B to A. */
    FAILBACK("Failback", true),
    /** Keep the survivor (A), demote the other side (B), resync it, wait until healthy. */
    SPLIT_BRAIN_RECOVERY("Split-brain recovery", true);

    private final String words;
    private final boolean twoSites;

    WorkflowKind(String words, boolean twoSites) {
        this.words = words;
        this.twoSites = twoSites;
    }

    public String words() {
        return words;
    }

    /** True when the workflow acts on both sites of a pair (site A and site B). */
    public boolean twoSites() {
        return twoSites;
    }
}
