package org.csiconsole.core.reference.array;

import static org.csiconsole.core.reference.array.ArrayModel.seedOf;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The snapshots aggregate of the {@link ArrayModel}: snapshots of one volume, created with the
 * one CreateSnapshot idempotency rule both the CSI and the CSP face apply.
 */
public final class Snapshots {
    private final ModelTables tables;
    private final Clock clock;

    Snapshots(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
    }

    /** All snapshots in snapshot_id order. */
    public List<SnapshotRecord> all() {
        return List.copyOf(tables.snapshots.rows.values());
    }

    /** The snapshot with this id. */
    public Optional<SnapshotRecord> get(String id) {
        return Optional.ofNullable(tables.snapshots.get(id));
    }

    /** The snapshot created with this name. */
    public Optional<SnapshotRecord> byName(String name) {
        return Optional.ofNullable(tables.snapshots.byName(name));
    }

    /** Snapshots of one source volume. */
    public List<SnapshotRecord> of(String volumeId) {
        return tables.snapshots.rows.values().stream().filter(s -> s.sourceVolumeId().equals(volumeId)).toList();
    }

    /**
     * Snapshots a volume, or returns the existing snapshot of that name when it has the same
     * source (CSI CreateSnapshot idempotency).
     *
     * @throws ModelException ALREADY_EXISTS same name, other source; NOT_FOUND source volume
     */
    public SnapshotRecord create(String name, String sourceVolumeId) {
        return create(name, sourceVolumeId, "");
    }

    /**
     * As {@link #create(String, String)}, keeping a description with a new snapshot (an
     * existing one keeps its own).
     */
    public SnapshotRecord create(String name, String sourceVolumeId, String description) {
        if (name == null || name.isBlank()) {
            throw ModelException.invalid("A snapshot name is required.");
        }
        return tables.mutate(tx -> {
            SnapshotRecord existing = tables.snapshots.byName(name);
            if (existing != null) {
                if (existing.sourceVolumeId().equals(sourceVolumeId)) {
                    return existing;
                }
                throw ModelException.exists("Snapshot name " + name + " is already used by snapshot "
                        + existing.id() + " of volume " + existing.sourceVolumeId() + ". Use another name.");
            }
            VolumeRecord v = tables.requireVolume(sourceVolumeId);
            String id = tx.nextId("snapshot", "snap-%08d");
            SnapshotRecord s = new SnapshotRecord(id, name, v.id(), v.capacityBytes(), true, clock.millis(), null,
                    seedOf(id), description);
            tx.put(tables.snapshots, id, s);
            return s;
        });
    }

    /**
     * Deletes a snapshot; false when it did not exist (CSI DeleteSnapshot: OK).
     *
     * @throws ModelException FAILED_PRECONDITION when it belongs to a group snapshot
     */
    public boolean delete(String id) {
        return tables.mutate(tx -> {
            SnapshotRecord s = tables.snapshots.get(id);
            if (s == null) {
                return false;
            }
            if (s.groupSnapshotId() != null && tables.groupSnapshots.get(s.groupSnapshotId()) != null) {
                throw ModelException.precondition("Snapshot " + id + " belongs to group snapshot "
                        + s.groupSnapshotId() + ". Delete the group snapshot instead.");
            }
            tx.delete(tables.snapshots, id);
            return true;
        });
    }
}
