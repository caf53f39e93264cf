package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import encryptionkeyrotation.EncryptionKeyRotation;
import encryptionkeyrotation.EncryptionKeyRotationControllerGrpc;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons encryption key rotation service (csi-addons/spec encryptionkeyrotation.proto) of one
 * {@link AddonsClient}; needs ENCRYPTION_KEY_ROTATION. The new key is sent as a secret and never traced.
 */
public final class AddonsKeyRotation {
    private final AddonsConnection conn;
    private final CallMode mode;

    AddonsKeyRotation(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** EncryptionKeyRotate; needs ENCRYPTION_KEY_ROTATION. The new key is sent as a secret and never traced. */
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, String encryptionKey,
                                                       Map<String, String> parameters, Secrets secrets, VolumeCapability capability) {
        EncryptionKeyRotation.EncryptionKeyRotateRequest.Builder b = EncryptionKeyRotation.EncryptionKeyRotateRequest.newBuilder()
                .setVolumeId(volumeId).setVolumePath(volumePath == null ? "" : volumePath)
                .setEncryptionKey(encryptionKey == null ? "" : encryptionKey).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (capability != null) b.setVolumeCapability(CsiMapping.capability(capability));
        return conn.gated(mode, AddonsCapability.ENCRYPTION_KEY_ROTATION, () -> conn.unary(
                EncryptionKeyRotationControllerGrpc.getEncryptionKeyRotateMethod(), b.build(),
                mutate("EncryptionKeyRotate " + volumeId, ReplicationSource.volume(volumeId)))).thenApply(r -> null);
    }

    private CallSpec mutate(String what, ReplicationSource s) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what)
                .locking(s.group() ? InFlightGuard.group(s.id()) : InFlightGuard.volume(s.id())));
    }
}
