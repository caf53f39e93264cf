package org.csiconsole.core.reference.array;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.reference.store.StateStore;
import org.csiconsole.core.reference.store.StoreException;

/**
 * The simulated arrays: one state shared by every protocol the reference plugin speaks (CSI,
 * csi-addons, CSP REST). All mutations are serialized, validated completely before anything
 * changes, and committed to the {@link StateStore} before the method returns; a refused call
 * throws {@link ModelException} and changes nothing.
 *
 * <p>Reads are lock-free over immutable records and may run concurrently with a mutation.
 *
 * <p>Time comes from the injected {@link Clock}: creation times, the replication sync schedule
 * (see {@link #replication(String)}), resync completion.
 *
 * <p>Node-side records (stage, publish) hold the CO's paths only; the files and directories at
 * those paths are the Node service's business ({@code reference.csi.NodePaths}).
 */
public final class ArrayModel {
    /** The topology key every array and node reports; the value is the array (site) name. */
    public static final String TOPOLOGY_KEY = "topology.csi-console.org/site";
    /** Largest volume this model provisions: 64 TiB. Larger requests are OUT_OF_RANGE. */
    public static final long MAX_VOLUME_BYTES = 64L << 40;
    /** Default replication schedule: 5 minutes. */
    public static final long DEFAULT_SYNC_INTERVAL_MS = 5 * 60_000L;
    /** How long a resync takes on the model clock: 2 minutes. */
    public static final long RESYNC_MS = 2 * 60_000L;

    private final Clock clock;
    private final ModelTables tables;
    private final Fencing fencing;
    private final Replications replications;
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    private ArrayModel(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
        this.fencing = new Fencing(tables, clock);
        this.replications = new Replications(tables, clock, this);
    }

    /**
     * Loads the model from an open store.
     *
     * @throws StoreException when a stored row cannot be read
     */
    public static ArrayModel load(StateStore store, Clock clock) {
        return new ArrayModel(ModelTables.load(store), clock);
    }

    private static final Map<String, Map<String, String>> SITE_TOPOLOGY = new ConcurrentHashMap<>();

    /** The shared topology map {TOPOLOGY_KEY: site} of an array. */
    static Map<String, String> siteTopology(String site) {
        return SITE_TOPOLOGY.computeIfAbsent(site, s -> Map.of(TOPOLOGY_KEY, s));
    }

    /** The model clock's current time, epoch milliseconds. */
    public long nowMs() {
        return clock.millis();
    }

    /** The clock the model runs on. */
    public Clock clock() {
        return clock;
    }

    /** Marks seeding as started ({@code true}) or finished ({@code false}); persisted. */
    public void markSeeding(boolean inProgress) {
        tables.mutate(tx -> {
            if (inProgress) {
                tx.put(tables.sequences, "seeding", 1L);
            } else {
                tx.delete(tables.sequences, "seeding");
            }
            return Boolean.TRUE;
        });
    }

    /** True when a previous process was stopped while seeding: the state is an incomplete seed. */
    public boolean seedingInterrupted() {
        return tables.sequences.get("seeding") != null;
    }

    /** True when nothing has been stored yet (no arrays): a fresh state directory. */
    public boolean isEmpty() {
        return tables.arrays.rows.isEmpty();
    }

    // ------------------------------------------------------------------ operations in progress

    /**
     * Marks {@code key} (a volume id, snapshot id or name) busy for the duration of an operation.
     * Close the returned handle when done.
     *
     * @throws ModelException BUSY (gRPC ABORTED) when another operation on the same key is in
     *                        progress (CSI spec "Concurrency": "Operation pending for volume")
     */
    public AutoCloseable begin(String key) {
        if (!inFlight.add(key)) {
            throw new ModelException(FailureKind.BUSY, "Another operation on " + key
                    + " is still in progress. Retry after it completes.");
        }
        return () -> inFlight.remove(key);
    }

    // ------------------------------------------------------------------ arrays

    /** Adds or replaces an array definition (seeding). */
    public StorageArray putArray(StorageArray array) {
        return tables.mutate(tx -> {
            tx.put(tables.arrays, array.name(), array);
            return array;
        });
    }

    /** Every array, by name. */
    public List<StorageArray> arrays() {
        return List.copyOf(tables.arrays.rows.values());
    }

    /** The array with this name. */
    public Optional<StorageArray> array(String name) {
        return Optional.ofNullable(tables.arrays.get(name));
    }

    /** The array whose name or management IP is {@code nameOrIp} (CSP {@code x-array-ip}). */
    public Optional<StorageArray> arrayByAddress(String nameOrIp) {
        return tables.arrays.rows.values().stream()
                .filter(a -> a.name().equals(nameOrIp) || a.managementIp().equals(nameOrIp)).findFirst();
    }

    /** Bytes provisioned (sum of capacity_bytes) in a pool. */
    public long provisionedBytes(String array, String pool) {
        return Math.max(0, tables.poolProvisioned.getOrDefault(array + "/" + pool, 0L));
    }

    /** Bytes still provisionable in a pool (GetCapacity available_capacity). */
    public long availableBytes(String array, String pool) {
        StorageArray a = tables.arrays.get(array);
        if (a == null) {
            return 0;
        }
        return a.pools().stream().filter(p -> p.name().equals(pool)).findFirst()
                .map(p -> Math.max(0, p.capacityBytes() - provisionedBytes(array, pool))).orElse(0L);
    }

