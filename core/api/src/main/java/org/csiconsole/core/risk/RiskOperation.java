package org.csiconsole.core.risk;

import java.util.Locale;

/**
 * Every mutating operation and workflow the console can send or run, with the RPC (or CSP request) it
 * stands for. Force is not an operation of its own: it is {@link RiskRequest#force()}.
 */
public enum RiskOperation {
    /** CSI DeleteVolume (spec "DeleteVolume"); CSP {@code DELETE /containers/v1/volumes/{id}}. */
    DELETE_VOLUME("Delete", "volume", "csi.v1.Controller/DeleteVolume"),
    /** CSI DeleteSnapshot (spec "DeleteSnapshot"). */
    DELETE_SNAPSHOT("Delete", "snapshot", "csi.v1.Controller/DeleteSnapshot"),
    /** csi-addons DeleteVolumeGroup (volumegroup.proto). */
    DELETE_VOLUME_GROUP("Delete", "volume group", "volumegroup.Controller/DeleteVolumeGroup"),
    /** CSI DeleteVolumeGroupSnapshot (spec "DeleteVolumeGroupSnapshot"). */
    DELETE_GROUP_SNAPSHOT("Delete", "group snapshot", "csi.v1.GroupController/DeleteVolumeGroupSnapshot"),
    /** CSP {@code DELETE /containers/v1/hosts/{id}}. */
    DELETE_HOST("Delete", "host", "CSP DELETE /containers/v1/hosts/{id}"),
    /** CSP {@code POST /containers/v1/hosts}: registers a host (its initiators, networks and CHAP user). */
    CREATE_HOST("Create", "host", "CSP POST /containers/v1/hosts"),
    /**
     * CSP {@code PUT /containers/v1/volumes/{id}/actions/publish}: gives the request's host (its uuid) access to a volume
     * over an access protocol.
     */
    CSP_PUBLISH("Publish", "volume", "CSP PUT /containers/v1/volumes/{id}/actions/publish"),
    /** CSP {@code PUT /containers/v1/volumes/{id}/actions/unpublish}: takes the request's host's access away. */
    CSP_UNPUBLISH("Unpublish", "volume", "CSP PUT /containers/v1/volumes/{id}/actions/unpublish"),
    /** CSI ControllerUnpublishVolume (spec "ControllerUnpublishVolume"). */
    CONTROLLER_UNPUBLISH("Unpublish", "volume", "csi.v1.Controller/ControllerUnpublishVolume"),
    /**
     * CSI ControllerPublishVolume (spec "ControllerPublishVolume"): assessed on the request's node, with the access mode
     * sent ({@link RiskModel#ACCESS_MODE}).
     */
    CONTROLLER_PUBLISH("Publish", "volume", "csi.v1.Controller/ControllerPublishVolume"),
    /** CSI NodeUnpublishVolume (spec "NodeUnpublishVolume"). */
    NODE_UNPUBLISH("Unpublish on the node", "volume", "csi.v1.Node/NodeUnpublishVolume"),
    /** CSI NodeUnstageVolume (spec "NodeUnstageVolume"). */
    NODE_UNSTAGE("Unstage", "volume", "csi.v1.Node/NodeUnstageVolume"),
    /** CSI ControllerExpandVolume (spec "ControllerExpandVolume"): capacity cannot shrink again. */
    EXPAND("Expand", "volume", "csi.v1.Controller/ControllerExpandVolume"),
    /**
     * CSI NodeExpandVolume (spec "NodeExpandVolume"): the node's half of an expand, growing the file system
     * where the volume is published; assessed as an expand on the request's node.
     */
    NODE_EXPAND("Expand the file system of", "volume", "csi.v1.Node/NodeExpandVolume"),
    /** CSI ControllerModifyVolume (spec "ControllerModifyVolume"). */
    MODIFY("Modify", "volume", "csi.v1.Controller/ControllerModifyVolume"),
    /** csi-addons FenceClusterNetwork (fence.proto). */
    FENCE("Fence", "network", "fence.FenceController/FenceClusterNetwork"),
    /** csi-addons UnfenceClusterNetwork (fence.proto). */
    UNFENCE("Unfence", "network", "fence.FenceController/UnfenceClusterNetwork"),
    /** csi-addons EncryptionKeyRotate (encryptionkeyrotation.proto). */
    ROTATE_KEY("Rotate the encryption key of", "volume", "encryptionkeyrotation.EncryptionKeyRotationController/EncryptionKeyRotate"),
    /** csi-addons ControllerReclaimSpace / NodeReclaimSpace (reclaimspace.proto). */
    RECLAIM_SPACE("Reclaim space of", "volume", "reclaimspace.ReclaimSpaceController/ControllerReclaimSpace"),
    /** csi-addons EnableVolumeReplication (replication.proto). */
    ENABLE_REPLICATION("Enable replication of", "volume", "replication.Controller/EnableVolumeReplication"),
    /** csi-addons DisableVolumeReplication (replication.proto). */
    DISABLE_REPLICATION("Disable replication of", "volume", "replication.Controller/DisableVolumeReplication"),
    /** csi-addons PromoteVolume (replication.proto). */
    PROMOTE("Promote", "volume", "replication.Controller/PromoteVolume"),
    /** csi-addons DemoteVolume (replication.proto). */
    DEMOTE("Demote", "volume", "replication.Controller/DemoteVolume"),
    /** csi-addons ResyncVolume (replication.proto). */
    RESYNC("Resync", "volume", "replication.Controller/ResyncVolume"),
    /** Demote A, wait for a final sync, promote B. */
    PLANNED_FAILOVER("Planned failover of", "volume", "replication workflow"),
    /** Optionally fence A's clients, force-promote B. */
    UNPLANNED_FAILOVER("Unplanned failover of", "volume", "replication workflow"),
    /** Demote and resync the old primary, then a planned failover back. */
    FAILBACK("Failback of", "volume", "replication workflow"),
    /** Keep one side of a split brain, demote and resync the other. */
    SPLIT_BRAIN_RECOVERY("Recover from split brain", "volume", "replication workflow");

