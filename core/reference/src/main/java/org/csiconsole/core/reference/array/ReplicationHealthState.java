package org.csiconsole.core.reference.array;

/** Health of a replication pair as the array reports it. */
public enum ReplicationHealthState {
    /** Link up, one primary, syncs happen on schedule. */
    HEALTHY,
    /** Link down (sync frozen), resync in progress, or no primary. */
    DEGRADED,
    /** Split-brain (both sides primary) or an array-reported error. */
    ERROR
}
