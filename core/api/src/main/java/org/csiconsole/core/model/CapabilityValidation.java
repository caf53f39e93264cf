package org.csiconsole.core.model;

/**
 * Result of ValidateVolumeCapabilities (csi.proto {@code ValidateVolumeCapabilitiesResponse}).
 *
 * @param confirmed true when the plugin confirmed every capability asked about
 * @param message the plugin's explanation when not confirmed, empty when none
 */
public record CapabilityValidation(boolean confirmed, String message) {
    public CapabilityValidation {
        message = message == null ? "" : message;
    }
}
