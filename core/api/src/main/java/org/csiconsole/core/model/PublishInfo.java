package org.csiconsole.core.model;

import java.util.List;
import java.util.Objects;

/**
 * What a host needs to find a published volume (hpe-csp-rest-spec.md, objects {@code PublishInfo}
 * and {@code SecondaryLunInfo}). The CHAP password the CSP may return is deliberately not kept:
 * {@link #chapConfigured()} only says whether CHAP applies.
 *
 * @param serialNumber the volume serial number seen by the host
 * @param accessProtocol the protocol the volume was published with
 * @param lunId the LUN number on the primary array
 * @param targetNames iSCSI target IQNs (or NVMe subsystem NQNs); empty for FC
 * @param discoveryIps iSCSI discovery addresses; empty for FC
 * @param chapUser CHAP user, empty when none
 * @param chapConfigured true when the CSP returned CHAP credentials
 * @param peers LUNs on peer arrays (synchronous replication, {@code PeerArrayDetails}); never null
 */
public record PublishInfo(
        String serialNumber,
        AccessProtocol accessProtocol,
        long lunId,
        List<String> targetNames,
        List<String> discoveryIps,
        String chapUser,
        boolean chapConfigured,
        List<PeerLun> peers) {

    public PublishInfo {
        Objects.requireNonNull(serialNumber, "serialNumber");
        targetNames = targetNames == null ? List.of() : List.copyOf(targetNames);
        discoveryIps = discoveryIps == null ? List.of() : List.copyOf(discoveryIps);
        chapUser = chapUser == null ? "" : chapUser;
        peers = peers == null ? List.of() : List.copyOf(peers);
    }

    /**
     * A LUN on a peer array ({@code SecondaryLunInfo}).
     *
     * @param lunId LUN number on the peer
     * @param targetNames iSCSI target IQNs on the peer; never null
     * @param discoveryIps iSCSI discovery addresses of the peer; never null
     */
    public record PeerLun(long lunId, List<String> targetNames, List<String> discoveryIps) {
        public PeerLun {
            targetNames = targetNames == null ? List.of() : List.copyOf(targetNames);
            discoveryIps = discoveryIps == null ? List.of() : List.copyOf(discoveryIps);
        }
    }
}
