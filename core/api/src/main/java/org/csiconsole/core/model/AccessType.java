package org.csiconsole.core.model;

/** How a volume is consumed: {@code VolumeCapability.block} or {@code VolumeCapability.mount} (csi.proto). */
public enum AccessType {
    BLOCK,
    MOUNT,
    UNKNOWN
}
