package org.csiconsole.core.model;

/** Controller service capabilities (csi.proto {@code ControllerServiceCapability.RPC.Type}), same names. */
public enum ControllerCapability {
    CREATE_DELETE_VOLUME,
    PUBLISH_UNPUBLISH_VOLUME,
    LIST_VOLUMES,
    GET_CAPACITY,
    CREATE_DELETE_SNAPSHOT,
    LIST_SNAPSHOTS,
    CLONE_VOLUME,
    PUBLISH_READONLY,
    EXPAND_VOLUME,
    LIST_VOLUMES_PUBLISHED_NODES,
    VOLUME_CONDITION,
    GET_VOLUME,
    SINGLE_NODE_MULTI_WRITER,
    MODIFY_VOLUME,
    GET_SNAPSHOT
}
