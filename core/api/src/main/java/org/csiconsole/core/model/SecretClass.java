package org.csiconsole.core.model;

/**
 * Which credentials a call carries in its {@code secrets} field (the fields marked {@code csi_secret}
 * in csi.proto and the csi-addons protos). The classes are those a Kubernetes cluster keeps apart:
 * the StorageClass keys {@code csi.storage.k8s.io/<class>-secret-name} read by external-provisioner
 * (provisioner, controller-publish, node-stage, node-publish, controller-expand, node-expand), the
 * VolumeSnapshotClass keys of external-snapshotter (snapshotter) and of the group snapshotter, the
 * VolumeAttributesClass of external-resizer (controller-modify), and one class per csi-addons
 * service. Calls that share a class share a secret: DeleteVolume uses the provisioner secret that
 * CreateVolume used, ControllerUnpublishVolume the controller-publish secret.
 */
public enum SecretClass {
    /** CreateVolume, DeleteVolume, ValidateVolumeCapabilities ({@code csi.storage.k8s.io/provisioner-secret-*}). */
    PROVISIONER("provisioner", "create and delete volumes"),
    /** ControllerPublishVolume, ControllerUnpublishVolume ({@code controller-publish-secret-*}, read by external-attacher). */
    CONTROLLER_PUBLISH("controller-publish", "publish volumes to nodes and unpublish them"),
    /** NodeStageVolume ({@code node-stage-secret-*}, read by the kubelet). */
    NODE_STAGE("node-stage", "stage volumes on a node"),
    /** NodePublishVolume ({@code node-publish-secret-*}, read by the kubelet). */
    NODE_PUBLISH("node-publish", "publish volumes at a target path"),
    /** ControllerExpandVolume ({@code controller-expand-secret-*}, read by external-resizer). */
    CONTROLLER_EXPAND("controller-expand", "expand volumes"),
    /** ControllerModifyVolume ({@code controller-modify-secret-*}, read by external-resizer). */
    CONTROLLER_MODIFY("controller-modify", "modify volume parameters"),
    /** NodeExpandVolume ({@code node-expand-secret-*}, read by the kubelet). */
    NODE_EXPAND("node-expand", "expand file systems on a node"),
    /**
     * CreateSnapshot, DeleteSnapshot, ListSnapshots, GetSnapshot ({@code snapshotter-secret-*},
     * {@code snapshotter-list-secret-*}), and the SnapshotMetadata service's reads of a snapshot.
     */
    SNAPSHOTTER("snapshotter", "create, delete and list snapshots"),
    /** Create/Delete/GetVolumeGroupSnapshot ({@code groupsnapshotter-secret-*}). */
    GROUP_SNAPSHOTTER("groupsnapshotter", "create, delete and read group snapshots"),
    /** csi-addons replication.proto, every call ({@code replication.storage.openshift.io/replication-secret-*}). */
    REPLICATION("replication", "read and change volume replication"),
    /** csi-addons reclaimspace.proto, controller and node side. */
    RECLAIM_SPACE("reclaim-space", "reclaim space"),
    /** csi-addons fence.proto: fence, unfence, list fences, fence clients. */
    FENCE("fence", "fence networks and list fences"),
    /** csi-addons volumegroup.proto, every call. */
    VOLUME_GROUP("volume-group", "create, change, delete and list volume groups"),
    /** csi-addons encryptionkeyrotation.proto. */
    KEY_ROTATION("key-rotation", "rotate encryption keys");

    private final String label;
    private final String calls;

    SecretClass(String label, String calls) {
        this.label = label;
        this.calls = calls;
    }

    /** The class as Kubernetes and the command line name it, e.g. {@code "controller-publish"}. */
    public String label() {
        return label;
    }

    /** What the calls of this class do, as words, e.g. {@code "create and delete volumes"}. */
    public String calls() {
        return calls;
    }

    /** The class labelled {@code label} ({@link #label()}), ignoring case. */
    public static SecretClass ofLabel(String label) {
        for (SecretClass c : values()) {
            if (c.label.equalsIgnoreCase(label == null ? "" : label.strip())) return c;
        }
        throw new IllegalArgumentException("no secret class is named \"" + label + "\"");
    }
}
