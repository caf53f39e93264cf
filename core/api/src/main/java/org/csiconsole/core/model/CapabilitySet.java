package org.csiconsole.core.model;

import java.util.Set;

/**
 * Everything a plugin advertised on one connection. Unknown values in a response are ignored;
 * {@code alpha} holds the names of advertised capabilities whose proto enum value carries the
 * {@code alpha_enum_value} option (csi.proto), so the UI can flag them. Each set iterates in one
 * order whatever order it was built in (capabilities in the spec's declaration order, alpha names
 * alphabetically), so two reads of one driver print, and write as JSON, the same text.
 *
 * @param plugin from Identity.GetPluginCapabilities
 * @param controller from Controller.ControllerGetCapabilities; empty when there is no controller service
 * @param node from Node.NodeGetCapabilities; empty when no node service is connected
 * @param groupController from GroupController.GroupControllerGetCapabilities
 * @param alpha names of advertised capabilities that are alpha in the spec
 * @param nodeService true when a node service answered NodeGetCapabilities, even with no capability
 *     (every node capability is optional; NodeGetInfo and NodePublishVolume are still served); false
 *     when it answered UNIMPLEMENTED or was not asked
 */
public record CapabilitySet(
        Set<PluginCapability> plugin,
        Set<ControllerCapability> controller,
        Set<NodeCapability> node,
        Set<GroupControllerCapability> groupController,
        Set<String> alpha,
        boolean nodeService) {

    public static final CapabilitySet NONE = new CapabilitySet(Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), false);

    /** Capabilities where a node service counts as connected when it advertised at least one capability. */
    public CapabilitySet(Set<PluginCapability> plugin, Set<ControllerCapability> controller, Set<NodeCapability> node,
                         Set<GroupControllerCapability> groupController, Set<String> alpha) {
        this(plugin, controller, node, groupController, alpha, !node.isEmpty());
    }

    public CapabilitySet {
        plugin = sorted(plugin);
        controller = sorted(controller);
        node = sorted(node);
        groupController = sorted(groupController);
        alpha = sorted(alpha);
    }

    /** An unmodifiable copy of {@code values} that iterates in their natural order; null elements are refused. */
    private static <T extends Comparable<? super T>> Set<T> sorted(Set<T> values) {
        return java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(values.stream()
                .map(java.util.Objects::requireNonNull).sorted().toList()));
    }

    public boolean has(PluginCapability c) { return plugin.contains(c); }

    public boolean has(ControllerCapability c) { return controller.contains(c); }

    public boolean has(NodeCapability c) { return node.contains(c); }

    public boolean has(GroupControllerCapability c) { return groupController.contains(c); }

    /** True when the named capability is flagged alpha by the spec. */
    public boolean isAlpha(Enum<?> c) { return alpha.contains(c.name()); }
}
