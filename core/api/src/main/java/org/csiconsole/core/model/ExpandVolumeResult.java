package org.csiconsole.core.model;

/**
 * Result of ControllerExpandVolume (csi.proto {@code ControllerExpandVolumeResponse}) or
 * NodeExpandVolume ({@code nodeExpansionRequired} is then false).
 *
 * @param capacityBytes the volume's capacity after expansion, in bytes
 * @param nodeExpansionRequired true when NodeExpandVolume must still run on the node using the volume
 */
public record ExpandVolumeResult(long capacityBytes, boolean nodeExpansionRequired) {
}
