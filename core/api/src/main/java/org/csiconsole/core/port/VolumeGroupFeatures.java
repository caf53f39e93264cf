package org.csiconsole.core.port;

import org.csiconsole.core.model.AddonsCapability;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * The volume group features of a connection from the csi-addons VolumeGroup capabilities it
 * advertised (csi-addons identity.proto {@code Capability.VolumeGroup}) on top of
 * {@link Features#from}: listing ({@link Feature#VOLUME_GROUPS}: a CSP array or
 * LIST_VOLUME_GROUPS), create and delete ({@link Feature#MANAGE_VOLUME_GROUPS}: VOLUME_GROUP) and
 * membership changes ({@link Feature#MODIFY_VOLUME_GROUP}: MODIFY_VOLUME_GROUP), each with the
 * reason when it is not offered.
 */
public final class VolumeGroupFeatures {
    private VolumeGroupFeatures() {
    }

    /** {@code features} with the volume group entries derived from {@code addons} (empty without csi-addons). */
    public static Features apply(Features features, Set<AddonsCapability> addons) {
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        m.putAll(features.features());
        boolean connected = features.addonsConnected();
        boolean list = addons.contains(AddonsCapability.LIST_VOLUME_GROUPS);
        if (features.cspConnected() || (connected && list)) {
            m.put(Feature.VOLUME_GROUPS, Availability.yes(Feature.VOLUME_GROUPS));
        } else {
            m.put(Feature.VOLUME_GROUPS, Availability.no(Feature.VOLUME_GROUPS, connected
                    ? "The csi-addons sidecar does not advertise VolumeGroup LIST_VOLUME_GROUPS (GetCapabilities), and this connection has no CSP array."
                    : "Volume groups are listed through a CSP array or csi-addons ListVolumeGroups, and this connection has none."));
        }
        m.put(Feature.MANAGE_VOLUME_GROUPS, of(Feature.MANAGE_VOLUME_GROUPS, connected, addons, AddonsCapability.VOLUME_GROUP));
        m.put(Feature.MODIFY_VOLUME_GROUP, of(Feature.MODIFY_VOLUME_GROUP, connected, addons, AddonsCapability.MODIFY_VOLUME_GROUP));
        return new Features(features.csi(), features.csiConnected(), features.cspConnected(), features.nodeSocket(),
                features.addonsConnected(), m);
    }

    private static Availability of(Feature f, boolean connected, Set<AddonsCapability> addons, AddonsCapability need) {
        if (connected && addons.contains(need)) return Availability.yes(f);
        return Availability.no(f, connected
                ? "The csi-addons sidecar does not advertise VolumeGroup " + need + " (GetCapabilities)."
                : "Volume groups are created and changed through csi-addons VolumeGroup; no csi-addons endpoint answers on this "
                + "connection (CSP volume groups are managed on the array).");
    }
}
