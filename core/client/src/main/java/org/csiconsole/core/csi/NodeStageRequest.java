package org.csiconsole.core.csi;

import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;

import java.util.Map;
import java.util.Objects;

/**
 * NodeStageVolume arguments (csi.proto {@code NodeStageVolumeRequest}).
 *
 * @param volumeId the volume
 * @param publishContext what ControllerPublishVolume returned
 * @param stagingTargetPath the global mount directory on the node
 * @param capability how the volume is used
 * @param secrets credentials for the plugin
 * @param volumeContext what CreateVolume returned as volume_context
 */
public record NodeStageRequest(String volumeId, Map<String, String> publishContext, String stagingTargetPath,
                               VolumeCapability capability, Secrets secrets, Map<String, String> volumeContext) {
    public NodeStageRequest {
        Objects.requireNonNull(volumeId, "volumeId");
        Objects.requireNonNull(stagingTargetPath, "stagingTargetPath");
        Objects.requireNonNull(capability, "capability");
        publishContext = publishContext == null ? Map.of() : Map.copyOf(publishContext);
        secrets = secrets == null ? Secrets.NONE : secrets;
        volumeContext = volumeContext == null ? Map.of() : Map.copyOf(volumeContext);
    }
}
