package org.csiconsole.core.model;

/**
 * Capabilities a csi-addons sidecar advertises (csi-addons identity {@code Capability}), one constant
 * per advertised type; names are the proto's type names prefixed by their group where needed.
 */
public enum AddonsCapability {
    CONTROLLER_SERVICE,
    NODE_SERVICE,
    RECLAIM_SPACE_OFFLINE,
    RECLAIM_SPACE_ONLINE,
    NETWORK_FENCE,
    GET_CLIENTS_TO_FENCE,
    VOLUME_REPLICATION,
    GET_REPLICATION_DESTINATION_INFO,
    VOLUME_GROUP,
    LIMIT_VOLUME_TO_ONE_VOLUME_GROUP,
    DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES,
    MODIFY_VOLUME_GROUP,
    GET_VOLUME_GROUP,
    LIST_VOLUME_GROUPS,
    ENCRYPTION_KEY_ROTATION
}
