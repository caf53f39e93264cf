package org.csiconsole.core.reference.array;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The volume groups aggregate of the {@link ArrayModel}: groups of volumes on one array, their
 * membership, and the volume-to-group index.
 */
public final class VolumeGroups {
    private final ModelTables tables;
    private final Clock clock;

    VolumeGroups(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
    }

    /** All volume groups. */
    public List<VolumeGroupRecord> all() {
        return List.copyOf(tables.groups.rows.values());
    }

    /** The volume group with this id. */
    public Optional<VolumeGroupRecord> get(String id) {
        return Optional.ofNullable(tables.groups.get(id));
    }

    /** The volume group created with this name. */
    public Optional<VolumeGroupRecord> byName(String name) {
        return Optional.ofNullable(tables.groups.byName(name));
    }

    /** The group a volume belongs to. */
    public Optional<VolumeGroupRecord> of(String volumeId) {
        String g = tables.groupOfVolume.get(volumeId);
        return g == null ? Optional.empty() : Optional.ofNullable(tables.groups.get(g));
    }

    /**
     * The group a repeated create names: the existing group with {@code spec.name()} when the spec
     * is compatible with it, empty when no group has that name. This is the one CreateVolumeGroup
     * idempotency rule, applied by both faces (csi-addons CreateVolumeGroup and CSP POST
     * /volume_groups) and by {@link #create(VolumeGroupSpec)}. csi-addons/spec volumegroup
     * "CreateVolumeGroup": a group of that name that "is compatible with the specified parameters"
     * is answered with 0 OK, an incompatible one with ALREADY_EXISTS; the CSP OpenAPI 1.1.0 answers
     * POST /volume_groups with 200 and the group. Compatible means all of:
     * <ul>
     *   <li>equal parameters (CSP {@code config});</li>
     *   <li>when the spec names volumes, the group's members are exactly those (in any order); a
     *       spec naming none matches any members, since an empty group is created to hold volumes
     *       that join later (ModifyVolumeGroupMembership, or a CSP volume's {@code volume_group_id});</li>
     *   <li>when the spec names an array and the group has members, the group lives on that array.</li>
     * </ul>
     * The description is free text and not compared.
     *
     * @throws ModelException ALREADY_EXISTS (gRPC ALREADY_EXISTS, CSP 409) when a group with that
     *                        name exists and is incompatible
     */
    public Optional<VolumeGroupRecord> existingFor(VolumeGroupSpec spec) {
        VolumeGroupRecord existing = tables.groups.byName(spec.name());
        if (existing == null) {
            return Optional.empty();
        }
        if (!compatible(existing, spec)) {
            throw ModelException.exists("Volume group name " + spec.name() + " is already used by group "
                    + existing.id() + " with other arguments (parameters " + existing.parameters().keySet()
                    + ", members " + existing.volumeIds() + (existing.volumeIds().isEmpty() ? "" : " on array "
                    + existing.array()) + "). Use another name or repeat the original request.");
        }
        return Optional.of(existing);
    }

    private static boolean compatible(VolumeGroupRecord g, VolumeGroupSpec s) {
        return g.parameters().equals(s.parameters())
                && (s.volumeIds().isEmpty() || new HashSet<>(g.volumeIds()).equals(new HashSet<>(s.volumeIds())))
                && (s.array() == null || g.volumeIds().isEmpty() || s.array().equals(g.array()));
    }

    /** {@link #create(VolumeGroupSpec)} for a request that names no array. */
    public VolumeGroupRecord create(String name, String description, Map<String, String> parameters,
                                    List<String> volumeIds) {
        return create(new VolumeGroupSpec(name, description, parameters, volumeIds, null));
    }

