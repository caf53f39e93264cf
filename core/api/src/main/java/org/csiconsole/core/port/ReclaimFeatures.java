package org.csiconsole.core.port;

import org.csiconsole.core.model.AddonsCapability;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reclaim space and key rotation features of a connection from the csi-addons capabilities
 * its endpoints advertised (csi-addons/spec identity.proto, GetCapabilities): offline reclaim on
 * the controller side, online reclaim and key rotation on the node side. Each unavailable feature
 * carries a sentence naming the missing capability or endpoint.
 */
public final class ReclaimFeatures {
    /** The features this class derives. */
    public static final List<Feature> FEATURES = List.of(Feature.RECLAIM_SPACE, Feature.NODE_RECLAIM_SPACE,
            Feature.ROTATE_ENCRYPTION_KEY);

    private ReclaimFeatures() {
    }

    /**
     * {@code base} with the three features added.
     *
     * @param controller capabilities of the controller-side csi-addons endpoint; empty when it does not answer
     * @param node capabilities of the node-side endpoint; null when no node-side endpoint answers
     */
    public static Features with(Features base, Set<AddonsCapability> controller, Set<AddonsCapability> node) {
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        m.putAll(base.features());
        Set<AddonsCapability> c = controller == null ? Set.of() : controller;
        m.put(Feature.RECLAIM_SPACE, of(Feature.RECLAIM_SPACE, base.addonsConnected(), c, AddonsCapability.RECLAIM_SPACE_OFFLINE,
                "ReclaimSpace.OFFLINE", "controller-side"));
        m.put(Feature.NODE_RECLAIM_SPACE, of(Feature.NODE_RECLAIM_SPACE, node != null, node, AddonsCapability.RECLAIM_SPACE_ONLINE,
                "ReclaimSpace.ONLINE", "node-side"));
        m.put(Feature.ROTATE_ENCRYPTION_KEY, of(Feature.ROTATE_ENCRYPTION_KEY, node != null, node,
                AddonsCapability.ENCRYPTION_KEY_ROTATION, "EncryptionKeyRotation.ENCRYPTIONKEYROTATION", "node-side"));
        return new Features(base.csi(), base.csiConnected(), base.cspConnected(), base.nodeSocket(), base.addonsConnected(), m);
    }

    /** {@code rebuilt} keeping the three features of {@code from} (when a wrapper derives its features again). */
    public static Features keep(Features from, Features rebuilt) {
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        m.putAll(rebuilt.features());
        for (Feature f : FEATURES) {
            Availability a = from.features().get(f);
            if (a != null) m.put(f, a);
        }
        return new Features(rebuilt.csi(), rebuilt.csiConnected(), rebuilt.cspConnected(), rebuilt.nodeSocket(),
                rebuilt.addonsConnected(), m);
    }

    private static Availability of(Feature f, boolean connected, Set<AddonsCapability> caps, AddonsCapability need,
                                   String words, String side) {
        if (connected && caps.contains(need)) return Availability.yes(f);
        if (connected) return Availability.no(f, "The " + side + " csi-addons endpoint does not advertise " + words
                + " (csi-addons GetCapabilities), so the console cannot " + f.words() + ".");
        return Availability.no(f, "No " + side + " csi-addons endpoint answers on this connection, so the console cannot "
                + f.words() + ". Give the csi-addons sidecar's socket in the connection.");
    }
}
