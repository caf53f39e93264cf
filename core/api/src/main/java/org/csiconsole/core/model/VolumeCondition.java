package org.csiconsole.core.model;

/**
 * Health of a volume as reported by the plugin (csi.proto {@code VolumeCondition}, alpha).
 *
 * @param abnormal true when the plugin reports the volume as abnormal
 * @param message the plugin's message, empty when none
 */
public record VolumeCondition(boolean abnormal, String message) {
    public static final VolumeCondition NORMAL = new VolumeCondition(false, "");

    public VolumeCondition {
        message = message == null ? "" : message;
    }
}
