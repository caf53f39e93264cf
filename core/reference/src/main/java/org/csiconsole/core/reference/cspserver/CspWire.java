package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * JSON shapes the CSP server reads and writes, one record per object table of
 * hpe-csp-rest-spec.md ("Objects") plus the OpenAPI 1.1.0 additions, named after the spec's object
 * with a {@code Json} suffix ({@code Volume} is {@link VolumeJson}) so they never share a name with
 * the domain records of {@code core.model} or the client's {@code CspDto} records. Record components are written
 * in snake_case; null components are left out of responses; unknown request fields are ignored.
 * Sizes are bytes, times are seconds since the epoch.
 */
public final class CspWire {
    private CspWire() {
    }

    /** POST /tokens request. The password is a char array so it can be wiped after the check. */
    public record LoginRequest(String username, char[] password, String arrayIp) {
        /** Overwrites the password characters. */
        public void wipe() {
            if (password != null) Arrays.fill(password, '\0');
        }

        @Override
        public String toString() {
            return "LoginRequest[username=" + username + ", array_ip=" + arrayIp + "]";
        }
    }

    /** {@code Token} as POST /tokens answers it. */
    public record TokenJson(String id, String arrayIp, String username, long creationTime, long expiryTime,
                        String sessionToken) {
        @Override
        public String toString() {
            return "Token[id=" + id + ", username=" + username + "]";
        }
    }

    /** {@code Host}, with OpenAPI 1.1.0 {@code nqns}, {@code access_protocol} and {@code virtual_domain}. */
    public record HostJson(String id, String name, String uuid, List<String> iqns, List<String> wwpns, List<String> nqns,
                       List<String> networks, String chapUser, String chapPassword, String accessProtocol,
                       String virtualDomain) {
        /** The same host without its CHAP password, for responses. */
        public HostJson withoutSecret() {
            return new HostJson(id, name, uuid, iqns, wwpns, nqns, networks, chapUser, null, accessProtocol, virtualDomain);
        }

        @Override
        public String toString() {
            return "Host[id=" + id + ", name=" + name + ", uuid=" + uuid + "]";
        }
    }

    /** {@code Volume}; {@code size} in bytes. Also the body of POST /volumes and PUT /volumes/{id}. */
    public record VolumeJson(String id, String name, Long size, String description, Boolean published,
                         String baseSnapshotId, @JsonProperty("clone") Boolean isClone, String volumeGroupId,
                         Map<String, Object> config) {
    }

    /** {@code PublishOptions} (PUT /volumes/{id}/actions/publish) and {@code UnpublishOptions}. */
    public record PublishOptionsJson(String hostUuid, String accessProtocol) {
    }

    /** {@code SecondaryLunInfo}. */
    public record SecondaryLunInfoJson(Long lunId, List<String> targetNames, List<String> discoveryIps) {
    }

    /** {@code PublishInfo}; the spec spells the peer list {@code PeerArrayDetails}. */
    public record PublishInfoJson(String accessProtocol, List<String> discoveryIps, Long lunId,
                              @JsonProperty("PeerArrayDetails") List<SecondaryLunInfoJson> peerArrayDetails,
                              String serialNumber, List<String> targetNames, String chapUser, String chapPassword) {
        @Override
        public String toString() {
            return "PublishInfo[serial_number=" + serialNumber + ", lun_id=" + lunId + "]";
        }
    }

    /** {@code Snapshot}; also the body of POST /snapshots. */
    public record SnapshotJson(String id, String name, Long size, String description, String volumeId, String volumeName,
                           Long creationTime, Boolean readyToUse, Map<String, Object> config) {
    }

    /** A volume as a volume group lists it. */
    public record VolumeRef(String id, String name) {
    }

    /** {@code VolumeGroup}; also the body of POST /volume_groups. */
    public record VolumeGroupJson(String id, String name, String description, List<VolumeRef> volumes, Long creationTime,
                              Map<String, Object> config) {
    }

    /** A snapshot as a snapshot group lists it. */
    public record SnapshotRef(String id, String name, String volumeId, String volumeName) {
    }

    /**
     * {@code SnapshotGroup}; also the body of POST /snapshot_groups. Replication state is in
     * {@code config} ({@code replicate}, {@code repl_status}, {@code repl_start_time},
     * {@code repl_complete_time}), as OpenAPI 1.1.0 {@code SnapshotGroupConfig}.
     */
    public record SnapshotGroupJson(String id, String name, String volumeGroupId, String volumeGroupName, Long creationTime,
                                List<SnapshotRef> snapshots, Map<String, Object> config) {
    }

    /**
     * {@code ReplicationPartner}. Written with the OpenAPI 1.1.0 names ({@code name}, {@code is_alive},
     * {@code alive}, {@code repl_role}) and the spec example's names ({@code partner_name},
     * {@code repl_direction}), so readers of either find what they expect.
     */
    public record ReplicationPartnerJson(String id, String name, String partnerName, Boolean isAlive, Boolean alive,
                                     String replRole, String replDirection) {
        public static ReplicationPartnerJson of(String id, String name, boolean alive, String role) {
            return new ReplicationPartnerJson(id, name, name, alive, alive, role, role);
        }
    }

    /** One entry of an error body. */
    public record ErrorEntry(String code, String message) {
    }

    /** The usual error body: {@code {"errors":[{"code","message"}]}}. */
    public record Errors(List<ErrorEntry> errors) {
    }
}
