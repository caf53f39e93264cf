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

    private static final java.util.regex.Pattern IQN = java.util.regex.Pattern.compile("^(iqn\\.\\d{4}-\\d{2}\\..+|eui\\.[0-9A-Fa-f]{16})$");
    private static final java.util.regex.Pattern WWPN = java.util.regex.Pattern.compile("^([0-9A-Fa-f]{2}:){7}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{16}$");
    private static final java.util.regex.Pattern NQN = java.util.regex.Pattern.compile("^nqn\\.\\d{4}-\\d{2}\\..+$");
    private static final java.util.regex.Pattern CIDR = java.util.regex.Pattern.compile("^\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}$");

    /**
     * What is wrong with {@code initiators} for protocol {@code p}, in a sentence a person can act on; empty when they are
     * fine: at least one, each an IQN (or EUI) for iSCSI, a WWPN for FC, an NQN for NVMe/TCP.
     */
    public static String checkInitiators(AccessProtocol p, List<String> initiators) {
        if (initiators.isEmpty()) return "Give at least one initiator.";
        for (String i : initiators) {
            boolean ok = switch (p) {
                case ISCSI -> IQN.matcher(i).matches();
                case FC -> WWPN.matcher(i).matches();
                case NVME_TCP -> NQN.matcher(i).matches();
            };
            if (!ok) {
                return "'" + i + "' is not " + switch (p) {
                    case ISCSI -> "an IQN, e.g. iqn.2026-01.com.example:host1";
                    case FC -> "a WWPN, e.g. 50:00:00:00:00:00:00:01";
                    case NVME_TCP -> "an NQN, e.g. nqn.2014-08.org.nvmexpress:uuid:...";
                } + ".";
            }
        }
        return "";
    }

    /** What is wrong with {@code networks} for protocol {@code p}; empty when fine: each in CIDR form, at least one for iSCSI. */
    public static String checkNetworks(AccessProtocol p, List<String> networks) {
        for (String n : networks) if (!CIDR.matcher(n).matches()) return "'" + n + "' is not a network in CIDR form, e.g. 10.0.1.21/24.";
        return p == AccessProtocol.ISCSI && networks.isEmpty() ? "An iSCSI host needs at least one network." : "";
    }

    /** What is wrong with a CHAP user and password given together or not; empty when both or neither are given. */
    public static String checkChap(String user, String password) {
        boolean u = user != null && !user.isEmpty();
        boolean p = password != null && !password.isEmpty();
        return u && !p ? "Give the CHAP password for user " + user + "." : !u && p ? "Give the CHAP user too, or clear the password." : "";
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
