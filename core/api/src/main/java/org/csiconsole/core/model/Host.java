package org.csiconsole.core.model;

import java.util.List;
import java.util.Objects;

/**
 * A host registered with a CSP (hpe-csp-rest-spec.md, object {@code Host}; OpenAPI 1.1.0 adds
 * {@code nqns}, {@code access_protocol} and {@code virtual_domain}). The CHAP password is never part
 * of this record.
 *
 * @param id the CSP host {@code id}; never empty
 * @param uuid the host {@code uuid}, used to publish and unpublish volumes
 * @param name the host name
 * @param iqns iSCSI initiator IQNs; never null
 * @param wwpns Fibre Channel initiator WWPNs; never null
 * @param nqns NVMe host NQNs; never null
 * @param networks host networks in CIDR form, e.g. {@code 172.28.12.161/20}; never null
 * @param chapUser CHAP user, empty when CHAP is not configured
 * @param accessProtocol protocol the host attaches with; null when the CSP does not report it
 * @param virtualDomain virtual domain the host belongs to, empty when none
 */
public record Host(
        String id,
        String uuid,
        String name,
        List<String> iqns,
        List<String> wwpns,
        List<String> nqns,
        List<String> networks,
        String chapUser,
        AccessProtocol accessProtocol,
        String virtualDomain) {

    public Host {
        Objects.requireNonNull(id, "id");
        uuid = uuid == null ? "" : uuid;
        name = name == null ? "" : name;
        iqns = iqns == null ? List.of() : List.copyOf(iqns);
        wwpns = wwpns == null ? List.of() : List.copyOf(wwpns);
        nqns = nqns == null ? List.of() : List.copyOf(nqns);
        networks = networks == null ? List.of() : List.copyOf(networks);
        chapUser = chapUser == null ? "" : chapUser;
        virtualDomain = virtualDomain == null ? "" : virtualDomain;
    }
}
