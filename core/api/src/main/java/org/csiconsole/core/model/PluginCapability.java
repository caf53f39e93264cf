package org.csiconsole.core.model;

/**
 * Plugin capabilities (csi.proto {@code PluginCapability.Service.Type} and
 * {@code PluginCapability.VolumeExpansion.Type}, the latter prefixed {@code VOLUME_EXPANSION_}).
 */
public enum PluginCapability {
    CONTROLLER_SERVICE,
    VOLUME_ACCESSIBILITY_CONSTRAINTS,
    GROUP_CONTROLLER_SERVICE,
    SNAPSHOT_METADATA_SERVICE,
    VOLUME_EXPANSION_ONLINE,
    VOLUME_EXPANSION_OFFLINE
}
