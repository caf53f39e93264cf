package org.csiconsole.core.call;

import java.time.Duration;

/**
 * Kinds of RPC, each with a default deadline per attempt. The CSI spec requires nothing about
 * deadlines; the defaults follow what sidecars use for each kind of work and are overridable in
 * {@link PolicySettings}.
 */
public enum CallKind {
    /** Identity calls, GetCapabilities, Probe, NodeGetInfo: 10 s. */
    PROBE(Duration.ofSeconds(10)),
    /** Reads of one object: ControllerGetVolume, GetSnapshot, GetCapacity, ValidateVolumeCapabilities, NodeGetVolumeStats: 30 s. */
    READ(Duration.ofSeconds(30)),
    /** One page of ListVolumes / ListSnapshots: 30 s. */
    LIST(Duration.ofSeconds(30)),
    /** Controller changes: create, delete, publish, expand, modify, snapshots, replication: 120 s. */
    MUTATE(Duration.ofSeconds(120)),
    /** Node changes (stage, publish, expand on the node: mounts and file system work): 120 s. */
    NODE(Duration.ofSeconds(120)),
    /** A whole server stream (SnapshotMetadata): 10 min. */
    STREAM(Duration.ofMinutes(10));

    private final Duration defaultDeadline;

    CallKind(Duration defaultDeadline) {
        this.defaultDeadline = defaultDeadline;
    }

    /** The deadline of one attempt when nothing overrides it. */
    public Duration defaultDeadline() {
        return defaultDeadline;
    }

    /** True for kinds that change state and therefore take the in-flight guard. */
    public boolean mutating() {
        return this == MUTATE || this == NODE;
    }
}
