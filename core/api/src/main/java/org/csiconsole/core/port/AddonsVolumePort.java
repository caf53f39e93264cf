package org.csiconsole.core.port;

import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.VolumeCapability;

import java.util.concurrent.CompletableFuture;

/**
 * csi-addons calls on one volume: reclaim space (csi-addons/spec reclaimspace.proto,
 * ControllerReclaimSpace offline and NodeReclaimSpace online) and encryption key rotation
 * (encryptionkeyrotation.proto, EncryptionKeyRotate).
 *
 * <p>Gated by the csi-addons identity capabilities: {@link Feature#RECLAIM_SPACE}
 * ({@code ReclaimSpace.OFFLINE} on the controller-side endpoint), {@link Feature#NODE_RECLAIM_SPACE}
 * ({@code ReclaimSpace.ONLINE} on the node-side endpoint) and {@link Feature#ROTATE_ENCRYPTION_KEY}
 * ({@code EncryptionKeyRotation.ENCRYPTIONKEYROTATION} on the node-side endpoint). Every method
 * follows the rules of {@link StorageService}: it returns at once and fails with a
 * {@link org.csiconsole.core.call.CallFailure} (INVALID_ARGUMENT without {@code volume_id} or
 * {@code volume_path}, NOT_FOUND for an unknown volume or a path where it is not staged or
 * published, ABORTED as {@link org.csiconsole.core.call.FailureKind#BUSY} while another call on the
 * volume runs); a default method fails UNSUPPORTED. Secrets go to the wire only; the trace
 * redacts them by the proto's {@code csi_secret} option.
 */
public interface AddonsVolumePort {

    /**
     * ControllerReclaimSpace: frees the volume's unused blocks on the storage while it need not be
     * mounted (offline reclaim).
     *
     * @return {@code pre_usage} and {@code post_usage} in bytes ({@code StorageConsumption.usage_bytes}),
     *     each null when the driver did not report it
     */
    default CompletableFuture<SpaceReclaimed> reclaimSpace(String volumeId, Secrets secrets) {
        return Ports.unsupported("ControllerReclaimSpace " + volumeId);
    }

    /**
     * NodeReclaimSpace on the node where the volume is staged or published (online reclaim, e.g. fstrim).
     *
     * @param volumePath where the volume is published on the node (CSI {@code target_path})
     * @param stagingTargetPath where it is staged, or empty when the plugin does not stage
     * @param capability the capability it was staged/published with, or null when unknown
     * @return {@code pre_usage} and {@code post_usage} in bytes, each null when not reported
     */
    default CompletableFuture<SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath, String stagingTargetPath,
                                                              VolumeCapability capability, Secrets secrets) {
        return Ports.unsupported("NodeReclaimSpace " + volumeId);
    }

    /**
     * EncryptionKeyRotate: the driver gives the volume a new encryption key (it generates the key; none
     * is sent); data stays readable. Sent to the node-side csi-addons endpoint.
     *
     * @param volumePath where the volume is available on the node, or empty when unknown
     */
    default CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, Secrets secrets) {
        return Ports.unsupported("EncryptionKeyRotate " + volumeId);
    }
}
