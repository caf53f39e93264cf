package org.csiconsole.views.hosts;

import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the hosts and nodes view: a CSP host (initiators, networks, CHAP) or a CSI node
 * (NodeGetInfo or a published node id, with topology). Exactly one of {@code host} and {@code node}
 * is set.
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
        return isHost() ? "CSP host" : "CSI node";
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
        return isHost() || node.accessibleTopology() == null ? "" : node.accessibleTopology().toString();
    }

    public String maxVolumes() {
        return isHost() || node.maxVolumesPerNode() <= 0 ? "" : String.valueOf(node.maxVolumesPerNode());
    }
}
