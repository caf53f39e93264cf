package org.csiconsole.core.port;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.PluginCapability;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one connection offers: the CSI capabilities it advertised, whether a CSP array, a node
 * socket and a csi-addons endpoint are part of it, and per {@link Feature} whether it can be used
 * and why not. View models gate their actions on {@link #available(Feature)} and show
 * {@link #reason(Feature)} on the disabled control.
 *
 * @param csi the capabilities the CSI plugin advertised; {@link CapabilitySet#NONE} without CSI
 * @param csiConnected true when a CSI controller or identity endpoint is part of the connection
 * @param cspConnected true when a CSP array is part of the connection
 * @param nodeSocket true when a CSI node socket is connected (node stage/publish, NodeGetInfo)
 * @param addonsConnected true when a csi-addons endpoint is connected
 * @param features availability per feature; features missing from the map read as unavailable
 */
public record Features(CapabilitySet csi, boolean csiConnected, boolean cspConnected, boolean nodeSocket,
                       boolean addonsConnected, Map<Feature, Availability> features) {

    /** Nothing is known yet: every feature is unavailable with "not connected". */
    public static final Features NONE = new Features(CapabilitySet.NONE, false, false, false, false, Map.of());

    public Features {
        csi = Objects.requireNonNullElse(csi, CapabilitySet.NONE);
        features = Map.copyOf(features);
    }

    /**
     * Derives availability the usual way: CSI features from the advertised capabilities (CSI spec,
     * "ControllerGetCapabilities", "NodeGetCapabilities", "GroupControllerGetCapabilities"), CSP
     * features from a connected array. A feature offered by either protocol is available.
     */
    public static Features from(CapabilitySet caps, boolean csi, boolean csp, boolean nodeSocket, boolean addons) {
        CapabilitySet c = Objects.requireNonNullElse(caps, CapabilitySet.NONE);
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        put(m, Feature.LIST_VOLUMES, csp || (csi && c.has(ControllerCapability.LIST_VOLUMES)),
                csi ? controllerMissing(c, ControllerCapability.LIST_VOLUMES) : noStorage());
        put(m, Feature.GET_VOLUME, csp || (csi && c.has(ControllerCapability.GET_VOLUME)),
                csi ? controllerMissing(c, ControllerCapability.GET_VOLUME) : noStorage());
        boolean createDelete = csi && c.has(ControllerCapability.CREATE_DELETE_VOLUME);
        put(m, Feature.CREATE_VOLUME, csp || createDelete, csi ? controllerMissing(c, ControllerCapability.CREATE_DELETE_VOLUME) : noStorage());
        put(m, Feature.DELETE_VOLUME, csp || createDelete, csi ? controllerMissing(c, ControllerCapability.CREATE_DELETE_VOLUME) : noStorage());
        put(m, Feature.EXPAND_VOLUME, csp || (csi && c.has(ControllerCapability.EXPAND_VOLUME)),
                csi ? controllerMissing(c, ControllerCapability.EXPAND_VOLUME) : noStorage());
        put(m, Feature.MODIFY_VOLUME, csi && c.has(ControllerCapability.MODIFY_VOLUME),
                csi ? controllerMissing(c, ControllerCapability.MODIFY_VOLUME) : "Modifying mutable parameters is a CSI call; this connection has no CSI plugin.");
        put(m, Feature.CLONE_VOLUME, csi && c.has(ControllerCapability.CLONE_VOLUME),
                csi ? controllerMissing(c, ControllerCapability.CLONE_VOLUME) : "Cloning is a CSI call; this connection has no CSI plugin.");
        put(m, Feature.CONTROLLER_PUBLISH, csi && c.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
                csi ? controllerMissing(c, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME) : "Controller publish is a CSI call; this connection has no CSI plugin.");
        put(m, Feature.VALIDATE_CAPABILITIES, csi && (c.has(PluginCapability.CONTROLLER_SERVICE) || !c.controller().isEmpty()),
                csi ? "The plugin does not offer the CONTROLLER_SERVICE (GetPluginCapabilities), which answers ValidateVolumeCapabilities."
                        : "ValidateVolumeCapabilities is a CSI controller call; this connection has no CSI plugin.");
        put(m, Feature.NODE_STAGE, nodeSocket && c.has(NodeCapability.STAGE_UNSTAGE_VOLUME),
                nodeSocket ? "The node plugin does not advertise STAGE_UNSTAGE_VOLUME (NodeGetCapabilities)." : noNode());
        put(m, Feature.NODE_PUBLISH, nodeSocket, noNode());
        put(m, Feature.NODE_EXPAND, nodeSocket && c.has(NodeCapability.EXPAND_VOLUME),
                nodeSocket ? "The node plugin does not advertise EXPAND_VOLUME (NodeGetCapabilities)." : noNode());
        put(m, Feature.NODE_INFO, nodeSocket, noNode());
        put(m, Feature.LIST_SNAPSHOTS, csp || (csi && c.has(ControllerCapability.LIST_SNAPSHOTS)),
                csi ? controllerMissing(c, ControllerCapability.LIST_SNAPSHOTS) : noStorage());
        boolean snaps = csi && c.has(ControllerCapability.CREATE_DELETE_SNAPSHOT);
        put(m, Feature.CREATE_DELETE_SNAPSHOT, csp || snaps, csi ? controllerMissing(c, ControllerCapability.CREATE_DELETE_SNAPSHOT) : noStorage());
        put(m, Feature.CLONE_FROM_SNAPSHOT, csp || (snaps && createDelete),
                csi ? controllerMissing(c, snaps ? ControllerCapability.CREATE_DELETE_VOLUME : ControllerCapability.CREATE_DELETE_SNAPSHOT) : noStorage());
        put(m, Feature.GROUP_SNAPSHOTS, csp || (csi && c.has(GroupControllerCapability.CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT)),
                !csi ? noStorage() : !c.has(PluginCapability.GROUP_CONTROLLER_SERVICE)
                        ? "The plugin does not offer the GROUP_CONTROLLER_SERVICE (GetPluginCapabilities)."
                        : "The plugin does not advertise CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT (GroupControllerGetCapabilities).");
        put(m, Feature.CAPACITY, csi && c.has(ControllerCapability.GET_CAPACITY),
                csi ? controllerMissing(c, ControllerCapability.GET_CAPACITY) : "Capacity is reported through the CSI GetCapacity call; this connection has no CSI plugin.");
        put(m, Feature.VOLUME_GROUPS, csp, noCsp("Volume groups"));
        put(m, Feature.CSP_HOSTS, csp, noCsp("Hosts"));
        put(m, Feature.CSP_PUBLISH, csp, noCsp("Publishing to a host"));
        put(m, Feature.ADDONS, addons, "No csi-addons endpoint is part of this connection.");
        return new Features(c, csi, csp, nodeSocket, addons, m);
    }

    private static void put(Map<Feature, Availability> m, Feature f, boolean yes, String reason) {
        m.put(f, yes ? Availability.yes(f) : Availability.no(f, reason));
    }

    private static String controllerMissing(CapabilitySet c, ControllerCapability cap) {
        if (!c.has(PluginCapability.CONTROLLER_SERVICE) && c.controller().isEmpty()) {
            return "The plugin does not offer the CONTROLLER_SERVICE (GetPluginCapabilities), so " + cap + " is not available.";
        }
        return "The plugin does not advertise " + cap + " (ControllerGetCapabilities).";
    }

    private static String noStorage() {
        return "This connection has neither a CSI plugin nor a CSP array.";
    }

    private static String noNode() {
        return "No node socket is connected. Add the node plugin's socket to the connection to use node calls.";
    }

    private static String noCsp(String what) {
        return what + " are managed through a CSP array, and this connection has none.";
    }

    /** The availability of {@code f}; unavailable with a generic reason when unknown. */
    public Availability of(Feature f) {
        Availability a = features.get(f);
        return a != null ? a : Availability.no(f, csiConnected || cspConnected
                ? "This connection does not offer " + f.words() + "."
                : "Not connected yet: what the storage offers is not known.");
    }

    public boolean available(Feature f) {
        return of(f).available();
    }

    /** Why {@code f} is unavailable; empty when available. */
    public String reason(Feature f) {
        return of(f).reason();
    }

    /** True when the CSI plugin flags {@code capability} as alpha (csi.proto {@code alpha_enum_value}). */
    public boolean isAlpha(Enum<?> capability) {
        return csi.isAlpha(capability);
    }
}
