package org.csiconsole.core.reference.cspserver;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the CSP server accepts in a request body, route by route. Every refusal is a
 * {@link CspProblem} with status 400 and a message that names the attribute and says what to send.
 *
 * <p>Server-owned attributes follow one rule (OpenAPI 1.1.0 marks {@code id} {@code readOnly} on
 * every object; {@code published}, {@code volume_name}, {@code volumes}, {@code snapshots} and the
 * like are reported by the server too): a body may carry them, as HPE's Go client
 * (hpe-storage/common-host-libs, {@code model} package) does with its zero values, and they are
 * ignored when they are empty, default, or agree with the path or the stored object. Only a value
 * that contradicts them is refused.
 *
 * <p>{@code config} values are strings (StorageClass parameters, hpe-csp-rest-spec.md "volumes");
 * numbers, booleans and null are taken as their text. A nested object or array is refused, since it
 * could only be stored as text that no longer reads as the JSON that was sent.
 */
final class CspRequestRules {
    static final Set<String> PROTOCOLS = Set.of("iscsi", "fc", "nvmetcp");

    private CspRequestRules() {
    }

    // ---------------------------------------------------------------- volumes

    /** POST /volumes. {@code id} is ignored; a new volume cannot already be {@code published}. */
    static void volumeCreate(CspWire.VolumeJson v) {
        name(v.name(), "Volume");
        boolean clone = Boolean.TRUE.equals(v.isClone()) || !blank(v.baseSnapshotId());
        if (clone && blank(v.baseSnapshotId())) {
            throw CspProblem.badRequest("A clone needs base_snapshot_id. Give the snapshot to clone from.");
        }
        if (v.size() == null && !clone) throw CspProblem.badRequest("The Volume has no size. Give size in bytes.");
        positiveSize(v.size());
        if (Boolean.TRUE.equals(v.published())) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'published': "
                    + "a new volume is not published. Leave published out and publish with PUT /volumes/{id}/actions/publish.");
        }
        config(v.config(), "Volume");
    }

    /**
     * PUT /volumes/{id}: the changes to make, with the server-owned attributes checked against the
     * stored volume and dropped.
     *
     * <p>{@code volume_group_id}: absent keeps the group, an id moves the volume into that group.
     * {@code ""} is the Go client's zero value and comes with every expand ({@code id}, {@code size},
     * {@code volume_group_id: ""}); next to another change it keeps the group, alone it takes the
     * volume out of its group (the Go client's EditVolume with only {@code volumeGroupId: ""}).
     *
     * @param pathId  the id in the path
     * @param in      the body as sent
     * @param current the stored volume
     * @return the body with only description, size, config and volume_group_id left
     */
    static CspWire.VolumeJson volumeEdit(String pathId, CspWire.VolumeJson in, CspWire.VolumeJson current) {
        if (!blank(in.id()) && !in.id().equals(pathId)) {
            throw CspProblem.badRequest("The body's id '" + in.id() + "' is not the volume id '" + pathId + "' of the path. "
                    + "Leave id out of the body, or send the path's id.");
        }
        if (!blank(in.name()) && !in.name().equals(current.name())) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'name': "
                    + "volumes cannot be renamed (volume " + pathId + " is '" + current.name() + "'). Leave name out.");
        }
        if (!blank(in.baseSnapshotId()) && !in.baseSnapshotId().equals(current.baseSnapshotId())) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'base_snapshot_id': "
                    + "it is fixed when a volume is created. Leave base_snapshot_id out.");
        }
        if (in.isClone() != null && in.isClone() != Boolean.TRUE.equals(current.isClone())) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'clone': "
                    + "volume " + pathId + (Boolean.TRUE.equals(current.isClone()) ? " is" : " is not") + " a clone. Leave clone out.");
        }
        if (in.published() != null && !in.published().equals(Boolean.TRUE.equals(current.published()))) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'published': "
                    + "it changes only with PUT /volumes/{id}/actions/publish and /actions/unpublish. Leave published out.");
        }
        positiveSize(in.size());
        config(in.config(), "Volume");
        boolean otherChange = in.description() != null || in.size() != null || in.config() != null;
        String group = in.volumeGroupId() == null ? null : in.volumeGroupId().trim();
        if (group != null && group.isEmpty() && otherChange) group = null;
        if (!otherChange && group == null) {
            throw CspProblem.badRequest("Nothing to change. Give description, size, volume_group_id or config.");
        }
        return new CspWire.VolumeJson(null, null, in.size(), in.description(), null, null, null, group, in.config());
    }

    // ---------------------------------------------------------------- snapshots

    /** POST /snapshots. {@code id}, {@code size}, {@code creation_time} and {@code ready_to_use} are ignored. */
    static void snapshotCreate(CspWire.SnapshotJson s) {
        name(s.name(), "Snapshot");
        require(s.volumeId(), "volume_id", "Snapshot");
        config(s.config(), "Snapshot");
    }

    /** POST /snapshots: a {@code volume_name} must be the name of the volume {@code volume_id} names. */
    static void snapshotVolumeName(CspWire.SnapshotJson s, CspWire.VolumeJson volume) {
        if (!blank(s.volumeName()) && !s.volumeName().equals(volume.name())) {
            throw CspProblem.badRequest("The Snapshot's volume_name '" + s.volumeName() + "' is not the name of volume "
                    + volume.id() + " ('" + volume.name() + "'). Leave volume_name out, or send the volume's name.");
        }
    }

    // ---------------------------------------------------------------- groups

    /** POST /volume_groups. {@code id} and {@code creation_time} are ignored; a new group has no {@code volumes}. */
    static void volumeGroupCreate(CspWire.VolumeGroupJson g) {
        name(g.name(), "VolumeGroup");
        if (g.volumes() != null && !g.volumes().isEmpty()) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'volumes': "
                    + "a new volume group is empty. Create it, then add volumes with PUT /volumes/{id} and volume_group_id.");
        }
        config(g.config(), "VolumeGroup");
    }

    /**
     * POST /snapshot_groups. {@code id} and {@code creation_time} are ignored; {@code snapshots} must
     * be empty (the server snapshots every member of the volume group).
     */
    static void snapshotGroupCreate(CspWire.SnapshotGroupJson g) {
        name(g.name(), "SnapshotGroup");
        require(g.volumeGroupId(), "volume_group_id", "SnapshotGroup");
        if (g.snapshots() != null && !g.snapshots().isEmpty()) {
            throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument 'snapshots': "
                    + "a snapshot group snapshots every volume of its volume group. Leave snapshots out.");
        }
        config(g.config(), "SnapshotGroup");
    }

    /** POST /snapshot_groups: a {@code volume_group_name} must be the name of the group {@code volume_group_id} names. */
    static void snapshotGroupName(CspWire.SnapshotGroupJson g, CspWire.VolumeGroupJson group) {
        if (!blank(g.volumeGroupName()) && !g.volumeGroupName().equals(group.name())) {
            throw CspProblem.badRequest("The SnapshotGroup's volume_group_name '" + g.volumeGroupName() + "' is not the name of "
                    + "volume group " + group.id() + " ('" + group.name() + "'). Leave volume_group_name out, or send the group's name.");
        }
    }

    // ---------------------------------------------------------------- hosts and publish

    /** POST /hosts. {@code id} is ignored (the server assigns it). */
    static void hostCreate(CspWire.HostJson h) {
        name(h.name(), "Host");
        require(h.uuid(), "uuid", "Host");
        if (empty(h.iqns()) && empty(h.wwpns()) && empty(h.nqns())) {
            throw CspProblem.badRequest("The Host has no initiators. Give iqns (iSCSI), wwpns (FC) or nqns (NVMe/TCP).");
        }
        if (!empty(h.iqns()) && empty(h.networks())) {
            throw CspProblem.badRequest("The Host has iqns but no networks. Give the host's iSCSI networks, e.g. 172.28.12.161/20.");
        }
        if (blank(h.chapUser()) != blank(h.chapPassword())) {
            throw CspProblem.badRequest("The Host has only half of its CHAP settings. Give both chap_user and chap_password, or neither.");
        }
        if (h.accessProtocol() != null && !h.accessProtocol().isEmpty()
                && !PROTOCOLS.contains(h.accessProtocol().toLowerCase(Locale.ROOT))) {
            throw CspProblem.badRequest("Unknown access_protocol '" + h.accessProtocol() + "'. Use iscsi, fc or nvmetcp.");
        }
    }

    /** PUT /volumes/{id}/actions/publish: the access protocol, lower case. */
    static String publishProtocol(CspWire.PublishOptionsJson o) {
        require(o.hostUuid(), "host_uuid", "PublishOptions");
        require(o.accessProtocol(), "access_protocol", "PublishOptions");
        String proto = o.accessProtocol().trim().toLowerCase(Locale.ROOT);
        if (!PROTOCOLS.contains(proto)) {
            throw CspProblem.badRequest("Unknown access_protocol '" + o.accessProtocol() + "'. Use iscsi, fc or nvmetcp.");
        }
        return proto;
    }

    // ---------------------------------------------------------------- shared

    /** Refuses a {@code config} value that is a JSON object or array. */
    static void config(Map<String, Object> config, String object) {
        if (config == null) return;
        for (Map.Entry<String, Object> e : config.entrySet()) {
            Object v = e.getValue();
            if (v instanceof Map<?, ?> || v instanceof List<?>) {
                throw CspProblem.badRequest("The " + object + " config value of '" + e.getKey() + "' is a JSON "
                        + (v instanceof Map<?, ?> ? "object" : "array") + ". Config values are strings: send it as a string.");
            }
        }
    }

    static void require(String value, String field, String object) {
        if (blank(value)) throw CspProblem.badRequest("The " + object + " has no " + field + ". Give " + field + ".");
    }

    static void name(String value, String object) {
        require(value, "name", object);
        if (value.length() > 255 || value.chars().anyMatch(Character::isISOControl)) {
            throw CspProblem.badRequest("The " + object + " name is not valid: use at most 255 printable characters.");
        }
    }

    private static void positiveSize(Long size) {
        if (size != null && size <= 0) {
            throw CspProblem.badRequest("The Volume size must be a positive number of bytes, not " + size + ".");
        }
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static boolean empty(List<?> l) {
        return l == null || l.isEmpty() || l.stream().allMatch(Objects::isNull);
    }
}
