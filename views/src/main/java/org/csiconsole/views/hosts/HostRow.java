package org.csiconsole.views.hosts;

import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the hosts and nodes view: a CSP host (initiators, networks, CHAP), a CSI node
 * (NodeGetInfo or a published node id, with topology), or both when the CSI node's id is the CSP
 * host's name or uuid (the HPE CSI driver registers each Kubernetes node as a CSP host of that
 * name, with the node id as its uuid). At least one of {@code host} and {@code node} is set.
 */
public record HostRow(Host host, NodeInfo node) {
    /** Shown instead of a CHAP password: the CSP never returns it and the console never shows it. */
    public static final String MASK = "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022";

    public static HostRow of(Host h) {
        return new HostRow(h, null);
    }

    public static HostRow of(NodeInfo n) {
        return new HostRow(null, n);
    }

    /**
     * The rows for {@code hosts} and {@code nodes}: a CSP host and a CSI node with the same name
     * become one row with both; hosts first in their order, then the nodes left over.
     */
    public static List<HostRow> merge(List<Host> hosts, List<NodeInfo> nodes) {
        java.util.Map<String, NodeInfo> byId = new java.util.LinkedHashMap<>();
        for (NodeInfo n : nodes) byId.putIfAbsent(n.nodeId(), n);
        List<HostRow> rows = new ArrayList<>();
        for (Host h : hosts) {
            NodeInfo node = null;
            for (String id : nodeIdsOf(h)) {
                node = byId.remove(id);
                if (node != null) break;
            }
            rows.add(new HostRow(h, node));
        }
        for (NodeInfo n : byId.values()) rows.add(of(n));
        return rows;
    }

    /**
     * The CSI {@code node_id}s a CSP host may go by, most likely first: its name (the CSP host of a
     * Kubernetes node is named after it), its uuid (the HPE CSI driver's node id, to which volumes
     * are published) and its id.
     */
    public static List<String> nodeIdsOf(Host h) {
        java.util.LinkedHashSet<String> ids = new java.util.LinkedHashSet<>();
        for (String id : List.of(h.name(), h.uuid(), h.id())) if (!id.isEmpty()) ids.add(id);
        return List.copyOf(ids);
    }

    /** The node ids this row goes by: the CSI node's, and the ones its CSP host may go by ({@link #nodeIdsOf}). */
    public List<String> nodeIds() {
        java.util.LinkedHashSet<String> ids = new java.util.LinkedHashSet<>();
        if (isNode()) ids.add(node.nodeId());
        if (isHost()) ids.addAll(nodeIdsOf(host));
        return List.copyOf(ids);
    }

    /** Whether the row has a CSI node (alone or with a CSP host of the same name). */
    public boolean isNode() {
        return node != null;
    }

    public boolean isHost() {
        return host != null;
    }

    public String key() {
        return isHost() ? "host:" + host.id() : "node:" + node.nodeId();
    }

    public String name() {
        return isHost() ? (host.name().isEmpty() ? host.id() : host.name()) : node.nodeId();
    }

    public String kind() {
        return isHost() && isNode() ? "CSP host + CSI node" : isHost() ? "CSP host" : "CSI node";
    }

    public String id() {
        return isHost() ? host.id() : node.nodeId();
    }

    /** Initiators with their type, e.g. {@code IQN iqn.2026-01...}. */
    public List<String> initiators() {
        List<String> out = new ArrayList<>();
        if (!isHost()) return out;
        host.iqns().forEach(i -> out.add("IQN " + i));
        host.wwpns().forEach(w -> out.add("WWPN " + w));
        host.nqns().forEach(n -> out.add("NQN " + n));
        return out;
    }

    public String protocol() {
        if (!isHost() || host.accessProtocol() == null) return "";
        return switch (host.accessProtocol()) {
            case ISCSI -> "iSCSI";
            case FC -> "Fibre Channel";
            case NVME_TCP -> "NVMe/TCP";
        };
    }

    public String networks() {
        return isHost() ? String.join(", ", host.networks()) : "";
    }

    /** CHAP in words with the password masked; empty without CHAP. */
    public String chap() {
        if (!isHost() || host.chapUser().isEmpty()) return "";
        return "user " + host.chapUser() + ", password " + MASK;
    }

    public String topology() {
        return !isNode() || node.accessibleTopology() == null ? "" : node.accessibleTopology().toString();
    }

    public String maxVolumes() {
        return !isNode() || node.maxVolumesPerNode() <= 0 ? "" : String.valueOf(node.maxVolumesPerNode());
    }
}
