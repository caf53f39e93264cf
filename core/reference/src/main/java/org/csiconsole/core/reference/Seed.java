package org.csiconsole.core.reference;

/** What a fresh state directory starts with. An existing state directory is never re-seeded. */
public enum Seed {
    /** Arrays site-a and site-b (replication partners) and a host for the plugin's own node; no volumes. */
    EMPTY,
    /**
     * The deterministic demo: arrays site-a and site-b, about 200 volumes in every state
     * (published, staged, snapshotted, cloned, grouped), replication pairs HEALTHY, DEGRADED,
     * ERROR, resyncing and one split-brain, hosts with iSCSI, FC and NVMe initiators.
     */
    DEMO
}
