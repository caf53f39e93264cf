package org.csiconsole.core.csi;

import com.google.protobuf.Descriptors;
import csi.v1.Csi;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.PluginCapability;

import java.util.Map;

/**
 * Every CSI v1.12 RPC the client makes, with the capability a plugin must advertise for it (null
 * when the RPC is always available) and whether the spec marks it alpha ({@code alpha_method} or
 * {@code alpha_service} in csi.proto, read from the descriptor). The UI uses this to gate actions.
 */
public enum CsiRpc {
    GET_PLUGIN_INFO("Identity", "GetPluginInfo", null),
    GET_PLUGIN_CAPABILITIES("Identity", "GetPluginCapabilities", null),
    PROBE("Identity", "Probe", null),
    CREATE_VOLUME("Controller", "CreateVolume", ControllerCapability.CREATE_DELETE_VOLUME),
    DELETE_VOLUME("Controller", "DeleteVolume", ControllerCapability.CREATE_DELETE_VOLUME),
    CONTROLLER_PUBLISH_VOLUME("Controller", "ControllerPublishVolume", ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
    CONTROLLER_UNPUBLISH_VOLUME("Controller", "ControllerUnpublishVolume", ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
    VALIDATE_VOLUME_CAPABILITIES("Controller", "ValidateVolumeCapabilities", null),
    LIST_VOLUMES("Controller", "ListVolumes", ControllerCapability.LIST_VOLUMES),
    GET_CAPACITY("Controller", "GetCapacity", ControllerCapability.GET_CAPACITY),
    CONTROLLER_GET_CAPABILITIES("Controller", "ControllerGetCapabilities", null),
    CREATE_SNAPSHOT("Controller", "CreateSnapshot", ControllerCapability.CREATE_DELETE_SNAPSHOT),
    DELETE_SNAPSHOT("Controller", "DeleteSnapshot", ControllerCapability.CREATE_DELETE_SNAPSHOT),
    LIST_SNAPSHOTS("Controller", "ListSnapshots", ControllerCapability.LIST_SNAPSHOTS),
    GET_SNAPSHOT("Controller", "GetSnapshot", ControllerCapability.GET_SNAPSHOT),
    CONTROLLER_EXPAND_VOLUME("Controller", "ControllerExpandVolume", ControllerCapability.EXPAND_VOLUME),
    CONTROLLER_GET_VOLUME("Controller", "ControllerGetVolume", ControllerCapability.GET_VOLUME),
    CONTROLLER_MODIFY_VOLUME("Controller", "ControllerModifyVolume", ControllerCapability.MODIFY_VOLUME),
    GROUP_CONTROLLER_GET_CAPABILITIES("GroupController", "GroupControllerGetCapabilities", null),
    CREATE_VOLUME_GROUP_SNAPSHOT("GroupController", "CreateVolumeGroupSnapshot", GroupControllerCapability.CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT),
    DELETE_VOLUME_GROUP_SNAPSHOT("GroupController", "DeleteVolumeGroupSnapshot", GroupControllerCapability.CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT),
    GET_VOLUME_GROUP_SNAPSHOT("GroupController", "GetVolumeGroupSnapshot", GroupControllerCapability.CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT),
    GET_METADATA_ALLOCATED("SnapshotMetadata", "GetMetadataAllocated", PluginCapability.SNAPSHOT_METADATA_SERVICE),
    GET_METADATA_DELTA("SnapshotMetadata", "GetMetadataDelta", PluginCapability.SNAPSHOT_METADATA_SERVICE),
    NODE_STAGE_VOLUME("Node", "NodeStageVolume", NodeCapability.STAGE_UNSTAGE_VOLUME),
    NODE_UNSTAGE_VOLUME("Node", "NodeUnstageVolume", NodeCapability.STAGE_UNSTAGE_VOLUME),
    NODE_PUBLISH_VOLUME("Node", "NodePublishVolume", null),
    NODE_UNPUBLISH_VOLUME("Node", "NodeUnpublishVolume", null),
    NODE_GET_VOLUME_STATS("Node", "NodeGetVolumeStats", NodeCapability.GET_VOLUME_STATS),
    NODE_EXPAND_VOLUME("Node", "NodeExpandVolume", NodeCapability.EXPAND_VOLUME),
    NODE_GET_CAPABILITIES("Node", "NodeGetCapabilities", null),
    NODE_GET_INFO("Node", "NodeGetInfo", null);

    private final String service;
    private final String method;
    private final Enum<?> capability;
    private final boolean alpha;

    CsiRpc(String service, String method, Enum<?> capability) {
        this.service = service;
        this.method = method;
        this.capability = capability;
        Descriptors.ServiceDescriptor s = Csi.getDescriptor().findServiceByName(service);
        Descriptors.MethodDescriptor m = s.findMethodByName(method);
        this.alpha = optionSet(s.getOptions().getAllFields(), "alpha_service")
                || optionSet(m.getOptions().getAllFields(), "alpha_method");
    }

    private static boolean optionSet(Map<Descriptors.FieldDescriptor, Object> options, String name) {
        for (Map.Entry<Descriptors.FieldDescriptor, Object> e : options.entrySet()) {
            if (e.getKey().isExtension() && e.getKey().getName().equals(name) && Boolean.TRUE.equals(e.getValue())) return true;
        }
        return false;
    }

    /** Service name within {@code csi.v1}, e.g. {@code Controller}. */
    public String service() {
        return service;
    }

    /** Bare method name, e.g. {@code CreateVolume}. */
    public String method() {
        return method;
    }

    /** Full gRPC method name, e.g. {@code csi.v1.Controller/CreateVolume}. */
    public String fullName() {
        return "csi.v1." + service + "/" + method;
    }

    /**
     * The capability that must be advertised: a {@link ControllerCapability}, {@link NodeCapability},
     * {@link GroupControllerCapability} or {@link PluginCapability}; null when none is needed.
     */
    public Enum<?> capability() {
        return capability;
    }

    /** True when csi.proto marks the RPC or its service alpha. */
    public boolean alpha() {
        return alpha;
    }

    /** True when this RPC is sent to the node connection. */
    public boolean node() {
        return service.equals("Node");
    }
}
