package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Map;

/**
 * A host (CSP) and CSI node, one and the same.
 *
 * @param id           host id
 * @param name         host name
 * @param nodeId       CSI node_id
 * @param iqns         iSCSI initiator names (IQN)
 * @param wwpns        Fibre Channel port names (WWPN)
 * @param nqns         NVMe qualified names (NQN)
 * @param chapUser     CHAP user, "" when none
 * @param chapPassword CHAP password (secret: never logged or printed), "" when none
 * @param topology     topology segments of this node
 * @param networks     host networks in CIDR form
 * @param maxVolumes   max_volumes_per_node (0 = unlimited)
 */
public record HostRecord(String id, String name, String nodeId, List<String> iqns, List<String> wwpns,
                         List<String> nqns, String chapUser, String chapPassword, Map<String, String> topology,
                         List<String> networks, long maxVolumes) {
    public HostRecord {
        iqns = iqns == null ? List.of() : List.copyOf(iqns);
        wwpns = wwpns == null ? List.of() : List.copyOf(wwpns);
        nqns = nqns == null ? List.of() : List.copyOf(nqns);
        networks = networks == null ? List.of() : List.copyOf(networks);
        topology = topology == null ? Map.of() : Map.copyOf(topology);
        chapUser = chapUser == null ? "" : chapUser;
        chapPassword = chapPassword == null ? "" : chapPassword;
    }

    /** "iscsi", "fc" or "nvmetcp": the protocol a publication to this host uses. */
    public String accessProtocol() {
        if (!nqns.isEmpty()) {
            return "nvmetcp";
        }
        if (!wwpns.isEmpty()) {
            return "fc";
        }
        return "iscsi";
    }

    @Override
    public String toString() {
        return "HostRecord[id=" + id + ", name=" + name + ", nodeId=" + nodeId + ", chapUser=" + chapUser
                + ", chapPassword=***]";
    }
}
