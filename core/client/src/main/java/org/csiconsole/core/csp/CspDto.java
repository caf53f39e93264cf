package org.csiconsole.core.csp;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * Wire shapes of the CSP REST API, one record per object table of hpe-csp-rest-spec.md ("Objects")
 * plus the OpenAPI 1.1.0 additions. Component names map to snake_case JSON names; unknown fields
 * are ignored; every field is nullable here and {@link CspMapping} checks the mandatory ones.
 * Fields marked {@link CspSecret} are redacted wherever JSON is recorded.
 */
final class CspDto {
    private CspDto() {
    }

    /** {@code Token}: POST /containers/v1/tokens request and response. */
    record Token(String id, String username, @CspSecret String password, String arrayIp,
                 @CspSecret String sessionToken, Long creationTime, Long expiryTime) {
        @Override
        public String toString() {
            return "Token[id=" + id + ", username=" + username + ", array_ip=" + arrayIp + "]";
        }
    }

    /** {@code Host}, with OpenAPI 1.1.0 {@code nqns}, {@code access_protocol}, {@code virtual_domain}. */
    record Host(String id, String uuid, String name, List<String> iqns, List<String> wwpns, List<String> nqns,
                List<String> networks, String chapUser, @CspSecret String chapPassword, String accessProtocol,
                String virtualDomain) {
        @Override
        public String toString() {
            return "Host[id=" + id + ", uuid=" + uuid + ", name=" + name + "]";
        }
    }

    /** {@code Volume}; {@code size} is in bytes. */
    record Volume(String id, String name, Long size, String description, String baseSnapshotId, @JsonProperty("clone") Boolean isClone,
                  String volumeGroupId, Boolean published, Map<String, Object> config) {
    }

    /** {@code PublishOptions}. */
    record PublishOptions(String hostUuid, String accessProtocol) {
    }

    /** {@code UnpublishOptions}. */
    record UnpublishOptions(String hostUuid) {
    }

    /** {@code PublishInfo}; the spec spells the peer list {@code PeerArrayDetails}. */
    record PublishInfo(String serialNumber, String accessProtocol, Long lunId,
                       @JsonProperty("PeerArrayDetails") @JsonAlias({"peer_array_details", "peerArrayDetails"})
                       List<SecondaryLunInfo> peerArrayDetails,
                       List<String> targetNames, List<String> discoveryIps, String chapUser,
                       @CspSecret String chapPassword) {
        @Override
        public String toString() {
            return "PublishInfo[serial_number=" + serialNumber + ", lun_id=" + lunId + "]";
        }
    }

    /** {@code SecondaryLunInfo}. */
    record SecondaryLunInfo(Long lunId, List<String> targetNames, List<String> discoveryIps) {
    }

    /** {@code Snapshot}; {@code creation_time} is in seconds since the epoch. */
    record Snapshot(String id, String name, Long size, String description, String volumeId, String volumeName,
                    Long creationTime, Boolean readyToUse, Map<String, Object> config) {
    }

    /** {@code VolumeGroup}. */
    record VolumeGroup(String id, String name, String description, Long creationTime, List<Volume> volumes,
                       Map<String, Object> config) {
    }

    /** {@code SnapshotGroup}; the object table calls the members {@code volumes}, the examples {@code snapshots}. */
    record SnapshotGroup(String id, String name, String volumeGroupId, String volumeGroupName, Long creationTime,
                         @JsonAlias("volumes") List<Snapshot> snapshots, Map<String, Object> config) {
    }

    /**
     * {@code ReplicationPartner}: the object table and OpenAPI say {@code name}, {@code is_alive} /
     * {@code alive} and {@code repl_role}; the spec's example says {@code partner_name},
     * {@code repl_direction} and a string {@code "true"}. Both are read.
     */
    record ReplicationPartner(String id, @JsonAlias("partner_name") String name, Boolean alive, Boolean isAlive,
                              String replRole, String replDirection) {
    }

    /** Request body of POST /volumes (create and clone) and PUT /volumes/{id} (edit, expand). */
    record VolumeRequest(String name, Long size, String description, String baseSnapshotId, @JsonProperty("clone") Boolean isClone,
                         String volumeGroupId, Map<String, Object> config) {
    }

    /** Request body of POST /snapshots. */
    record SnapshotRequest(String name, String description, String volumeId, Map<String, Object> config) {
    }

    /** Request body of POST /volume_groups. */
    record VolumeGroupRequest(String name, String description, Map<String, Object> config) {
    }

    /** Request body of POST /snapshot_groups. */
    record SnapshotGroupRequest(String name, String volumeGroupId, Map<String, Object> config) {
    }
}
