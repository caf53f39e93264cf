package org.csiconsole.core.reference.array;

import static org.csiconsole.core.reference.array.ArrayModel.seedOf;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * The group snapshots aggregate of the {@link ArrayModel}: snapshots of several volumes taken
 * at one instant, with their member snapshots.
 */
public final class GroupSnapshots {
    private final ModelTables tables;
    private final Clock clock;

    GroupSnapshots(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
    }

    /** All group snapshots. */
    public List<GroupSnapshotRecord> all() {
        return List.copyOf(tables.groupSnapshots.rows.values());
    }

    /** The group snapshot with this id. */
    public Optional<GroupSnapshotRecord> get(String id) {
        return Optional.ofNullable(tables.groupSnapshots.get(id));
    }

    /**
     * Snapshots several volumes at one instant (CSI CreateVolumeGroupSnapshot, CSP
     * snapshot_groups). Idempotent by name when the source set matches.
     *
     * @throws ModelException INVALID_ARGUMENT no sources; ALREADY_EXISTS same name, other sources;
     *                        NOT_FOUND a source volume
     */
    public GroupSnapshotRecord create(String name, List<String> sourceVolumeIds, String volumeGroupId) {
        if (name == null || name.isBlank()) {
            throw ModelException.invalid("A group snapshot name is required.");
        }
        if (sourceVolumeIds.isEmpty()) {
            throw ModelException.invalid("A group snapshot needs at least one source volume.");
        }
        List<String> sorted = sourceVolumeIds.stream().distinct().sorted().toList();
        return tables.mutate(tx -> {
            GroupSnapshotRecord existing = tables.groupSnapshots.byName(name);
            if (existing != null) {
                if (existing.sourceVolumeIds().equals(sorted)) {
                    return existing;
                }
                throw ModelException.exists("Group snapshot name " + name + " is already used by "
                        + existing.id() + " with other source volumes. Use another name.");
            }
            sorted.forEach(tables::requireVolume);
            String id = tx.nextId("groupsnapshot", "gsnap-%06d");
            long now = clock.millis();
            List<String> snapIds = new ArrayList<>();
            for (String vid : sorted) {
                VolumeRecord v = tables.volumes.get(vid);
                String sid = tx.nextId("snapshot", "snap-%08d");
                tx.put(tables.snapshots, sid, new SnapshotRecord(sid, name + "-" + vid, vid, v.capacityBytes(), true, now,
                        id, seedOf(sid), ""));
                snapIds.add(sid);
            }
            GroupSnapshotRecord g = new GroupSnapshotRecord(id, name, sorted, snapIds, volumeGroupId, now, true);
            tx.put(tables.groupSnapshots, id, g);
            return g;
        });
    }

    /**
     * Deletes a group snapshot and its member snapshots; false when it did not exist.
     *
     * @throws ModelException INVALID_ARGUMENT when {@code snapshotIds} is not empty and differs from
     *                        the members (CSI DeleteVolumeGroupSnapshot)
     */
    public boolean delete(String id, Collection<String> snapshotIds) {
        return tables.mutate(tx -> {
            GroupSnapshotRecord g = tables.groupSnapshots.get(id);
            if (g == null) {
                return false;
            }
            if (!snapshotIds.isEmpty() && !new HashSet<>(snapshotIds).equals(new HashSet<>(g.snapshotIds()))) {
                throw ModelException.invalid("The snapshot_ids given do not match the members of group snapshot "
                        + id + " (" + g.snapshotIds() + ").");
            }
            g.snapshotIds().forEach(s -> tx.delete(tables.snapshots, s));
            tx.delete(tables.groupSnapshots, id);
            return true;
        });
    }
}
