package org.csiconsole.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A volume as one protocol reports it. CSI fills it from {@code csi.v1.Volume} (plus
 * {@code ListVolumesResponse.VolumeStatus} / {@code ControllerGetVolumeResponse}); CSP from the
 * {@code volumes} object of hpe-csp-rest-spec.md.
 *
 * @param volumeId the CSI {@code volume_id} or the CSP volume {@code id}; never empty
 * @param name the CSI create name or CSP {@code name}; empty when the protocol does not report it
 * @param capacityBytes capacity in bytes; 0 when unknown
 * @param source content source (snapshot or clone), {@link VolumeSource#NONE} when none
 * @param capabilities known capabilities (access type and modes); may be empty when not reported
 * @param parameters create parameters (CSI {@code parameters}, CSP {@code config}); never null
 * @param volumeContext CSI {@code volume_context}; never null
 * @param accessibleTopology CSI {@code accessible_topology}; never null
 * @param publishedNodeIds CSI {@code published_node_ids} or CSP published hosts; never null
 * @param condition CSI volume condition, {@link VolumeCondition#NORMAL} when not reported
 * @param groupId volume group id (CSP {@code volume_group_id}), empty when none
 * @param origin which protocol this record came from
 * @param properties other protocol-specific attributes for display (e.g. CSP {@code description},
 *     {@code published}, the yes/no flag the CSP reports instead of host ids); never null
 * @param replication replication role and health (csi-addons replication), {@link VolumeReplication#NONE}
 *     when the volume is not replicated or it is not known
 */
public record Volume(
        String volumeId,
        String name,
        long capacityBytes,
        VolumeSource source,
        List<VolumeCapability> capabilities,
        Map<String, String> parameters,
        Map<String, String> volumeContext,
        List<Topology> accessibleTopology,
        List<String> publishedNodeIds,
        VolumeCondition condition,
        String groupId,
        Origin origin,
        Map<String, String> properties,
        VolumeReplication replication) {

    public Volume {
        Objects.requireNonNull(volumeId, "volumeId");
        name = name == null ? "" : name;
        source = source == null ? VolumeSource.NONE : source;
        capabilities = capabilities == null ? List.of() : List.copyOf(capabilities);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        volumeContext = volumeContext == null ? Map.of() : Map.copyOf(volumeContext);
        accessibleTopology = accessibleTopology == null ? List.of() : List.copyOf(accessibleTopology);
        publishedNodeIds = publishedNodeIds == null ? List.of() : List.copyOf(publishedNodeIds);
        condition = condition == null ? VolumeCondition.NORMAL : condition;
        groupId = groupId == null ? "" : groupId;
        Objects.requireNonNull(origin, "origin");
        properties = properties == null ? Map.of() : Map.copyOf(properties);
        replication = replication == null ? VolumeReplication.NONE : replication;
    }

    /** A volume without replication information ({@link VolumeReplication#NONE}). */
    public Volume(String volumeId, String name, long capacityBytes, VolumeSource source,
                  List<VolumeCapability> capabilities, Map<String, String> parameters,
                  Map<String, String> volumeContext, List<Topology> accessibleTopology,
                  List<String> publishedNodeIds, VolumeCondition condition, String groupId, Origin origin,
                  Map<String, String> properties) {
        this(volumeId, name, capacityBytes, source, capabilities, parameters, volumeContext, accessibleTopology,
                publishedNodeIds, condition, groupId, origin, properties, VolumeReplication.NONE);
    }

    /** This volume with {@code replication} instead of its current replication state. */
    public Volume withReplication(VolumeReplication replication) {
        return new Volume(volumeId, name, capacityBytes, source, capabilities, parameters, volumeContext,
                accessibleTopology, publishedNodeIds, condition, groupId, origin, properties, replication);
    }

    /** This volume with another origin, e.g. {@link Origin#BOTH} once a CSI and a CSP record were correlated. */
    public Volume withOrigin(Origin origin) {
        return new Volume(volumeId, name, capacityBytes, source, capabilities, parameters, volumeContext,
                accessibleTopology, publishedNodeIds, condition, groupId, origin, properties, replication);
    }

    /**
     * This volume as read again, with what the new read does not report taken from
     * {@code earlier}: the name, capabilities and parameters, which a CSI {@code Volume} of
     * ControllerGetVolume does not carry (csi.proto {@code Volume} has none of them) while a listing
     * or the create reply gave them. What the new read reports wins.
     */
    public Volume keepingUnreported(Volume earlier) {
        if (earlier == null || !earlier.volumeId.equals(volumeId)) return this;
        return new Volume(volumeId, name.isEmpty() ? earlier.name : name, capacityBytes, source,
                capabilities.isEmpty() ? earlier.capabilities : capabilities,
                parameters.isEmpty() ? earlier.parameters : parameters, volumeContext, accessibleTopology,
                publishedNodeIds, condition, groupId, origin, properties, replication);
    }

    /** A minimal CSI volume: id and capacity only. */
    public static Volume csi(String volumeId, long capacityBytes) {
        return new Volume(volumeId, "", capacityBytes, null, null, null, null, null, null, null, null,
                Origin.CSI, null);
    }

    /** The display name: the name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? volumeId : name;
    }

    /**
     * True when at least one node or host has the volume published: a CSI volume with published
     * node ids, or a CSP volume whose {@code published} flag is true.
     */
    public boolean published() {
        return !publishedNodeIds.isEmpty() || "true".equals(properties.get("published"));
    }
}
