package org.csiconsole.core.model;

/**
 * Access modes of {@code csi.v1.VolumeCapability.AccessMode.Mode}, with the same names as the
 * proto enum so mapping is by name.
 */
public enum AccessMode {
    UNKNOWN,
    SINGLE_NODE_WRITER,
    SINGLE_NODE_READER_ONLY,
    MULTI_NODE_READER_ONLY,
    MULTI_NODE_SINGLE_WRITER,
    MULTI_NODE_MULTI_WRITER,
    SINGLE_NODE_SINGLE_WRITER,
    SINGLE_NODE_MULTI_WRITER;

    /** True for modes that allow at most one node to write (the single-writer rules of the CSI spec). */
    public boolean singleNode() {
        return this == SINGLE_NODE_WRITER || this == SINGLE_NODE_READER_ONLY
                || this == SINGLE_NODE_SINGLE_WRITER || this == SINGLE_NODE_MULTI_WRITER;
    }

    /** True for modes that do not allow any write. */
    public boolean readOnly() {
        return this == SINGLE_NODE_READER_ONLY || this == MULTI_NODE_READER_ONLY;
    }
}