    /**
     * Creates a volume group with the spec's members, or returns the existing group of that name
     * when {@link #existingFor(VolumeGroupSpec)} finds it compatible. A group without members lives
     * on the spec's array, else on the first array, until its first member places it.
     *
     * @throws ModelException INVALID_ARGUMENT no name, members on different arrays or on another
     *                        array than the spec's; ALREADY_EXISTS same name, incompatible arguments;
     *                        NOT_FOUND member missing; FAILED_PRECONDITION a member already in
     *                        another group
     */
    public VolumeGroupRecord create(VolumeGroupSpec spec) {
        if (spec.name() == null || spec.name().isBlank()) {
            throw ModelException.invalid("A volume group name is required.");
        }
        return tables.mutate(tx -> {
            Optional<VolumeGroupRecord> existing = existingFor(spec);
            if (existing.isPresent()) {
                return existing.get();
            }
            String array = checkMembers(null, spec.volumeIds());
            if (array != null && spec.array() != null && !array.equals(spec.array())) {
                throw ModelException.invalid("The volumes are on array " + array + " but the request addresses array "
                        + spec.array() + ". A volume group lives on one array.");
            }
            if (array == null) {
                array = spec.array() != null ? spec.array()
                        : tables.arrays.rows.isEmpty() ? "" : tables.arrays.rows.firstKey();
            }
            String id = tx.nextId("group", "vg-%06d");
            VolumeGroupRecord g = new VolumeGroupRecord(id, spec.name(), array, spec.description(), spec.parameters(),
                    List.copyOf(new java.util.LinkedHashSet<>(spec.volumeIds())), clock.millis());
            tx.put(tables.groups, id, g);
            return g;
        });
    }

    private String checkMembers(String groupId, List<String> volumeIds) {
        String array = null;
        for (String vid : volumeIds) {
            VolumeRecord v = tables.requireVolume(vid);
            if (array != null && !array.equals(v.array())) {
                throw ModelException.invalid("Volume " + vid + " is on array " + v.array() + " but other members are on "
                        + array + ". A volume group lives on one array.");
            }
            array = v.array();
            String other = tables.groupOfVolume.get(vid);
            if (other != null && !other.equals(groupId)) {
                throw ModelException.precondition("Volume " + vid + " is already a member of volume group " + other
                        + ". Remove it from that group first.");
            }
        }
        if (groupId != null && array != null && !array.equals(tables.groups.get(groupId).array())
                && !tables.groups.get(groupId).volumeIds().isEmpty()) {
            throw ModelException.invalid("Volume group " + groupId + " lives on array " + tables.groups.get(groupId).array()
                    + "; members must be on that array.");
        }
        return array;
    }

    /**
     * Replaces the membership of a volume group (csi-addons ModifyVolumeGroupMembership).
     *
     * @throws ModelException NOT_FOUND group or member; FAILED_PRECONDITION member of another group
     *                        or the group is replicated; INVALID_ARGUMENT members on another array
     */
    public VolumeGroupRecord setMembers(String groupId, List<String> volumeIds) {
        return tables.mutate(tx -> {
            VolumeGroupRecord g = tables.groups.get(groupId);
            if (g == null) {
                throw ModelException.notFound("Volume group " + groupId + " does not exist.");
            }
            if (tables.pairOfSide.containsKey(groupId) && !new HashSet<>(g.volumeIds()).equals(new HashSet<>(volumeIds))) {
                throw ModelException.precondition("Volume group " + groupId
                        + " is replicated; disable its replication before changing members.");
            }
            String array = checkMembers(groupId, volumeIds);
            VolumeGroupRecord n = new VolumeGroupRecord(g.id(), g.name(), array == null ? g.array() : array,
                    g.description(), g.parameters(), List.copyOf(new java.util.LinkedHashSet<>(volumeIds)),
                    g.createdAtMs());
            tx.put(tables.groups, groupId, n);
            return n;
        });
    }

    /**
     * Deletes a volume group (its volumes stay); false when it did not exist.
     *
     * @throws ModelException FAILED_PRECONDITION when the group is replicated
     */
    public boolean delete(String groupId) {
        return tables.mutate(tx -> {
            if (tables.groups.get(groupId) == null) {
                return false;
            }
            if (tables.pairOfSide.containsKey(groupId)) {
                throw ModelException.precondition("Volume group " + groupId
                        + " is replicated. Disable its replication first.");
            }
            tx.delete(tables.groups, groupId);
            return true;
        });
    }
}
