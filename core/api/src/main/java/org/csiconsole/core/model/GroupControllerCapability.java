package org.csiconsole.core.model;

/** Group controller capabilities (csi.proto {@code GroupControllerServiceCapability.RPC.Type}), same names. */
public enum GroupControllerCapability {
    CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT
}
