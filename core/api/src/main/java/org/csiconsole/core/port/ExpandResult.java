package org.csiconsole.core.port;

/**
 * Outcome of an expansion (csi.proto {@code ControllerExpandVolumeResponse}).
 *
 * @param capacityBytes the volume's capacity after the call, in bytes
 * @param nodeExpansionRequired true when NodeExpandVolume must still run on the node that has it published
 */
public record ExpandResult(long capacityBytes, boolean nodeExpansionRequired) {
}
