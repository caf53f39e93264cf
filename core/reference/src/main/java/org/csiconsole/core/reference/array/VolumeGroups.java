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
     * Creates a volume group with the given members, or returns the existing group of that name
     * when the members match (idempotent).
     *
     * @throws ModelException ALREADY_EXISTS same name, other members; NOT_FOUND member missing;
     *                        INVALID_ARGUMENT members on different arrays; FAILED_PRECONDITION a
     *                        member already in another group
     */
    public VolumeGroupRecord create(String name, String description, Map<String, String> parameters,
                                               List<String> volumeIds) {
        if (name == null || name.isBlank()) {
            throw ModelException.invalid("A volume group name is required.");
        }
        return tables.mutate(tx -> {
            VolumeGroupRecord existing = tables.groups.byName(name);
            if (existing != null) {
                if (new HashSet<>(existing.volumeIds()).equals(new HashSet<>(volumeIds))) {
                    return existing;
                }
                throw ModelException.exists("Volume group name " + name + " is already used by group "
                        + existing.id() + " with other members. Use another name or modify that group.");
            }
            String array = checkMembers(null, volumeIds);
            if (array == null) {
                array = tables.arrays.rows.isEmpty() ? "" : tables.arrays.rows.firstKey();
            }
            String id = tx.nextId("group", "vg-%06d");
            VolumeGroupRecord g = new VolumeGroupRecord(id, name, array, description, parameters,
                    List.copyOf(new java.util.LinkedHashSet<>(volumeIds)), clock.millis());
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
