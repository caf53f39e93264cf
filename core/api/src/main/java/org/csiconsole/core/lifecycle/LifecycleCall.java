package org.csiconsole.core.lifecycle;

/**
 * The RPCs that label the edges of the CSI volume lifecycle figures (CSI spec v1.12, "Volume
 * Lifecycle"), with the service that serves each.
 */
public enum LifecycleCall {
    CREATE_VOLUME("CreateVolume", true),
    DELETE_VOLUME("DeleteVolume", true),
    CONTROLLER_PUBLISH_VOLUME("ControllerPublishVolume", true),
    CONTROLLER_UNPUBLISH_VOLUME("ControllerUnpublishVolume", true),
    VALIDATE_VOLUME_CAPABILITIES("ValidateVolumeCapabilities", true),
    NODE_STAGE_VOLUME("NodeStageVolume", false),
    NODE_UNSTAGE_VOLUME("NodeUnstageVolume", false),
    NODE_PUBLISH_VOLUME("NodePublishVolume", false),
    NODE_UNPUBLISH_VOLUME("NodeUnpublishVolume", false);

    private final String rpc;
    private final boolean controller;

    LifecycleCall(String rpc, boolean controller) {
        this.rpc = rpc;
        this.controller = controller;
    }

    /** The RPC's name in csi.proto, e.g. {@code "NodeStageVolume"}. */
    public String rpc() {
        return rpc;
    }

    /** True for a Controller service RPC, false for a Node service RPC (sent to the node's socket). */
    public boolean controller() {
        return controller;
    }

    /** The call whose csi.proto name is {@code rpc}, or null. */
    public static LifecycleCall byRpc(String rpc) {
        for (LifecycleCall c : values()) if (c.rpc.equals(rpc)) return c;
        return null;
    }
}
