package org.csiconsole.core.trouble;

import com.google.protobuf.ProtocolMessageEnum;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import csi.v1.NodeGrpc;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.PluginCapability;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.csiconsole.core.trouble.Checks.CONTROLLER_CAPS;
import static org.csiconsole.core.trouble.Checks.GROUP_CAPS;
import static org.csiconsole.core.trouble.Checks.NODE_CAPS;
import static org.csiconsole.core.trouble.Checks.PLUGIN_CAPS;
import static org.csiconsole.core.trouble.Checks.SPEC_CSI;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * Which services answer and whether what the driver advertises hangs together. Each service's
 * GetCapabilities is asked whether advertised or not (it only reads), so a service advertised but
 * not served, and one served but not advertised, both show.
 */
final class CapabilityChecks {
    private CapabilityChecks() {
    }

    static void run(ProbeRun r) throws InterruptedException {
        r.stage("Reading the capabilities of each service");
        Set<String> alpha = new HashSet<>();
        Set<PluginCapability> plugin = EnumSet.noneOf(PluginCapability.class);
        if (r.pluginCapabilities != null) {
            for (Csi.PluginCapability pc : r.pluginCapabilities.getCapabilitiesList()) {
                if (pc.hasService()) add(plugin, PluginCapability.class, pc.getService().getType().name(), pc.getService().getType(), alpha);
                else if (pc.hasVolumeExpansion()) {
                    add(plugin, PluginCapability.class, "VOLUME_EXPANSION_" + pc.getVolumeExpansion().getType().name(),
                            pc.getVolumeExpansion().getType(), alpha);
                }
            }
        }
        Set<ControllerCapability> controller = controller(r, plugin, alpha);
        Set<NodeCapability> node = node(r, alpha);
        Set<GroupControllerCapability> group = group(r, plugin, alpha);
        r.capabilities = new CapabilitySet(plugin, controller, node, group, alpha, r.nodeServed);
    }

    private static Set<ControllerCapability> controller(ProbeRun r, Set<PluginCapability> plugin, Set<String> alpha)
            throws InterruptedException {
        String title = "Controller service matches CONTROLLER_SERVICE";
        boolean advertised = plugin.contains(PluginCapability.CONTROLLER_SERVICE);
        Set<ControllerCapability> out = EnumSet.noneOf(ControllerCapability.class);
        try {
            Csi.ControllerGetCapabilitiesResponse c = r.calls.call(r.controller, ControllerGrpc.getControllerGetCapabilitiesMethod(),
                    Csi.ControllerGetCapabilitiesRequest.getDefaultInstance(), CallKind.PROBE);
            for (Csi.ControllerServiceCapability x : c.getCapabilitiesList()) {
                add(out, ControllerCapability.class, x.getRpc().getType().name(), x.getRpc().getType(), alpha);
            }
            r.controllerServed = true;
            if (advertised) {
                r.add(pass("capabilities.controller-service", title, "advertised and served: " + names(out), CONTROLLER_CAPS));
            } else if (!out.isEmpty()) {
                r.add(warn("capabilities.controller-service", title, "not advertised, yet ControllerGetCapabilities answers "
                                + names(out) + "; a CO never calls this controller service", PLUGIN_CAPS,
                        "If this socket should serve the controller, the driver must advertise CONTROLLER_SERVICE in "
                                + "GetPluginCapabilities; if it is a node plugin, this is harmless"));
            } else {
                r.add(pass("capabilities.controller-service", title, "not advertised (a node plugin); ControllerGetCapabilities "
                        + "answers with no capability", PLUGIN_CAPS));
            }
            return out;
        } catch (CallFailure f) {
            if (!advertised && f.kind() == FailureKind.UNSUPPORTED) {
                r.add(pass("capabilities.controller-service", title, "not advertised and not served (a node plugin)", PLUGIN_CAPS));
            } else if (f.kind() == FailureKind.UNSUPPORTED) {
                r.add(fail("capabilities.controller-service", title, "CONTROLLER_SERVICE is advertised, but ControllerGetCapabilities "
                                + "answers UNIMPLEMENTED", CONTROLLER_CAPS,
                        "This socket does not serve the controller it advertises: point the console at the controller "
                                + "plugin's socket, or report the mismatch to the driver's vendor"));
            } else {
                r.add(fail("capabilities.controller-service", title, f.getMessage() + " [" + f.detail() + "]", CONTROLLER_CAPS,
                        "ControllerGetCapabilities must answer whenever the controller service is served; read the driver's logs"));
            }
            return Set.of();
        }
    }

