package org.csiconsole.core.storage;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Ports;
import org.csiconsole.core.port.ReclaimFeatures;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Reclaim space and key rotation of {@link CsiStorage} over csi-addons (reclaimspace.proto,
 * encryptionkeyrotation.proto): ControllerReclaimSpace through the controller-side client,
 * NodeReclaimSpace and EncryptionKeyRotate through the node-side one (the controller-side client
 * when the node side has no socket of its own). The node side's capabilities are asked once and
 * asked again after {@link #forget()} or a failure.
 */
final class AddonsVolumeStorage {
    private final AddonsClient controller;
    private final AddonsClient node;
    private volatile CompletableFuture<Set<AddonsCapability>> nodeCaps;

    /**
     * @param controller the controller-side client, or null without csi-addons
     * @param node the node-side client, or null to use {@code controller}
     */
    AddonsVolumeStorage(AddonsClient controller, AddonsClient node) {
        this.controller = controller;
        this.node = node != null ? node : controller;
    }

    CompletableFuture<SpaceReclaimed> reclaim(String volumeId, Secrets secrets) {
        if (controller == null) return Ports.unsupported("ControllerReclaimSpace " + volumeId);
        return controller.reclaimSpace().reclaimSpace(volumeId, Map.of(), orNone(secrets));
    }

    CompletableFuture<SpaceReclaimed> nodeReclaim(String volumeId, String volumePath, String stagingTargetPath,
                                                  VolumeCapability capability, Secrets secrets) {
        if (node == null) return Ports.unsupported("NodeReclaimSpace " + volumeId);
        return node.reclaimSpace().nodeReclaimSpace(volumeId, volumePath, stagingTargetPath, capability, orNone(secrets));
    }

    CompletableFuture<Void> rotateKey(String volumeId, String volumePath, Secrets secrets) {
        if (node == null) return Ports.unsupported("EncryptionKeyRotate " + volumeId);
        return node.keyRotation().rotateEncryptionKey(volumeId, volumePath, "", Map.of(), orNone(secrets), null);
    }

    /**
     * {@code base} with the reclaim and key rotation features; never fails. A node-side endpoint that
     * does not answer (or answers UNIMPLEMENTED) reads as absent.
     *
     * @param controllerCaps the controller side's capabilities as {@link CsiStorage#addons()} found them
     */
    CompletableFuture<Features> features(Features base, Set<AddonsCapability> controllerCaps) {
        if (node == null) return CompletableFuture.completedFuture(ReclaimFeatures.with(base, controllerCaps, null));
        if (node == controller) {
            return CompletableFuture.completedFuture(ReclaimFeatures.with(base, controllerCaps,
                    base.addonsConnected() ? controllerCaps : null));
        }
        return nodeCapabilities().handle((caps, e) -> ReclaimFeatures.with(base, controllerCaps, e == null ? caps : null));
    }

    private CompletableFuture<Set<AddonsCapability>> nodeCapabilities() {
        CompletableFuture<Set<AddonsCapability>> f = nodeCaps;
        if (f == null || f.isCompletedExceptionally()) {
            f = node.refreshCapabilities();
            nodeCaps = f;
        }
        return f;
    }

    /** Asks the node side's capabilities again next time (after its socket came back). */
    void forget() {
        nodeCaps = null;
    }

    private static Secrets orNone(Secrets s) {
        return Objects.requireNonNullElse(s, Secrets.NONE);
    }
}
