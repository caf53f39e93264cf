package org.csiconsole.core.reference.cspserver;

import java.util.List;
import java.util.Optional;

/**
 * The array state behind the CSP server, in the terms of hpe-csp-rest-spec.md. Every method works
 * on one array, named as {@link CspServerConfig#arrays()} maps the request's {@code x-array-ip}.
 * Refusals are thrown as {@link CspProblem} with the status the spec gives (400 bad input or a
 * published volume, 404 unknown id, 409 conflict). A mutation is durable when the method returns.
 * Input records come from the request body as sent; required fields have been checked by the
 * server.
 */
public interface CspBackend {
    /** GET /hosts (OpenAPI 1.1.0). Hosts carry no CHAP password. */
    List<CspWire.HostJson> hosts(String array);

    /** POST /hosts; 400 on a bad initiator, 409 when the UUID or name is taken by a different host. */
    CspWire.HostJson createHost(String array, CspWire.HostJson host);

    /** DELETE /hosts/{id} or /hosts?uuid=; 404 when unknown, 400 while volumes are published to it. */
    void deleteHost(String array, String idOrUuid);

    /** GET /volumes. */
    List<CspWire.VolumeJson> volumes(String array);

    /** GET /volumes/{id}. */
    Optional<CspWire.VolumeJson> volume(String array, String id);

    /** POST /volumes: a new volume, or a clone when {@code base_snapshot_id} is set (size may be null then). */
    CspWire.VolumeJson createVolume(String array, CspWire.VolumeJson request);

    /**
     * PUT /volumes/{id}: description, config and size (growth only); {@code volume_group_id} null
     * keeps the group, {@code ""} leaves it, an id joins that group. The server has already checked
     * and dropped the read-only attributes ({@link CspRequestRules#volumeEdit}). 400 on a config key
     * that cannot be changed ("Unexpected argument 'k'"), 404 when unknown.
     */
    CspWire.VolumeJson editVolume(String array, String id, CspWire.VolumeJson request);

    /** PUT /volumes/{id}/actions/publish; 404 for an unknown volume or host UUID, 400 for a protocol the host lacks. */
    CspWire.PublishInfoJson publish(String array, String volumeId, String hostUuid, String accessProtocol);

    /** PUT /volumes/{id}/actions/unpublish; 404 when either is unknown. Unpublishing twice is not an error. */
    void unpublish(String array, String volumeId, String hostUuid);

    /** DELETE /volumes/{id}; 400 "Cannot delete a published volume" unless {@code force}; 409 when it has snapshots. */
    void deleteVolume(String array, String id, boolean force);

    /**
     * GET /snapshots?volume_id=: the snapshots of one volume, 404 when the volume is unknown; with
     * {@code volumeId} null (GET /snapshots), every snapshot of the array, by snapshot id.
     */
    List<CspWire.SnapshotJson> snapshots(String array, String volumeId);

    /** GET /snapshots/{id}. */
    Optional<CspWire.SnapshotJson> snapshot(String array, String id);

    /** POST /snapshots, keeping its description; 404 for an unknown volume, 409 when the name is taken on another volume. */
    CspWire.SnapshotJson createSnapshot(String array, CspWire.SnapshotJson request);

    /** DELETE /snapshots/{id}; 404 when unknown, 409 while a clone of it exists. */
    void deleteSnapshot(String array, String id);

    /** GET /volume_groups. */
    List<CspWire.VolumeGroupJson> volumeGroups(String array);

    /** GET /volume_groups/{id}. */
    Optional<CspWire.VolumeGroupJson> volumeGroup(String array, String id);

    /** POST /volume_groups; the existing group for a compatible repeat, 409 when the name is taken with other arguments. */
    CspWire.VolumeGroupJson createVolumeGroup(String array, CspWire.VolumeGroupJson request);

    /** DELETE /volume_groups/{id}; 404 when unknown, 409 while it has member volumes. */
    void deleteVolumeGroup(String array, String id);

    /** GET /snapshot_groups?volume_group_id=; 404 when the volume group is unknown. */
    List<CspWire.SnapshotGroupJson> snapshotGroups(String array, String volumeGroupId);

    /** GET /snapshot_groups/{id}. */
    Optional<CspWire.SnapshotGroupJson> snapshotGroup(String array, String id);

    /** POST /snapshot_groups: snapshots every member of the volume group; 404 when it is unknown. */
    CspWire.SnapshotGroupJson createSnapshotGroup(String array, CspWire.SnapshotGroupJson request);

    /** DELETE /snapshot_groups/{id}; 404 when unknown. */
    void deleteSnapshotGroup(String array, String id);

    /** GET /replication_partners. */
    List<CspWire.ReplicationPartnerJson> partners(String array);
}