    private static Set<NodeCapability> node(ProbeRun r, Set<String> alpha) throws InterruptedException {
        String title = "Node service answers";
        Set<NodeCapability> out = EnumSet.noneOf(NodeCapability.class);
        try {
            Csi.NodeGetCapabilitiesResponse c = r.calls.call(r.nodeConnection(), NodeGrpc.getNodeGetCapabilitiesMethod(),
                    Csi.NodeGetCapabilitiesRequest.getDefaultInstance(), CallKind.PROBE);
            for (Csi.NodeServiceCapability x : c.getCapabilitiesList()) {
                add(out, NodeCapability.class, x.getRpc().getType().name(), x.getRpc().getType(), alpha);
            }
            r.nodeServed = true;
            r.add(pass("capabilities.node-service", title, "served on " + r.nodeConnection().endpoint().text() + ": " + names(out), NODE_CAPS));
        } catch (CallFailure f) {
            if (f.kind() == FailureKind.UNSUPPORTED) {
                r.add(skipped("capabilities.node-service", title, "no node service on " + r.nodeConnection().endpoint().text()
                        + " (a controller-only socket); give the node plugin's socket to check it", NODE_CAPS));
            } else {
                r.add(fail("capabilities.node-service", title, f.getMessage() + " [" + f.detail() + "]", NODE_CAPS,
                        "NodeGetCapabilities must answer on a node plugin; read the node plugin's logs"));
            }
        }
        return out;
    }

    private static Set<GroupControllerCapability> group(ProbeRun r, Set<PluginCapability> plugin, Set<String> alpha)
            throws InterruptedException {
        String title = "Group controller service matches GROUP_CONTROLLER_SERVICE";
        boolean advertised = plugin.contains(PluginCapability.GROUP_CONTROLLER_SERVICE);
        Set<GroupControllerCapability> out = EnumSet.noneOf(GroupControllerCapability.class);
        try {
            Csi.GroupControllerGetCapabilitiesResponse c = r.calls.call(r.controller,
                    GroupControllerGrpc.getGroupControllerGetCapabilitiesMethod(),
                    Csi.GroupControllerGetCapabilitiesRequest.getDefaultInstance(), CallKind.PROBE);
            for (Csi.GroupControllerServiceCapability x : c.getCapabilitiesList()) {
                add(out, GroupControllerCapability.class, x.getRpc().getType().name(), x.getRpc().getType(), alpha);
            }
            if (advertised) {
                r.add(pass("capabilities.group-controller", title, "advertised and served: " + names(out), GROUP_CAPS));
            } else {
                r.add(pass("capabilities.group-controller", title, "not advertised; GroupControllerGetCapabilities answers "
                        + names(out) + " (unused: a CO only calls an advertised service)", GROUP_CAPS));
            }
            return advertised ? out : Set.of();
        } catch (CallFailure f) {
            if (!advertised) {
                r.add(skipped("capabilities.group-controller", title, "GROUP_CONTROLLER_SERVICE is not advertised", GROUP_CAPS));
            } else if (f.kind() == FailureKind.UNSUPPORTED) {
                r.add(fail("capabilities.group-controller", title, "GROUP_CONTROLLER_SERVICE is advertised, but "
                                + "GroupControllerGetCapabilities answers UNIMPLEMENTED", GROUP_CAPS,
                        "Group snapshots will fail: the driver advertises a group controller it does not serve. Upgrade the "
                                + "driver or report the mismatch to its vendor"));
            } else {
                r.add(fail("capabilities.group-controller", title, f.getMessage() + " [" + f.detail() + "]", GROUP_CAPS,
                        "GroupControllerGetCapabilities must answer when the service is advertised; read the driver's logs"));
            }
            return Set.of();
        }
    }