    /** Sum of thin used bytes of the volumes in a pool. */
    public long usedBytes(String array, String pool) {
        return tables.volumes.rows.values().stream().filter(v -> v.array().equals(array) && v.pool().equals(pool))
                .mapToLong(VolumeRecord::usedBytes).sum();
    }

    // ------------------------------------------------------------------ volumes

    /** Number of volumes. */
    public int volumeCount() {
        return tables.volumes.rows.size();
    }

    /** All volumes in volume_id order. */
    public List<VolumeRecord> volumes() {
        return List.copyOf(tables.volumes.rows.values());
    }

    /**
     * Up to {@code max} volumes with volume_id greater than {@code afterId} (null = from the start),
     * in volume_id order: the paging of ListVolumes.
     */
    public List<VolumeRecord> volumesAfter(String afterId, int max) {
        var view = afterId == null ? tables.volumes.rows : tables.volumes.rows.tailMap(afterId, false);
        List<VolumeRecord> out = new ArrayList<>(Math.min(max, 1024));
        for (VolumeRecord v : view.values()) {
            if (out.size() >= max) {
                break;
            }
            out.add(v);
        }
        return out;
    }

    /** True when a volume with volume_id greater than {@code id} exists. */
    public boolean hasVolumeAfter(String id) {
        return tables.volumes.rows.higherKey(id) != null;
    }

    /** The volume with this volume_id. */
    public Optional<VolumeRecord> volume(String id) {
        return Optional.ofNullable(tables.volumes.get(id));
    }

    /** The volume created with this name. */
    public Optional<VolumeRecord> volumeByName(String name) {
        return Optional.ofNullable(tables.volumes.byName(name));
    }

    private VolumeRecord requireVolume(String id) {
        VolumeRecord v = tables.volumes.get(id);
        if (v == null) {
            throw ModelException.notFound("Volume " + id + " does not exist. Check the volume_id (list volumes to see them).");
        }
        return v;
    }

    /**
     * Creates a volume, or returns the existing one when a volume with the same name and
     * compatible arguments exists (CSI CreateVolume idempotency).
     *
     * @throws ModelException ALREADY_EXISTS same name, incompatible arguments; NOT_FOUND source
     *                        snapshot/volume missing; OUT_OF_RANGE size beyond 64 TiB or smaller than
     *                        the source; RESOURCE_EXHAUSTED pool full or no array in the topology;
     *                        INVALID_ARGUMENT unknown array/pool or both sources given
     */
    public VolumeRecord createVolume(VolumeSpec spec) {
        if (spec.name() == null || spec.name().isBlank()) {
            throw ModelException.invalid("A volume name is required.");
        }
        if (spec.sourceSnapshotId() != null && spec.sourceVolumeId() != null) {
            throw ModelException.invalid("Give either a source snapshot or a source volume, not both.");
        }
        return tables.mutate(tx -> {
            VolumeRecord existing = tables.volumes.byName(spec.name());
            if (existing != null) {
                if (compatible(existing, spec)) {
                    return existing;
                }
                throw ModelException.exists("Volume name " + spec.name() + " is already used by volume "
                        + existing.id() + " with different arguments (capacity " + existing.capacityBytes()
                        + " bytes). Use another name or repeat the original request.");
            }
            if (spec.capacityBytes() > MAX_VOLUME_BYTES) {
                throw ModelException.range("Requested capacity " + spec.capacityBytes() + " bytes exceeds the "
                        + MAX_VOLUME_BYTES + " bytes (64 TiB) maximum volume size.");
            }
            long used = 0;
            String sourceArray = null;
            if (spec.sourceSnapshotId() != null) {
                SnapshotRecord s = tables.snapshots.get(spec.sourceSnapshotId());
                if (s == null) {
                    throw ModelException.notFound("Source snapshot " + spec.sourceSnapshotId() + " does not exist.");
                }
                if (spec.capacityBytes() < s.sizeBytes()) {
                    throw ModelException.range("Requested capacity " + spec.capacityBytes()
                            + " bytes is smaller than source snapshot " + s.id() + " (" + s.sizeBytes() + " bytes).");
                }
                VolumeRecord src = tables.volumes.get(s.sourceVolumeId());
                used = src == null ? s.sizeBytes() / 4 : Math.min(src.usedBytes(), s.sizeBytes());
                sourceArray = src == null ? null : src.array();
            } else if (spec.sourceVolumeId() != null) {
                VolumeRecord src = tables.volumes.get(spec.sourceVolumeId());
                if (src == null) {
                    throw ModelException.notFound("Source volume " + spec.sourceVolumeId() + " does not exist.");
                }
                if (spec.capacityBytes() < src.capacityBytes()) {
                    throw ModelException.range("Requested capacity " + spec.capacityBytes()
                            + " bytes is smaller than source volume " + src.id() + " (" + src.capacityBytes() + " bytes).");
                }
                used = src.usedBytes();
                sourceArray = src.array();
            }
            StorageArray array = chooseArray(spec, sourceArray);
            String pool = spec.pool() != null ? spec.pool() : array.pools().get(0).name();
            if (array.pools().stream().noneMatch(p -> p.name().equals(pool))) {
                throw ModelException.invalid("Pool " + pool + " does not exist on array " + array.name() + ".");
            }
            long free = availableBytes(array.name(), pool);
            if (spec.capacityBytes() > free) {
                throw ModelException.exhausted("Pool " + pool + " on array " + array.name() + " has only " + free
                        + " bytes free; " + spec.capacityBytes() + " bytes were requested. Free space or use a smaller size.");
            }
            String id = tx.nextId("volume", "vol-%08d");
            VolumeRecord v = new VolumeRecord(id, spec.name(), array.name(), pool, spec.capacityBytes(), used,
                    spec.block(), spec.block() ? "" : spec.fsType(), spec.mountFlags(), spec.accessModes(),
                    spec.parameters(), spec.mutableParameters(), Map.of(TOPOLOGY_KEY, array.name()),
                    spec.sourceSnapshotId(), spec.sourceVolumeId(), spec.description(), nowMs(), false, "", 1);
            tx.put(tables.volumes, id, v);
            return v;
        });
    }

