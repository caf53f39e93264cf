package org.csiconsole.core.port;

import org.csiconsole.core.model.AddonsCapability;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * The features a csi-addons sidecar gates by the capabilities it advertises (csi-addons/spec
 * identity.proto, GetCapabilities), added to what {@link Features#from} derived from CSI: network
 * fencing here, volume groups through {@link VolumeGroupFeatures}.
 */
public final class AddonsFeatures {
    private AddonsFeatures() {
    }

    /**
     * {@code base} with the csi-addons features: available when the sidecar advertised their
     * capability, else unavailable with a sentence naming it, e.g. {@code "The driver does not
     * advertise NetworkFence.NETWORK_FENCE (csi-addons GetCapabilities)."}.
     *
     * @param advertised what GetCapabilities answered; ignored when {@code base} has no csi-addons endpoint
     */
    public static Features with(Features base, Set<AddonsCapability> advertised) {
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        m.putAll(base.features());
        Set<AddonsCapability> caps = advertised == null ? Set.of() : advertised;
        put(m, Feature.NETWORK_FENCE, base.addonsConnected(), caps, AddonsCapability.NETWORK_FENCE, "NetworkFence.NETWORK_FENCE");
        put(m, Feature.LIST_FENCES, base.addonsConnected(), caps, AddonsCapability.NETWORK_FENCE, "NetworkFence.NETWORK_FENCE");
        put(m, Feature.GET_CLIENTS_TO_FENCE, base.addonsConnected(), caps, AddonsCapability.GET_CLIENTS_TO_FENCE,
                "NetworkFence.GET_CLIENTS_TO_FENCE");
        return VolumeGroupFeatures.apply(
                new Features(base.csi(), base.csiConnected(), base.cspConnected(), base.nodeSocket(), base.addonsConnected(), m), caps);
    }

    private static void put(Map<Feature, Availability> m, Feature f, boolean connected, Set<AddonsCapability> caps,
                            AddonsCapability need, String words) {
        if (connected && caps.contains(need)) {
            m.put(f, Availability.yes(f));
        } else if (connected) {
            m.put(f, Availability.no(f, "The driver does not advertise " + words + " (csi-addons GetCapabilities)."));
        } else {
            m.put(f, Availability.no(f, "No csi-addons endpoint answers on this connection, so " + f.words()
                    + " is not available. Give the csi-addons sidecar's socket in the connection."));
        }
    }
}
