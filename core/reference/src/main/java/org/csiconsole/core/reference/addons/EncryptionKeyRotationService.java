package org.csiconsole.core.reference.addons;

import encryptionkeyrotation.EncryptionKeyRotation;
import encryptionkeyrotation.EncryptionKeyRotationControllerGrpc;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.fault.Faults;

import java.util.Objects;

/**
 * csi-addons EncryptionKeyRotate (encryptionkeyrotation.proto): gives a volume a new encryption key
 * (the model's key version goes up by one). The {@code encryption_key} and secrets are never stored
 * or logged. Codes: INVALID_ARGUMENT without {@code volume_id}, NOT_FOUND for an unknown volume,
 * ABORTED while another call on the volume runs.
 */
public final class EncryptionKeyRotationService
        extends EncryptionKeyRotationControllerGrpc.EncryptionKeyRotationControllerImplBase {
    private final ArrayModel model;
    private final Faults faults;

    public EncryptionKeyRotationService(ArrayModel model, Faults faults) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
    }

    @Override
    public void encryptionKeyRotate(EncryptionKeyRotation.EncryptionKeyRotateRequest r,
                                    StreamObserver<EncryptionKeyRotation.EncryptionKeyRotateResponse> out) {
        String rpc = "EncryptionKeyRotate";
        AddonsCalls.run(out, faults, rpc, () -> AddonsCalls.require(r.getVolumeId(), "volume_id", rpc), id -> {
            model.volumes().rotateKey(id);
            return EncryptionKeyRotation.EncryptionKeyRotateResponse.getDefaultInstance();
        });
    }
}