    private boolean compatible(VolumeRecord v, VolumeSpec s) {
        return v.capacityBytes() == s.capacityBytes() && v.block() == s.block()
                && Objects.equals(v.sourceSnapshotId(), s.sourceSnapshotId())
                && Objects.equals(v.sourceVolumeId(), s.sourceVolumeId())
                && v.parameters().equals(s.parameters())
                && (s.array() == null || s.array().equals(v.array()))
                && new HashSet<>(v.accessModes()).equals(new HashSet<>(s.accessModes()));
    }

    private StorageArray chooseArray(VolumeSpec spec, String sourceArray) {
        String wanted = spec.array() != null ? spec.array() : spec.topology().get(TOPOLOGY_KEY);
        if (wanted == null) {
            wanted = sourceArray;
        }
        if (wanted == null) {
            StorageArray first = tables.arrays.rows.isEmpty() ? null : tables.arrays.rows.firstEntry().getValue();
            if (first == null) {
                throw ModelException.exhausted("No array is configured, so no volume can be provisioned.");
            }
            return first;
        }
        StorageArray a = tables.arrays.get(wanted);
        if (a == null) {
            if (spec.array() != null) {
                throw ModelException.invalid("Array " + wanted + " does not exist. Known arrays: "
                        + tables.arrays.rows.keySet() + ".");
            }
            throw ModelException.exhausted("No array serves topology " + TOPOLOGY_KEY + "=" + wanted
                    + ". Known sites: " + tables.arrays.rows.keySet() + ".");
        }
        return a;
    }

