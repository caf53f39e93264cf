package org.csiconsole.core.csi;

import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;

import java.util.Map;
import java.util.Objects;

/**
 * NodePublishVolume arguments (csi.proto {@code NodePublishVolumeRequest}).
 *
 * @param volumeId the volume
 * @param publishContext what ControllerPublishVolume returned
 * @param stagingTargetPath the staging path when the node has STAGE_UNSTAGE_VOLUME, else empty
 * @param targetPath where to make the volume available to the workload
 * @param capability how the volume is used
 * @param readonly publish read-only
 * @param secrets credentials for the plugin
 * @param volumeContext what CreateVolume returned as volume_context
 */
public record NodePublishRequest(String volumeId, Map<String, String> publishContext, String stagingTargetPath,
                                 String targetPath, VolumeCapability capability, boolean readonly, Secrets secrets,
                                 Map<String, String> volumeContext) {
    public NodePublishRequest {
        Objects.requireNonNull(volumeId, "volumeId");
        Objects.requireNonNull(targetPath, "targetPath");
        Objects.requireNonNull(capability, "capability");
        stagingTargetPath = stagingTargetPath == null ? "" : stagingTargetPath;
        publishContext = publishContext == null ? Map.of() : Map.copyOf(publishContext);
        secrets = secrets == null ? Secrets.NONE : secrets;
        volumeContext = volumeContext == null ? Map.of() : Map.copyOf(volumeContext);
    }
}
