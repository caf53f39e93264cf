package org.csiconsole.core.port;

import org.csiconsole.core.model.AccessProtocol;

import java.util.List;

/**
 * A host to register (POST /containers/v1/hosts; hpe-csp-rest-spec.md object {@code Host}, plus
 * OpenAPI 1.1.0 {@code nqns}, {@code access_protocol}, {@code virtual_domain}).
 *
 * @param name host name
 * @param uuid host UUID; volumes are published to it
 * @param iqns iSCSI IQNs (when no WWPNs or NQNs)
 * @param wwpns FC WWPNs (when no IQNs or NQNs)
 * @param nqns NVMe host NQNs
 * @param networks CIDR networks, required with IQNs
 * @param chapUser CHAP user, null for none
 * @param chapPassword CHAP secret, null for none; masked as {@code ***} in {@link #toString()}
 *        (the CSP client's mask) and in the call trace
 * @param accessProtocol protocol the host attaches with; null to leave it to the CSP
 * @param virtualDomain virtual domain, null for none
 */
public record HostRequest(String name, String uuid, List<String> iqns, List<String> wwpns, List<String> nqns,
                      List<String> networks, String chapUser, String chapPassword, AccessProtocol accessProtocol,
                      String virtualDomain) {
    public HostRequest {
        iqns = iqns == null ? List.of() : List.copyOf(iqns);
        wwpns = wwpns == null ? List.of() : List.copyOf(wwpns);
        nqns = nqns == null ? List.of() : List.copyOf(nqns);
        networks = networks == null ? List.of() : List.copyOf(networks);
    }

    /** An iSCSI host without CHAP. */
    public static HostRequest iscsi(String name, String uuid, List<String> iqns, List<String> networks) {
        return new HostRequest(name, uuid, iqns, null, null, networks, null, null, AccessProtocol.ISCSI, null);
    }

    /** A Fibre Channel host. */
    public static HostRequest fc(String name, String uuid, List<String> wwpns) {
        return new HostRequest(name, uuid, null, wwpns, null, null, null, null, AccessProtocol.FC, null);
    }

    @Override
    public String toString() {
        return "HostRequest[name=" + name + ", uuid=" + uuid + ", iqns=" + iqns + ", wwpns=" + wwpns + ", nqns=" + nqns
                + ", networks=" + networks + ", chapUser=" + chapUser + ", chapPassword="
                + (chapPassword == null ? "null" : "***") + "]";
    }
}