    /**
     * Deletes a volume. Returns false when it did not exist (CSI DeleteVolume: OK).
     *
     * @throws ModelException FAILED_PRECONDITION when the volume is published, staged, replicated
     *                        or in a volume group (the message names which)
     */
    public boolean deleteVolume(String id) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.volumes.get(id);
            if (v == null) {
                return false;
            }
            List<String> nodes = publishedNodeIds(id);
            if (!nodes.isEmpty()) {
                throw ModelException.precondition("Volume " + id + " is still published to node(s) " + nodes
                        + ". Unpublish it first (ControllerUnpublishVolume).");
            }
            if (!nodeMounts(id).isEmpty()) {
                throw ModelException.precondition("Volume " + id + " is still staged or published on a node. "
                        + "Unpublish and unstage it first.");
            }
            if (tables.pairOfSide.containsKey(id)) {
                throw ModelException.precondition("Volume " + id + " is replicated. Disable replication first.");
            }
            String g = tables.groupOfVolume.get(id);
            if (g != null) {
                throw ModelException.precondition("Volume " + id + " is a member of volume group " + g
                        + ". Remove it from the group first.");
            }
            tx.delete(tables.volumes, id);
            return true;
        });
    }

    /**
     * Grows a volume to at least {@code requiredBytes}. A request at or below the current size
     * changes nothing and returns the volume (idempotent).
     *
     * @throws ModelException NOT_FOUND; OUT_OF_RANGE beyond 64 TiB; RESOURCE_EXHAUSTED pool full
     */
    public VolumeRecord expandVolume(String id, long requiredBytes) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            if (requiredBytes <= v.capacityBytes()) {
                return v;
            }
            if (requiredBytes > MAX_VOLUME_BYTES) {
                throw ModelException.range("Requested capacity " + requiredBytes + " bytes exceeds the "
                        + MAX_VOLUME_BYTES + " bytes (64 TiB) maximum volume size.");
            }
            long grow = requiredBytes - v.capacityBytes();
            long free = availableBytes(v.array(), v.pool());
            if (grow > free) {
                throw ModelException.exhausted("Pool " + v.pool() + " on array " + v.array() + " has only " + free
                        + " bytes free; growing volume " + id + " needs " + grow + " more bytes.");
            }
            VolumeRecord n = v.withCapacity(requiredBytes);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /**
     * Merges mutable parameters into a volume (CSI ControllerModifyVolume). Keys must be in
     * {@code allowedKeys} when that set is not empty.
     *
     * @throws ModelException NOT_FOUND; INVALID_ARGUMENT for a key that is not mutable
     */
    public VolumeRecord modifyVolume(String id, Map<String, String> mutable, Set<String> allowedKeys) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            for (String k : mutable.keySet()) {
                if (!allowedKeys.isEmpty() && !allowedKeys.contains(k)) {
                    throw ModelException.invalid("Parameter " + k + " cannot be modified. Modifiable parameters: "
                            + new TreeSet<>(allowedKeys) + ".");
                }
            }
            Map<String, String> merged = new HashMap<>(v.mutableParameters());
            merged.putAll(mutable);
            VolumeRecord n = v.withMutable(merged);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /** Sets the volume condition (abnormal + message) reported by ListVolumes/NodeGetVolumeStats. */
    public VolumeRecord setVolumeCondition(String id, boolean abnormal, String message) {
        return tables.mutate(tx -> {
            VolumeRecord n = requireVolume(id).withCondition(abnormal, message);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /** Sets the volume description (CSP PUT /volumes/{id}). */
    public VolumeRecord describeVolume(String id, String description) {
        return tables.mutate(tx -> {
            VolumeRecord n = requireVolume(id).withDescription(description);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /** Sets the thin used bytes of a volume (clamped to 0..capacity); simulates writes. */
    public VolumeRecord setUsedBytes(String id, long usedBytes) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            VolumeRecord n = v.withUsed(Math.max(0, Math.min(usedBytes, v.capacityBytes())));
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /**
     * Reclaims unused space of a volume (csi-addons ReclaimSpace): used bytes drop by a quarter,
     * rounded down to 1 MiB, so repeated reclaims keep reducing until the volume is nearly empty.
     *
     * @throws ModelException NOT_FOUND
     */
    public SpaceReclaim reclaimSpace(String id) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            long pre = v.usedBytes();
            long post = pre - ((pre / 4) & ~((1L << 20) - 1));
            if (post < pre) {
                tx.put(tables.volumes, id, v.withUsed(post));
            }
            return new SpaceReclaim(id, pre, post, v.capacityBytes());
        });
    }

    /**
     * Rotates the encryption key of a volume (csi-addons EncryptionKeyRotation): key version + 1.
     *
     * @throws ModelException NOT_FOUND
     */
    public VolumeRecord rotateKey(String id) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            VolumeRecord n = v.withKeyVersion(v.keyVersion() + 1);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    // ------------------------------------------------------------------ snapshots

    /** All snapshots in snapshot_id order. */
    public List<SnapshotRecord> snapshots() {
        return List.copyOf(tables.snapshots.rows.values());
    }

    /** The snapshot with this id. */
    public Optional<SnapshotRecord> snapshot(String id) {
        return Optional.ofNullable(tables.snapshots.get(id));
    }

    /** The snapshot created with this name. */
    public Optional<SnapshotRecord> snapshotByName(String name) {
        return Optional.ofNullable(tables.snapshots.byName(name));
    }

    /** Snapshots of one source volume. */
    public List<SnapshotRecord> snapshotsOf(String volumeId) {
        return tables.snapshots.rows.values().stream().filter(s -> s.sourceVolumeId().equals(volumeId)).toList();
    }

    /**
     * Snapshots a volume, or returns the existing snapshot of that name when it has the same
     * source (CSI CreateSnapshot idempotency).
     *
     * @throws ModelException ALREADY_EXISTS same name, other source; NOT_FOUND source volume
     */
    public SnapshotRecord createSnapshot(String name, String sourceVolumeId) {
        return createSnapshot(name, sourceVolumeId, "");
    }

    /**
     * As {@link #createSnapshot(String, String)}, keeping a description with a new snapshot (an
     * existing one keeps its own).
     */
    public SnapshotRecord createSnapshot(String name, String sourceVolumeId, String description) {
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
            VolumeRecord v = requireVolume(sourceVolumeId);
            String id = tx.nextId("snapshot", "snap-%08d");
            SnapshotRecord s = new SnapshotRecord(id, name, v.id(), v.capacityBytes(), true, nowMs(), null,
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
    public boolean deleteSnapshot(String id) {
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

    // ------------------------------------------------------------------ volume groups

    /** All volume groups. */
    public List<VolumeGroupRecord> volumeGroups() {
        return List.copyOf(tables.groups.rows.values());
    }

    /** The volume group with this id. */
    public Optional<VolumeGroupRecord> volumeGroup(String id) {
        return Optional.ofNullable(tables.groups.get(id));
    }

    /** The volume group created with this name. */
    public Optional<VolumeGroupRecord> volumeGroupByName(String name) {
        return Optional.ofNullable(tables.groups.byName(name));
    }

    /** The group a volume belongs to. */
    public Optional<VolumeGroupRecord> groupOf(String volumeId) {
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
    public VolumeGroupRecord createVolumeGroup(String name, String description, Map<String, String> parameters,
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
                    List.copyOf(new java.util.LinkedHashSet<>(volumeIds)), nowMs());
            tx.put(tables.groups, id, g);
            return g;
        });
    }

    private String checkMembers(String groupId, List<String> volumeIds) {
        String array = null;
        for (String vid : volumeIds) {
            VolumeRecord v = requireVolume(vid);
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
    public VolumeGroupRecord setVolumeGroupMembers(String groupId, List<String> volumeIds) {
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
    public boolean deleteVolumeGroup(String groupId) {
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

    // ------------------------------------------------------------------ group snapshots

    /** All group snapshots. */
    public List<GroupSnapshotRecord> groupSnapshots() {
        return List.copyOf(tables.groupSnapshots.rows.values());
    }

    /** The group snapshot with this id. */
    public Optional<GroupSnapshotRecord> groupSnapshot(String id) {
        return Optional.ofNullable(tables.groupSnapshots.get(id));
    }

    /**
     * Snapshots several volumes at one instant (CSI CreateVolumeGroupSnapshot, CSP
     * snapshot_groups). Idempotent by name when the source set matches.
     *
     * @throws ModelException INVALID_ARGUMENT no sources; ALREADY_EXISTS same name, other sources;
     *                        NOT_FOUND a source volume
     */
    public GroupSnapshotRecord createGroupSnapshot(String name, List<String> sourceVolumeIds, String volumeGroupId) {
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
            sorted.forEach(this::requireVolume);
            String id = tx.nextId("groupsnapshot", "gsnap-%06d");
            long now = nowMs();
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
    public boolean deleteGroupSnapshot(String id, Collection<String> snapshotIds) {
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

    // ------------------------------------------------------------------ hosts

    /** All hosts. */
    public List<HostRecord> hosts() {
        return List.copyOf(tables.hosts.rows.values());
    }

    /** The host with this id. */
    public Optional<HostRecord> host(String id) {
        return Optional.ofNullable(tables.hosts.get(id));
    }

    /** The host registered with this node_id. */
    public Optional<HostRecord> hostByNodeId(String nodeId) {
        return Optional.ofNullable(tables.hosts.byName(nodeId));
    }

    /**
     * Registers a host ({@code host.id()} is ignored; a new id is assigned). Returns the existing
     * host when one with the same node_id and the same initiators exists.
     *
     * @throws ModelException INVALID_ARGUMENT missing name/node_id or no initiator; ALREADY_EXISTS
     *                        node_id registered with other initiators
     */
    public HostRecord createHost(HostRecord host) {
        if (host.name() == null || host.name().isBlank() || host.nodeId() == null || host.nodeId().isBlank()) {
            throw ModelException.invalid("A host needs a name and a node_id.");
        }
        return tables.mutate(tx -> {
            HostRecord existing = tables.hosts.byName(host.nodeId());
            if (existing != null) {
                if (existing.iqns().equals(host.iqns()) && existing.wwpns().equals(host.wwpns())
                        && existing.nqns().equals(host.nqns())) {
                    return existing;
                }
                throw ModelException.exists("Node " + host.nodeId() + " is already registered as host "
                        + existing.id() + " with other initiators. Delete it first or reuse it.");
            }
            String id = tx.nextId("host", "host-%04d");
            HostRecord h = new HostRecord(id, host.name(), host.nodeId(), host.iqns(), host.wwpns(), host.nqns(),
                    host.chapUser(), host.chapPassword(), host.topology(), host.networks(), host.maxVolumes());
            tx.put(tables.hosts, id, h);
            return h;
        });
    }

    /**
     * Replaces a host's attributes other than id and node_id (CSP PUT /hosts/{id}).
     *
     * @throws ModelException NOT_FOUND
     */
    public HostRecord updateHost(HostRecord host) {
        return tables.mutate(tx -> {
            HostRecord h = tables.hosts.get(host.id());
            if (h == null) {
                throw ModelException.notFound("Host " + host.id() + " does not exist.");
            }
            HostRecord n = new HostRecord(h.id(), host.name(), h.nodeId(), host.iqns(), host.wwpns(), host.nqns(),
                    host.chapUser(), host.chapPassword(), host.topology(), host.networks(), host.maxVolumes());
            tx.put(tables.hosts, h.id(), n);
            return n;
        });
    }

    /**
     * Deletes a host; false when it did not exist.
     *
     * @throws ModelException FAILED_PRECONDITION when volumes are still published to it
     */
    public boolean deleteHost(String id) {
        return tables.mutate(tx -> {
            HostRecord h = tables.hosts.get(id);
            if (h == null) {
                return false;
            }
            List<Publication> pubs = publicationsOnNode(h.nodeId());
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Host " + h.name() + " still has " + pubs.size()
                        + " published volume(s). Unpublish them first.");
            }
            tx.delete(tables.hosts, id);
            return true;
        });
    }

    // ------------------------------------------------------------------ publications

    /** Controller publications of one volume. */
    public List<Publication> publications(String volumeId) {
        return List.copyOf(tables.publications.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All controller publications. */
    public List<Publication> publications() {
        return List.copyOf(tables.publications.rows.values());
    }

    /** node_ids a volume is controller-published to. */
    public List<String> publishedNodeIds(String volumeId) {
        var pubs = tables.publications.rows.subMap(volumeId + "|", volumeId + "|\uffff");
        if (pubs.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(2);
        pubs.values().forEach(p -> out.add(p.nodeId()));
        return out;
    }

    /** Controller publications on one node. */
    public List<Publication> publicationsOnNode(String nodeId) {
        return tables.publications.rows.values().stream().filter(p -> p.nodeId().equals(nodeId)).toList();
    }

    /**
     * Publishes a volume to a node (CSI ControllerPublishVolume, CSP publish) and returns the
     * publication with its publish_context. Idempotent for the same node, access mode and readonly.
     *
     * @throws ModelException NOT_FOUND volume or node; ALREADY_EXISTS published to that node with
     *                        another readonly/access mode; FAILED_PRECONDITION published to another
     *                        node under a single-node access mode, or a second writer under
     *                        MULTI_NODE_SINGLE_WRITER, or the node's network is fenced;
     *                        RESOURCE_EXHAUSTED node at its max_volumes_per_node
     */
    public Publication publish(String volumeId, String nodeId, String accessMode, boolean readonly) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(volumeId);
            HostRecord h = tables.hosts.byName(nodeId);
            if (h == null) {
                throw ModelException.notFound("Node " + nodeId + " is not registered with the array. "
                        + "Check the node_id (NodeGetInfo) or register the host first.");
            }
            Publication mine = tables.publications.get(Publication.key(volumeId, nodeId));
            if (mine != null) {
                if (mine.readonly() == readonly && mine.accessMode().equals(accessMode)) {
                    return mine;
                }
                throw ModelException.exists("Volume " + volumeId + " is already published to node " + nodeId
                        + " with " + (mine.readonly() ? "readonly" : "read-write") + " " + mine.accessMode()
                        + ". Unpublish it first to change how it is published.");
            }
            List<Publication> others = publications(volumeId);
            if (!others.isEmpty()) {
                if (accessMode.startsWith("SINGLE_NODE") || others.get(0).accessMode().startsWith("SINGLE_NODE")) {
                    throw ModelException.precondition("Volume " + volumeId + " is published to node "
                            + others.get(0).nodeId() + " and its access mode " + accessMode
                            + " allows one node only. Unpublish it there first.");
                }
                if (accessMode.equals("MULTI_NODE_SINGLE_WRITER") && !readonly
                        && others.stream().anyMatch(p -> !p.readonly())) {
                    throw ModelException.precondition("Volume " + volumeId + " already has a writer on node "
                            + others.stream().filter(p -> !p.readonly()).findFirst().get().nodeId()
                            + " (MULTI_NODE_SINGLE_WRITER). Publish read-only or unpublish the writer.");
                }
            }
            String fenced = fencing.fencedNetwork(h);
            if (fenced != null) {
                throw ModelException.precondition("Node " + nodeId + " is fenced (" + fenced
                        + "). Unfence its network before publishing to it.");
            }
            List<Publication> onNode = publicationsOnNode(nodeId);
            if (h.maxVolumes() > 0 && onNode.size() >= h.maxVolumes()) {
                throw ModelException.exhausted("Node " + nodeId + " already has " + onNode.size()
                        + " volumes attached, its maximum. Unpublish a volume from it first.");
            }
            Set<Integer> luns = new HashSet<>();
            onNode.forEach(p -> luns.add(Integer.parseInt(p.publishContext().getOrDefault("lun", "0"))));
            int lun = 1;
            while (luns.contains(lun)) {
                lun++;
            }
            Publication p = new Publication(volumeId, nodeId, readonly, accessMode, publishContext(v, h, lun));
            tx.put(tables.publications, p.key(), p);
            return p;
        });
    }

    private Map<String, String> publishContext(VolumeRecord v, HostRecord h, int lun) {
        StorageArray a = tables.arrays.get(v.array());
        Map<String, String> ctx = new LinkedHashMap<>();
        String protocol = h.accessProtocol();
        ctx.put("access_protocol", protocol);
        ctx.put("lun", Integer.toString(lun));
        ctx.put("serial", serialOf(v.id()));
        String ips = a == null ? "" : String.join(",", a.discoveryIps());
        switch (protocol) {
            case "fc" -> ctx.put("target_wwpns", wwpnsOf(v.array()));
            case "nvmetcp" -> {
                ctx.put("target_nqn", "nqn.2020-01.org.csi-console:" + v.array());
                ctx.put("discovery_ips", ips);
            }
            default -> {
                ctx.put("target_iqns", "iqn.2020-01.org.csi-console:" + v.array() + ":" + v.id());
                ctx.put("discovery_ips", ips);
            }
        }
        return ctx;
    }

    private static String wwpnsOf(String array) {
        int h = Math.abs(array.hashCode());
        List<String> out = new ArrayList<>();
        for (int port = 1; port <= 2; port++) {
            out.add(String.format("21:%02x:00:24:ff:%02x:%02x:%02x", port, (h >> 16) & 0xff, (h >> 8) & 0xff, h & 0xff));
        }
        return String.join(",", out);
    }

    /** The volume's array serial number (32 hex digits, stable per volume_id). */
    public static String serialOf(String volumeId) {
        char[] out = new char[32];
        long a = seedOf(volumeId);
        long b = seedOf(volumeId + "/serial");
        for (int i = 0; i < 16; i++) {
            out[i] = HEX[(int) (a >>> (60 - 4 * i)) & 0xf];
            out[16 + i] = HEX[(int) (b >>> (60 - 4 * i)) & 0xf];
        }
        return new String(out);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * Removes a controller publication; false when there was none (CSI ControllerUnpublishVolume:
     * OK when the volume or node is unknown, since it is then safely unpublished).
     *
     * @throws ModelException FAILED_PRECONDITION when the volume is still staged on that node
     */
    public boolean unpublish(String volumeId, String nodeId) {
        return tables.mutate(tx -> {
            Publication p = tables.publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            boolean staged = nodeMounts(volumeId).stream().anyMatch(m -> m.nodeId().equals(nodeId));
            if (staged) {
                throw ModelException.precondition("Volume " + volumeId + " is still staged or published on node "
                        + nodeId + ". Unpublish and unstage it on the node first.");
            }
            tx.delete(tables.publications, p.key());
            return true;
        });
    }

    /** Removes every publication of a volume from {@code nodeId} regardless of node records (CSP unpublish by host). */
    public boolean unpublishForce(String volumeId, String nodeId) {
        return tables.mutate(tx -> {
            Publication p = tables.publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            tx.delete(tables.publications, p.key());
            return true;
        });
    }

    // ------------------------------------------------------------------ node records

    /** Node staging and publish records of one volume. */
    public List<NodeMount> nodeMounts(String volumeId) {
        return List.copyOf(tables.mounts.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All node records on one node. */
    public List<NodeMount> nodeMountsOnNode(String nodeId) {
        return tables.mounts.rows.values().stream().filter(m -> m.nodeId().equals(nodeId)).toList();
    }

    private static String mountKey(String volumeId, boolean staged, String nodeId, String path) {
        return volumeId + "|" + (staged ? "S" : "P") + "|" + nodeId + "|" + path;
    }

    /** The staging record of a volume on a node, if staged. */
    public Optional<NodeMount> staging(String volumeId, String nodeId) {
        return nodeMounts(volumeId).stream().filter(m -> m.staged() && m.nodeId().equals(nodeId)).findFirst();
    }

    /**
     * Stages a volume on a node (CSI NodeStageVolume): records it. Idempotent for the same path and capability.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not controller-published to the
     *                        node, or staged at another path; ALREADY_EXISTS staged at that path with
     *                        another capability
     */
    public NodeMount stage(NodeMount request) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(request.volumeId());
            Optional<NodeMount> current = staging(v.id(), request.nodeId());
            if (current.isPresent()) {
                NodeMount c = current.get();
                if (!c.path().equals(request.path())) {
                    throw ModelException.precondition("Volume " + v.id() + " is already staged on node "
                            + request.nodeId() + " at " + c.path() + ". Unstage it there first.");
                }
                if (c.block() == request.block() && c.fsType().equals(request.fsType())
                        && c.accessMode().equals(request.accessMode()) && c.mountFlags().equals(request.mountFlags())) {
                    return c;
                }
                throw ModelException.exists("Volume " + v.id() + " is already staged at " + c.path()
                        + " with another volume capability. Unstage it first.");
            }
            if (tables.publications.get(Publication.key(v.id(), request.nodeId())) == null) {
                throw ModelException.precondition("Volume " + v.id() + " is not published to node " + request.nodeId()
                        + ". Call ControllerPublishVolume for this node first.");
            }
            if (request.block() != v.block()) {
                throw ModelException.precondition("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                        + " volume and cannot be staged as " + (request.block() ? "block" : "mount") + ".");
            }
            tx.put(tables.mounts, mountKey(v.id(), true, request.nodeId(), request.path()), request);
            return request;
        });
    }

    /**
     * Unstages a volume (CSI NodeUnstageVolume): removes the record.
     * Returns false when it was not staged at that path.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION still published from this staging path
     */
    public boolean unstage(String volumeId, String nodeId, String path) {
        return tables.mutate(tx -> {
            requireVolume(volumeId);
            String key = mountKey(volumeId, true, nodeId, path);
            if (tables.mounts.get(key) == null) {
                return false;
            }
            List<NodeMount> pubs = nodeMounts(volumeId).stream()
                    .filter(m -> !m.staged() && m.nodeId().equals(nodeId)).toList();
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Volume " + volumeId + " is still published at "
                        + pubs.get(0).path() + ". Unpublish it (NodeUnpublishVolume) first.");
            }
            tx.delete(tables.mounts, key);
            return true;
        });
    }

    /**
     * Publishes a volume at a target path on a node (CSI NodePublishVolume): records it.
     * Idempotent for the same target path, capability and readonly.
     *
     * @param requireStaging true when the plugin advertises STAGE_UNSTAGE_VOLUME
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not staged at the staging path,
     *                        or a second target under SINGLE_NODE_SINGLE_WRITER; ALREADY_EXISTS
     *                        published at the same path with another capability/readonly
     */
    public NodeMount nodePublish(NodeMount request, boolean requireStaging) {
        return tables.mutate(tx -> {
            VolumeRecord v = requireVolume(request.volumeId());
            String key = mountKey(v.id(), false, request.nodeId(), request.path());
            NodeMount c = tables.mounts.get(key);
            if (c != null) {
                if (c.readonly() == request.readonly() && c.block() == request.block()
                        && c.accessMode().equals(request.accessMode()) && c.fsType().equals(request.fsType())
                        && c.mountFlags().equals(request.mountFlags())) {
                    return c;
                }
                throw ModelException.exists("Volume " + v.id() + " is already published at " + request.path()
                        + " with another capability or readonly flag. Unpublish it first.");
            }
            if (requireStaging) {
                Optional<NodeMount> st = staging(v.id(), request.nodeId());
                if (st.isEmpty() || !st.get().path().equals(request.stagingPath())) {
                    throw ModelException.precondition("Volume " + v.id() + " is not staged at "
                            + request.stagingPath() + " on node " + request.nodeId()
                            + ". Call NodeStageVolume first.");
                }
            }
            if (request.block() != v.block()) {
                throw ModelException.precondition("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                        + " volume and cannot be published as " + (request.block() ? "block" : "mount") + ".");
            }
            List<NodeMount> others = nodeMounts(v.id()).stream().filter(m -> !m.staged()).toList();
            if (!others.isEmpty() && ("SINGLE_NODE_SINGLE_WRITER".equals(request.accessMode())
                    || others.stream().anyMatch(m -> "SINGLE_NODE_SINGLE_WRITER".equals(m.accessMode())))) {
                throw ModelException.precondition("Volume " + v.id() + " is already published at "
                        + others.get(0).path() + " and its access mode SINGLE_NODE_SINGLE_WRITER allows one"
                        + " workload only. Unpublish it there first.");
            }
            tx.put(tables.mounts, key, request);
            return request;
        });
    }

    /**
     * Unpublishes a target path (CSI NodeUnpublishVolume): removes the record.
     * Returns false when nothing was published there.
     *
     * @throws ModelException NOT_FOUND volume
     */
    public boolean nodeUnpublish(String volumeId, String nodeId, String path) {
        return tables.mutate(tx -> {
            requireVolume(volumeId);
            String key = mountKey(volumeId, false, nodeId, path);
            if (tables.mounts.get(key) == null) {
                return false;
            }
            tx.delete(tables.mounts, key);
            return true;
        });
    }

    /** The publish record of a volume at a target_path on a node (NodePublishVolume), if any. */
    public Optional<NodeMount> publishedAt(String volumeId, String nodeId, String targetPath) {
        return Optional.ofNullable(tables.mounts.get(mountKey(volumeId, false, nodeId, targetPath)));
    }

    /** The node record (staging or publish) of a volume at a CO path on a node. */
    public Optional<NodeMount> mountAt(String volumeId, String nodeId, String path) {
        NodeMount p = tables.mounts.get(mountKey(volumeId, false, nodeId, path));
        return p != null ? Optional.of(p) : Optional.ofNullable(tables.mounts.get(mountKey(volumeId, true, nodeId, path)));
    }

    // ------------------------------------------------------------------ fencing

    /** Fenced CIDRs. */
    public List<FenceRecord> fences() {
        return fencing.fences();
    }

    /**
     * Fences CIDRs (csi-addons FenceClusterNetwork); idempotent.
     *
     * @throws ModelException INVALID_ARGUMENT for a malformed CIDR
     */
    public List<FenceRecord> fence(List<String> cidrs) {
        return fencing.fence(cidrs);
    }

    /** Unfences CIDRs (csi-addons UnfenceClusterNetwork); idempotent. */
    public List<FenceRecord> unfence(List<String> cidrs) {
        return fencing.unfence(cidrs);
    }

    // ------------------------------------------------------------------ replication

    /** Every replication pair, with status as seen from its local side. */
    public List<ReplicationStatus> replications() {
        return replications.replications();
    }

    /**
     * Replication state of a volume or volume group (either side of a pair) at the model clock's
     * now. While the link is up and there is no split-brain or error, a sync happens every
     * interval since the anchor: last_sync_time is the latest such instant, and last_sync_duration
     * (ms) and last_sync_bytes are derived deterministically from the pair and sync number.
     */
    public Optional<ReplicationStatus> replication(String sideId) {
        return replications.replication(sideId);
    }

    /**
     * Enables replication of a volume or volume group to its array's partner: creates the replica
     * (named {@code <name>-replica}) on the partner as SECONDARY, the source as PRIMARY, and starts
     * the sync schedule. Idempotent: an enabled pair is returned as is.
     *
     * @param intervalMs sync interval in ms (0 = {@link #DEFAULT_SYNC_INTERVAL_MS})
     * @throws ModelException NOT_FOUND source; FAILED_PRECONDITION no partner array, or the id is
     *                        itself a replica; RESOURCE_EXHAUSTED partner pool full
     */
    public ReplicationStatus enableReplication(String id, Map<String, String> parameters, long intervalMs) {
        return replications.enableReplication(id, parameters, intervalMs);
    }

    /**
     * Disables replication of either side of a pair: removes the pair and the replica (volume or
     * group with its member volumes) on the partner. False when not replicated (idempotent).
     *
     * @throws ModelException FAILED_PRECONDITION when the replica is published or (a volume replica) is in a volume group
     */
    public boolean disableReplication(String id) {
        return replications.disableReplication(id);
    }

    /**
     * Makes this side PRIMARY (csi-addons PromoteVolume). Idempotent when already primary. When
     * the peer is primary too the pair is in split-brain: health ERROR, sync frozen.
     *
     * @throws ModelException NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus promote(String sideId, boolean force) {
        return replications.promote(sideId, force);
    }

    /**
     * Makes this side SECONDARY (csi-addons DemoteVolume). Idempotent.
     *
     * @throws ModelException NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus demote(String sideId) {
        return replications.demote(sideId);
    }

    /**
     * Resynchronizes a SECONDARY side from the primary (csi-addons ResyncVolume). Starts a resync
     * lasting {@link #RESYNC_MS} on the model clock, clears an array error; calling it again while
     * it runs changes nothing. The returned status has {@code resyncing=false} (ready) once done.
     *
     * @throws ModelException FAILED_PRECONDITION when this side is primary (in split-brain: demote
     *                        it first), or the link is down
     */
    public ReplicationStatus resync(String sideId, boolean force) {
        return replications.resync(sideId, force);
    }

    /**
     * Sets the replication link state of one pair (either side id) or, with {@code sideId == null},
     * of every pair. Link down: DEGRADED and sync frozen; link up: syncs resume from now.
     */
    public void setLinkDown(String sideId, boolean down) {
        replications.setLinkDown(sideId, down);
    }

    /** Makes both sides of a pair primary: split-brain (health ERROR). */
    public ReplicationStatus splitBrain(String sideId) {
        return replications.splitBrain(sideId);
    }

    /** Sets (non-empty) or clears ("") an array-reported replication error: health ERROR with that message. */
    public ReplicationStatus setReplicationError(String sideId, String message) {
        return replications.setReplicationError(sideId, message);
    }

    // ------------------------------------------------------------------ helpers

    /** A stable 64-bit value derived from a string (deterministic simulation). */
    public static long seedOf(String s) {
        long h = 1125899906842597L;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        h ^= (h >>> 33);
        h *= 0xff51afd7ed558ccdL;
        h ^= (h >>> 33);
        return h;
    }

    /** Counts of stored objects by kind (diagnostics, tests). */
    public Map<String, Integer> counts() {
        return tables.counts();
    }
}
