package org.csiconsole.core.port;

/**
 * Something a connection may or may not offer. Each maps to what the storage must advertise: a
 * CSI capability (csi.proto {@code ControllerServiceCapability}, {@code NodeServiceCapability},
 * {@code GroupControllerServiceCapability}, {@code PluginCapability}), a connected node socket, a
 * CSP array, or a csi-addons endpoint. {@link Features#from} derives the usual mapping.
 */
public enum Feature {
    /** ListVolumes (CSI LIST_VOLUMES) or the CSP {@code GET /volumes}. */
    LIST_VOLUMES("list volumes"),
    /** ControllerGetVolume of one volume by its volume_id (GET_VOLUME) or CSP {@code GET /volumes/{id}}. */
    GET_VOLUME("read a volume by its id"),
    /** CreateVolume (CREATE_DELETE_VOLUME) or CSP {@code POST /volumes}. */
    CREATE_VOLUME("create volumes"),
    /** DeleteVolume (CREATE_DELETE_VOLUME) or CSP {@code DELETE /volumes/{id}}. */
    DELETE_VOLUME("delete volumes"),
    /** ControllerExpandVolume (EXPAND_VOLUME) or CSP volume resize. */
    EXPAND_VOLUME("expand volumes"),
    /** ControllerModifyVolume (MODIFY_VOLUME). */
    MODIFY_VOLUME("modify volume parameters"),
    /** CreateVolume from another volume (CLONE_VOLUME). */
    CLONE_VOLUME("clone volumes"),
    /** ControllerPublishVolume / ControllerUnpublishVolume (PUBLISH_UNPUBLISH_VOLUME). */
    CONTROLLER_PUBLISH("publish volumes to nodes"),
    /**
     * ValidateVolumeCapabilities: every CSI controller service answers it (CSI spec,
     * "ValidateVolumeCapabilities"; no capability gates it), so a CSI plugin with a controller service.
     */
    VALIDATE_CAPABILITIES("validate volume capabilities"),
    /** NodeStageVolume / NodeUnstageVolume: a node socket with STAGE_UNSTAGE_VOLUME. */
    NODE_STAGE("stage volumes on this node"),
    /** NodePublishVolume / NodeUnpublishVolume: a connected node socket. */
    NODE_PUBLISH("publish volumes on this node"),
    /** NodeExpandVolume: a node socket with EXPAND_VOLUME (NodeGetCapabilities). */
    NODE_EXPAND("expand volumes on this node"),
    /** NodeGetInfo: a connected node socket. */
    NODE_INFO("read node information"),
    /** ListSnapshots (LIST_SNAPSHOTS) or CSP {@code GET /snapshots}. */
    LIST_SNAPSHOTS("list snapshots"),
    /** CreateSnapshot / DeleteSnapshot (CREATE_DELETE_SNAPSHOT) or CSP snapshots. */
    CREATE_DELETE_SNAPSHOT("create and delete snapshots"),
    /** CreateVolume with a snapshot content source (CREATE_DELETE_SNAPSHOT and CREATE_DELETE_VOLUME). */
    CLONE_FROM_SNAPSHOT("create volumes from snapshots"),
    /** Create/Delete/GetVolumeGroupSnapshot (GroupController CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT) or CSP snapshot groups. */
    GROUP_SNAPSHOTS("create and delete group snapshots"),
    /** GetCapacity (GET_CAPACITY). */
    CAPACITY("report capacity"),
    /** CSP volume groups, or csi-addons ListVolumeGroups (VolumeGroup LIST_VOLUME_GROUPS). */
    VOLUME_GROUPS("list volume groups"),
    /** csi-addons CreateVolumeGroup and DeleteVolumeGroup (VolumeGroup VOLUME_GROUP). */
    MANAGE_VOLUME_GROUPS("create and delete volume groups"),
    /** csi-addons ModifyVolumeGroupMembership (VolumeGroup MODIFY_VOLUME_GROUP). */
    MODIFY_VOLUME_GROUP("change volume group members"),
    /** CSP hosts: list, create, delete. */
    CSP_HOSTS("manage CSP hosts"),
    /** CSP publish / unpublish of a volume to a host with an access protocol. */
    CSP_PUBLISH("publish volumes to CSP hosts"),
    /** csi-addons identity and capabilities. */
    ADDONS("csi-addons"),
    /** csi-addons FenceClusterNetwork, UnfenceClusterNetwork and ListClusterFence (NetworkFence.NETWORK_FENCE). */
    NETWORK_FENCE("fence client networks"),
    /**
     * csi-addons ListClusterFence (NetworkFence.NETWORK_FENCE, which has no capability of its own for
     * the listing): apart from {@link #NETWORK_FENCE} so that a saved report can list what it read
     * while fencing stays unavailable.
     */
    LIST_FENCES("list fenced networks"),
    /** csi-addons GetFenceClients (NetworkFence.GET_CLIENTS_TO_FENCE). */
    GET_CLIENTS_TO_FENCE("report the clients to fence"),
    /** csi-addons ControllerReclaimSpace (ReclaimSpace.OFFLINE on the controller-side endpoint). */
    RECLAIM_SPACE("reclaim space"),
    /** csi-addons NodeReclaimSpace (ReclaimSpace.ONLINE on the node-side endpoint). */
    NODE_RECLAIM_SPACE("reclaim space on the node"),
    /** csi-addons EncryptionKeyRotate (EncryptionKeyRotation.ENCRYPTIONKEYROTATION on the node-side endpoint). */
    ROTATE_ENCRYPTION_KEY("rotate encryption keys");

    private final String words;

    Feature(String words) {
        this.words = words;
    }

    /** The feature in words, e.g. {@code "expand volumes"}. */
    public String words() {
        return words;
    }
}