    /**
     * The rules between capabilities (spec.md, "Controller Service RPC" and "Node Service RPC"
     * capability descriptions, NodeGetInfo, and the VolumeExpansion plugin capability).
     */
    static void consistency(ProbeRun r) {
        String title = "Advertised capabilities are consistent";
        CapabilitySet c = r.capabilities;
        if (c == null) {
            r.add(skipped("capabilities.consistency", title, "the capabilities could not be read", SPEC_CSI));
            return;
        }
        List<String> failures = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (c.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES)) {
            if (!c.has(ControllerCapability.LIST_VOLUMES) && !c.has(ControllerCapability.GET_VOLUME)) {
                failures.add("LIST_VOLUMES_PUBLISHED_NODES without LIST_VOLUMES or GET_VOLUME: the published node ids have "
                        + "no call to be reported in");
            }
            if (!c.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME)) {
                failures.add("LIST_VOLUMES_PUBLISHED_NODES without PUBLISH_UNPUBLISH_VOLUME (the spec says the plugin MUST also "
                        + "support it)");
            }
        }
        if (c.has(ControllerCapability.VOLUME_CONDITION) && !c.has(ControllerCapability.LIST_VOLUMES)
                && !c.has(ControllerCapability.GET_VOLUME)) {
            warnings.add("controller VOLUME_CONDITION without LIST_VOLUMES or GET_VOLUME: conditions are reported in those calls only");
        }
        if (c.has(NodeCapability.VOLUME_CONDITION) && !c.has(NodeCapability.GET_VOLUME_STATS)) {
            warnings.add("node VOLUME_CONDITION without GET_VOLUME_STATS: conditions are reported in NodeGetVolumeStats only");
        }
        if (c.has(ControllerCapability.CLONE_VOLUME) && !c.has(ControllerCapability.CREATE_DELETE_VOLUME)) {
            warnings.add("CLONE_VOLUME without CREATE_DELETE_VOLUME: a clone is made by CreateVolume");
        }
        boolean expansion = c.has(PluginCapability.VOLUME_EXPANSION_ONLINE) || c.has(PluginCapability.VOLUME_EXPANSION_OFFLINE);
        if (expansion && !c.has(ControllerCapability.EXPAND_VOLUME) && !c.has(NodeCapability.EXPAND_VOLUME)) {
            String s = "VolumeExpansion advertised without EXPAND_VOLUME on the controller or the node (the spec says the plugin "
                    + "MUST implement one of them)";
            if (r.nodeServed) failures.add(s);
            else warnings.add(s + "; the node service was not reached, so its EXPAND_VOLUME could not be seen");
        }
        if (!r.controllerServed && !c.controller().isEmpty()) {
            failures.add("controller capabilities without a controller service");
        }
        if (r.nodeInfo != null && r.nodeInfo.accessibleTopology() != null && !r.nodeInfo.accessibleTopology().segments().isEmpty()
                && !c.has(PluginCapability.VOLUME_ACCESSIBILITY_CONSTRAINTS)) {
            failures.add("NodeGetInfo reports accessible_topology, but VOLUME_ACCESSIBILITY_CONSTRAINTS is not advertised (the "
                    + "spec says a plugin that returns it MUST advertise the capability)");
        }
        String remedy = "Report the inconsistent capabilities to the driver's vendor; a CO trusts what is advertised, so calls "
                + "fail or features stay unused. Check that the sidecars and the driver are versions made for each other";
        if (!failures.isEmpty()) {
            List<String> all = new ArrayList<>(failures);
            all.addAll(warnings);
            r.add(fail("capabilities.consistency", title, String.join("; ", all), SPEC_CSI + ", capability descriptions", remedy));
        } else if (!warnings.isEmpty()) {
            r.add(warn("capabilities.consistency", title, String.join("; ", warnings), SPEC_CSI + ", capability descriptions", remedy));
        } else {
            r.add(pass("capabilities.consistency", title, "no contradiction among " + (c.plugin().size() + c.controller().size()
                    + c.node().size() + c.groupController().size()) + " capabilities", SPEC_CSI + ", capability descriptions"));
        }
    }

    /** The plugin capability names of a GetPluginCapabilities answer, sorted. */
    static Set<String> pluginNames(Csi.GetPluginCapabilitiesResponse r) {
        Set<String> out = new TreeSet<>();
        for (Csi.PluginCapability pc : r.getCapabilitiesList()) {
            if (pc.hasService()) out.add(pc.getService().getType().name());
            else if (pc.hasVolumeExpansion()) out.add("VOLUME_EXPANSION_" + pc.getVolumeExpansion().getType().name());
        }
        return out;
    }

    private static String names(Set<? extends Enum<?>> s) {
        if (s.isEmpty()) return "no capability";
        return new TreeSet<>(s.stream().map(Enum::name).toList()).toString();
    }

    private static <E extends Enum<E>> void add(Set<E> into, Class<E> type, String name, ProtocolMessageEnum wire, Set<String> alpha) {
        if (name.endsWith("UNKNOWN") || name.endsWith("UNRECOGNIZED")) return;
        E e = CsiMapping.enumByName(type, name, null);
        if (e == null) return;
        into.add(e);
        if (CsiMapping.alphaValue(wire)) alpha.add(e.name());
    }
}
