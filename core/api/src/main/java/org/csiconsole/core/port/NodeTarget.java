package org.csiconsole.core.port;

import org.csiconsole.core.model.VolumeCapability;

import java.util.Map;
import java.util.Objects;

/**
 * Where and how a volume is staged or published on the connected node (csi.proto
 * {@code NodeStageVolumeRequest}, {@code NodePublishVolumeRequest}).
 *
 * @param volumeId the {@code volume_id}
 * @param stagingTargetPath {@code staging_target_path}; empty when the node does not stage
 * @param targetPath {@code target_path} for NodePublishVolume; empty for NodeStageVolume
 * @param capability the access type and mode to use
 * @param publishContext the {@code publish_context} ControllerPublishVolume returned; never null
 * @param readonly {@code readonly} for NodePublishVolume
 */
public record NodeTarget(String volumeId, String stagingTargetPath, String targetPath, VolumeCapability capability,
                         Map<String, String> publishContext, boolean readonly) {
    public NodeTarget {
        Objects.requireNonNull(volumeId, "volumeId");
        stagingTargetPath = stagingTargetPath == null ? "" : stagingTargetPath;
        targetPath = targetPath == null ? "" : targetPath;
        Objects.requireNonNull(capability, "capability");
        publishContext = publishContext == null ? Map.of() : Map.copyOf(publishContext);
    }
}
