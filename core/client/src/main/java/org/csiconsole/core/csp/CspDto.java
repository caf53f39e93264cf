package org.csiconsole.core.csp;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * Wire shapes of the CSP REST API as the client reads and writes them, one record per object table of
 * hpe-csp-rest-spec.md ("Objects") plus the OpenAPI 1.1.0 additions, named after the spec's object
 * with a {@code Dto} suffix ({@code Volume} is {@link VolumeDto}) so they never share a name with the
 * domain records of {@code core.model}. Component names map to snake_case JSON names; unknown fields
 * are ignored; every field is nullable here and {@link CspMapping} checks the mandatory ones.
 * Fields marked {@link CspSecret} are redacted wherever JSON is recorded.
 */
final class CspDto {
    private CspDto() {
    }

    /** {@code Token}: POST /containers/v1/tokens request and response. */
    record TokenDto(String id, String username, @CspSecret String password, String arrayIp,
                 @CspSecret String sessionToken, Long creationTime, Long expiryTime) {
        @Override
        public String toString() {
            return "Token[id=" + id + ", username=" + username + ", array_ip=" + arrayIp + "]";
        }
    }

    /** {@code Host}, with OpenAPI 1.1.0 {@code nqns}, {@code access_protocol}, {@code virtual_domain}. */
    record HostDto(String id, String uuid, String name, List<String> iqns, List<String> wwpns, List<String> nqns,
                List<String> networks, String chapUser, @CspSecret String chapPassword, String accessProtocol,
                String virtualDomain) {
        @Override
        public String toString() {
            return "Host[id=" + id + ", uuid=" + uuid + ", name=" + name + "]";
        }
    }

    /** {@code Volume}; {@code size} is in bytes. */
    record VolumeDto(String id, String name, Long size, String description, String baseSnapshotId, @JsonProperty("clone") Boolean isClone,
                  String volumeGroupId, Boolean published, Map<String, Object> config) {
    }

    /** {@code PublishOptions}. */
    record PublishOptionsDto(String hostUuid, String accessProtocol) {
    }

    /** {@code UnpublishOptions}. */
    record UnpublishOptionsDto(String hostUuid) {
    }

    /** {@code PublishInfo}; the spec spells the peer list {@code PeerArrayDetails}. */
    record PublishInfoDto(String serialNumber, String accessProtocol, Long lunId,
                       @JsonProperty("PeerArrayDetails") @JsonAlias({"peer_array_details", "peerArrayDetails"})
                       List<SecondaryLunInfoDto> peerArrayDetails,
                       List<String> targetNames, List<String> discoveryIps, String chapUser,
                       @CspSecret String chapPassword) {
        @Override
        public String toString() {
            return "PublishInfo[serial_number=" + serialNumber + ", lun_id=" + lunId + "]";
        }
    }

    /** {@code SecondaryLunInfo}. */
    record SecondaryLunInfoDto(Long lunId, List<String> targetNames, List<String> discoveryIps) {
    }

    /** {@code Snapshot}; {@code creation_time} is in seconds since the epoch. */
    record SnapshotDto(String id, String name, Long size, String description, String volumeId, String volumeName,
                    Long creationTime, Boolean readyToUse, Map<String, Object> config) {
    }

    /** {@code VolumeGroup}. */
    record VolumeGroupDto(String id, String name, String description, Long creationTime, List<VolumeDto> volumes,
                       Map<String, Object> config) {
    }

    /** {@code SnapshotGroup}; the object table calls the members {@code volumes}, the examples {@code snapshots}. */
    record SnapshotGroupDto(String id, String name, String volumeGroupId, String volumeGroupName, Long creationTime,
                         @JsonAlias("volumes") List<SnapshotDto> snapshots, Map<String, Object> config) {
    }

    /**
     * {@code ReplicationPartner}: the object table and OpenAPI say {@code name}, {@code is_alive} /
     * {@code alive} and {@code repl_role}; the spec's example says {@code partner_name},
     * {@code repl_direction} and a string {@code "true"}. Both are read.
     */
    record ReplicationPartnerDto(String id, @JsonAlias("partner_name") String name, Boolean alive, Boolean isAlive,
                              String replRole, String replDirection) {
    }

    /** Request body of POST /volumes (create and clone) and PUT /volumes/{id} (edit, expand). */
    record VolumeRequestDto(String name, Long size, String description, String baseSnapshotId, @JsonProperty("clone") Boolean isClone,
                         String volumeGroupId, Map<String, Object> config) {
    }

    /** Request body of POST /snapshots. */
    record SnapshotRequestDto(String name, String description, String volumeId, Map<String, Object> config) {
    }

    /** Request body of POST /volume_groups. */
    record VolumeGroupRequestDto(String name, String description, Map<String, Object> config) {
    }

    /** Request body of POST /snapshot_groups. */
    record SnapshotGroupRequestDto(String name, String volumeGroupId, Map<String, Object> config) {
    }
}
