package org.csiconsole.core.model;

/** Node service capabilities (csi.proto {@code NodeServiceCapability.RPC.Type}), same names. */
public enum NodeCapability {
    STAGE_UNSTAGE_VOLUME,
    GET_VOLUME_STATS,
    EXPAND_VOLUME,
    VOLUME_CONDITION,
    SINGLE_NODE_MULTI_WRITER,
    VOLUME_MOUNT_GROUP
}
