package org.csiconsole.core.csi;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.GroupControllerGrpc;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.PluginCapability;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Capability discovery for one {@link CsiConnection} (csi.proto v1.12.0: GetPluginCapabilities,
 * ControllerGetCapabilities, NodeGetCapabilities, GroupControllerGetCapabilities), and the sentence saying why an
 * RPC is not supported by what was discovered.
 */
final class CsiCapabilities {
    private CsiCapabilities() {
    }

    /**
     * GetPluginCapabilities, then ControllerGetCapabilities when CONTROLLER_SERVICE is advertised, NodeGetCapabilities
     * (an UNIMPLEMENTED answer counts as no node service, any other answer, an empty one included, as a node service:
     * {@link CapabilitySet#nodeService()}) and GroupControllerGetCapabilities when GROUP_CONTROLLER_SERVICE is
     * advertised.
     */
    static CompletableFuture<CapabilitySet> discover(CsiConnection conn) {
        Set<String> alpha = new HashSet<>();
        return conn.unary(conn.controller, IdentityGrpc.getGetPluginCapabilitiesMethod(),
                Csi.GetPluginCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "GetPluginCapabilities"))
                .thenCompose(pr -> {
                    Set<PluginCapability> plugin = EnumSet.noneOf(PluginCapability.class);
                    for (Csi.PluginCapability pc : pr.getCapabilitiesList()) {
                        if (pc.hasService()) {
                            Csi.PluginCapability.Service.Type t = pc.getService().getType();
                            add(plugin, PluginCapability.class, t.name(), t, alpha);
                        } else if (pc.hasVolumeExpansion()) {
                            Csi.PluginCapability.VolumeExpansion.Type t = pc.getVolumeExpansion().getType();
                            add(plugin, PluginCapability.class, "VOLUME_EXPANSION_" + t.name(), t, alpha);
                        }
                    }
                    CompletableFuture<Set<ControllerCapability>> ctrl = plugin.contains(PluginCapability.CONTROLLER_SERVICE)
                            ? conn.unary(conn.controller, ControllerGrpc.getControllerGetCapabilitiesMethod(),
                            Csi.ControllerGetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "ControllerGetCapabilities"))
                            .thenApply(r -> {
                                Set<ControllerCapability> s = EnumSet.noneOf(ControllerCapability.class);
                                for (Csi.ControllerServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, ControllerCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            : CompletableFuture.completedFuture(Set.of());
                    AtomicReference<Boolean> nodeAnswered = new AtomicReference<>(false);
                    CompletableFuture<Set<NodeCapability>> node = conn.unary(conn.nodeConnection(), NodeGrpc.getNodeGetCapabilitiesMethod(),
                            Csi.NodeGetCapabilitiesRequest.getDefaultInstance(), CallSpec.of(CallKind.PROBE, "NodeGetCapabilities"))
                            .<Set<NodeCapability>>thenApply(r -> {
                                nodeAnswered.set(true);
                                Set<NodeCapability> s = EnumSet.noneOf(NodeCapability.class);
                                for (Csi.NodeServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, NodeCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            .exceptionally(t -> {
                                CallFailure f = CallFailure.unwrap(t);
                                if (f != null && f.kind() == FailureKind.UNSUPPORTED) return Set.of();
                                throw f != null ? f : new java.util.concurrent.CompletionException(t);
                            });
                    CompletableFuture<Set<GroupControllerCapability>> group = plugin.contains(PluginCapability.GROUP_CONTROLLER_SERVICE)
                            ? conn.unary(conn.controller, GroupControllerGrpc.getGroupControllerGetCapabilitiesMethod(),
                            Csi.GroupControllerGetCapabilitiesRequest.getDefaultInstance(),
                            CallSpec.of(CallKind.PROBE, "GroupControllerGetCapabilities"))
                            .thenApply(r -> {
                                Set<GroupControllerCapability> s = EnumSet.noneOf(GroupControllerCapability.class);
                                for (Csi.GroupControllerServiceCapability c : r.getCapabilitiesList()) {
                                    add(s, GroupControllerCapability.class, c.getRpc().getType().name(), c.getRpc().getType(), alpha);
                                }
                                return s;
                            })
                            : CompletableFuture.completedFuture(Set.of());
                    return ctrl.thenCombine(node, (cs, ns) -> List.<Object>of(cs, ns))
                            .thenCombine(group, (l, gs) -> {
                                @SuppressWarnings("unchecked") Set<ControllerCapability> cs = (Set<ControllerCapability>) l.get(0);
                                @SuppressWarnings("unchecked") Set<NodeCapability> ns = (Set<NodeCapability>) l.get(1);
                                synchronized (alpha) {
                                    return new CapabilitySet(plugin, cs, ns, gs, alpha, nodeAnswered.get());
                                }
                            });
                });
    }

    private static <E extends Enum<E>> void add(Set<E> into, Class<E> type, String name,
                                                com.google.protobuf.ProtocolMessageEnum wire, Set<String> alpha) {
        if (name.endsWith("UNKNOWN") || name.endsWith("UNRECOGNIZED")) return;
        E e = CsiMapping.enumByName(type, name, null);
        if (e == null) return;
        into.add(e);
        if (CsiMapping.alphaValue(wire)) {
            synchronized (alpha) {
                alpha.add(e.name());
            }
        }
    }


    static Optional<String> reason(CsiRpc rpc, CapabilitySet caps) {
        Enum<?> need = rpc.capability();
        boolean ok;
        String where;
        if (need instanceof ControllerCapability c) {
            ok = caps.has(c);
            where = "controller capability";
        } else if (need instanceof NodeCapability n) {
            ok = caps.has(n);
            where = "node capability";
        } else if (need instanceof GroupControllerCapability g) {
            ok = caps.has(g);
            where = "group controller capability";
        } else {
            ok = caps.has((PluginCapability) need);
            where = "plugin capability";
        }
        if (ok) return Optional.empty();
        return Optional.of(rpc.method() + " is not supported by this driver: it does not advertise the " + where + " " + need.name());
    }
}
