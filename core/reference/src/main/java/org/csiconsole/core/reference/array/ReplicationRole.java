package org.csiconsole.core.reference.array;

/** Replication role of one side of a pair (csi-addons Replication: promote makes PRIMARY, demote SECONDARY). */
public enum ReplicationRole {
    PRIMARY,
    SECONDARY
}
