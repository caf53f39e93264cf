package org.csiconsole.core.placement;

import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Topology;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Which nodes can reach a volume, for ControllerPublishVolume: a node reaches a volume when its
 * NodeGetInfo {@code accessible_topology} holds every segment of one of the volume's
 * {@code accessible_topology} entries (CSI spec v1.12, "NodeGetInfo": a volume accessible from a
 * topology is accessible from the nodes in it).
 */
public final class NodeReach {
    private NodeReach() {
    }

    /** How a node relates to the volume's topology. */
    public enum Reach {
        /** The node's topology holds one of the volume's segments. */
        REACHES("reaches the volume's topology"),
        /** The volume reports no topology: accessible from every node. */
        ANYWHERE("the volume reports no topology"),
        /** The node reports no topology; it may or may not reach the volume. */
        NOT_REPORTED("topology not reported"),
        /** The node's topology holds none of the volume's segments. */
        NO_MATCH("topology does not match");

        private final String words;

        Reach(String words) {
            this.words = words;
        }

        /** In words, e.g. {@code "reaches the volume's topology"}. */
        public String words() {
            return words;
        }
    }

    /**
     * One node and its reach.
     *
     * @param node the node as read
     * @param reach whether it can reach the volume
     */
    public record NodeChoice(NodeInfo node, Reach reach) {
        /** The node id. */
        public String nodeId() {
            return node.nodeId();
        }

        /** E.g. {@code "node-1 — reaches the volume's topology"}, with the node's topology when it does not match. */
        public String describe() {
            String where = reach == Reach.NO_MATCH && node.accessibleTopology() != null ? " (" + node.accessibleTopology() + ")" : "";
            return node.nodeId() + " \u2014 " + reach.words() + where;
        }
    }

    /**
     * The nodes, those that reach the volume first, then those that report no topology, then those
     * that do not match; in natural order of their ids within each group ({@code node-2} before
     * {@code node-10}, {@link org.csiconsole.core.model.NaturalOrder}), each node id once.
     *
     * @param volumeTopology the volume's {@code accessible_topology}; empty: every node is {@link Reach#ANYWHERE}
     */
    public static List<NodeChoice> order(Collection<NodeInfo> nodes, List<Topology> volumeTopology) {
        List<Topology> vt = volumeTopology.stream().filter(t -> !t.segments().isEmpty()).toList();
        List<NodeChoice> out = new ArrayList<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (NodeInfo n : nodes) {
            if (ids.add(n.nodeId())) out.add(new NodeChoice(n, reach(n, vt)));
        }
        out.sort(Comparator.comparingInt((NodeChoice c) -> c.reach().ordinal())
                .thenComparing(NodeChoice::nodeId, org.csiconsole.core.model.NaturalOrder.INSTANCE));
        return out;
    }

    private static Reach reach(NodeInfo n, List<Topology> volumeTopology) {
        if (volumeTopology.isEmpty()) return Reach.ANYWHERE;
        Topology own = n.accessibleTopology();
        if (own == null || own.segments().isEmpty()) return Reach.NOT_REPORTED;
        boolean reaches = volumeTopology.stream()
                .anyMatch(t -> own.segments().entrySet().containsAll(t.segments().entrySet()));
        return reaches ? Reach.REACHES : Reach.NO_MATCH;
    }
}