    private final String verb;
    private final String noun;
    private final String call;

    RiskOperation(String verb, String noun, String call) {
        this.verb = verb;
        this.noun = noun;
        this.call = call;
    }

    /** The operation in words, capitalised, without its target: {@code "Delete"}, {@code "Planned failover of"}. */
    public String verb() {
        return verb;
    }

    /** What it acts on by default, singular: {@code "volume"}, {@code "network"}. */
    public String noun() {
        return noun;
    }

    /** The RPC or request sent, e.g. {@code csi.v1.Controller/DeleteVolume}; {@code "replication workflow"} for a workflow. */
    public String call() {
        return call;
    }

    /** True for the csi-addons replication operations and workflows. */
    public boolean replication() {
        return ordinal() >= ENABLE_REPLICATION.ordinal();
    }

    /** True for the operations that can carry {@code force=true}: promote, demote, resync, unplanned failover. */
    public boolean forceable() {
        return this == PROMOTE || this == DEMOTE || this == RESYNC || this == UNPLANNED_FAILOVER;
    }

    /** The lower-case verb, for phrases: {@code "delete"}. */
    public String verbLower() {
        return verb.toLowerCase(Locale.ROOT);
    }

    /** The operation a replication workflow of {@code kind} is assessed as. */
    public static RiskOperation of(org.csiconsole.core.replication.WorkflowKind kind) {
        return switch (kind) {
            case ENABLE -> ENABLE_REPLICATION;
            case DISABLE -> DISABLE_REPLICATION;
            case PROMOTE -> PROMOTE;
            case DEMOTE -> DEMOTE;
            case RESYNC -> RESYNC;
            case PLANNED_FAILOVER -> PLANNED_FAILOVER;
            case UNPLANNED_FAILOVER -> UNPLANNED_FAILOVER;
            case FAILBACK -> FAILBACK;
            case SPLIT_BRAIN_RECOVERY -> SPLIT_BRAIN_RECOVERY;
        };
    }
}
