package org.csiconsole.core.reference.array;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
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
import java.util.function.Function;
import java.util.stream.Collectors;
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
 * <p>Node-side paths: a staging_target_path or target_path given by a CO is mirrored under
 * {@code <stateDir>/node/<path>}; that directory is created on stage/publish and removed on
 * unstage/unpublish. Nothing is mounted and no root is needed.
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

    private final StateStore store;
    private final Clock clock;
    private final Path nodeRoot;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private final Object writeLock = new Object();

    private final Table<StorageArray> arrays = new Table<>("array", StorageArray.class, null);
    private final Table<VolumeRecord> volumes = new Table<>("volume", VolumeRecord.class, VolumeRecord::name);
    private final Table<SnapshotRecord> snapshots = new Table<>("snapshot", SnapshotRecord.class, SnapshotRecord::name);
    private final Table<VolumeGroupRecord> groups = new Table<>("group", VolumeGroupRecord.class, VolumeGroupRecord::name);
    private final Table<GroupSnapshotRecord> groupSnapshots =
            new Table<>("groupsnapshot", GroupSnapshotRecord.class, GroupSnapshotRecord::name);
    private final Table<HostRecord> hosts = new Table<>("host", HostRecord.class, HostRecord::nodeId);
    private final Table<Publication> publications = new Table<>("publication", Publication.class, null);
    private final Table<NodeMount> mounts = new Table<>("mount", NodeMount.class, null);
    private final Table<ReplicationRecord> replications = new Table<>("replication", ReplicationRecord.class, null);
    private final Table<FenceRecord> fences = new Table<>("fence", FenceRecord.class, null);
    private final Table<Long> sequences = new Table<>("seq", Long.class, null);
    private final List<Table<?>> tables = List.of(arrays, volumes, snapshots, groups, groupSnapshots, hosts,
            publications, mounts, replications, fences, sequences);

    private final Map<String, Long> poolProvisioned = new ConcurrentHashMap<>();
    private final Map<String, String> groupOfVolume = new ConcurrentHashMap<>();
    private final Map<String, String> pairOfSide = new ConcurrentHashMap<>();
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    private ArrayModel(StateStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
        this.nodeRoot = store.directory().resolve("node");
        volumes.onChange((id, before, after) -> {
            if (before != null) {
                poolProvisioned.merge(before.array() + "/" + before.pool(), -before.capacityBytes(), Long::sum);
            }
            if (after != null) {
                poolProvisioned.merge(after.array() + "/" + after.pool(), after.capacityBytes(), Long::sum);
            }
        });
        groups.onChange((id, before, after) -> {
            if (before != null) {
                before.volumeIds().forEach(v -> groupOfVolume.remove(v, id));
            }
            if (after != null) {
                after.volumeIds().forEach(v -> groupOfVolume.put(v, id));
            }
        });
        replications.onChange((id, before, after) -> {
            if (before != null) {
                pairOfSide.remove(before.localId(), id);
                pairOfSide.remove(before.remoteId(), id);
            }
            if (after != null) {
                pairOfSide.put(after.localId(), id);
                pairOfSide.put(after.remoteId(), id);
            }
        });
    }

    /**
     * Loads the model from an open store.
     *
     * @throws StoreException when a stored row cannot be read
     */
    public static ArrayModel load(StateStore store, Clock clock) {
        ArrayModel m = new ArrayModel(store, clock);
        for (Table<?> t : m.tables) {
            store.forEach(t.kind, (id, body) -> {
                try {
                    t.apply(id, m.json.readValue(body, t.type));
                } catch (IOException e) {
                    throw new StoreException("Stored " + t.kind + " " + id + " is unreadable: " + e.getMessage(), e);
                }
            });
        }
        return m;
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
        mutate(tx -> {
            if (inProgress) {
                tx.put(sequences, "seeding", 1L);
            } else {
                tx.delete(sequences, "seeding");
            }
            return Boolean.TRUE;
        });
    }

    /** True when a previous process was stopped while seeding: the state is an incomplete seed. */
    public boolean seedingInterrupted() {
        return sequences.get("seeding") != null;
    }

    /** True when nothing has been stored yet (no arrays): a fresh state directory. */
    public boolean isEmpty() {
        return arrays.rows.isEmpty();
    }

    // ------------------------------------------------------------------ transactions

    private final class Tx {
        private final List<Object[]> ops = new ArrayList<>();
        private final List<Runnable> afterCommit = new ArrayList<>();

        <T> void put(Table<T> t, String id, T value) {
            ops.add(new Object[] {t, id, value});
        }

        <T> void delete(Table<T> t, String id) {
            ops.add(new Object[] {t, id, null});
        }

        String nextId(String prefix, String format) {
            Long cur = sequences.get(prefix);
            for (Object[] op : ops) {
                if (op[0] == sequences && prefix.equals(op[1])) {
                    cur = (Long) op[2];
                }
            }
            long n = (cur == null ? 0 : cur) + 1;
            put(sequences, prefix, n);
            return String.format(format, n);
        }

        void commit() {
            List<StateStore.Change> changes = new ArrayList<>(ops.size());
            for (Object[] op : ops) {
                Table<?> t = (Table<?>) op[0];
                try {
                    changes.add(new StateStore.Change(t.kind, (String) op[1],
                            op[2] == null ? null : json.writeValueAsString(op[2])));
                } catch (JsonProcessingException e) {
                    throw new ModelException(FailureKind.INTERNAL, "Cannot encode " + t.kind + " " + op[1]
                            + " for storage: " + e.getOriginalMessage());
                }
            }
            try {
                store.commit(changes);
            } catch (StoreException e) {
                throw new ModelException(FailureKind.INTERNAL, e.getMessage());
            }
            for (Object[] op : ops) {
                ((Table<?>) op[0]).apply((String) op[1], op[2]);
            }
            afterCommit.forEach(Runnable::run);
        }
    }

    private <R> R mutate(Function<Tx, R> body) {
        synchronized (writeLock) {
            Tx tx = new Tx();
            R result = body.apply(tx);
            tx.commit();
            return result;
        }
    }

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
        return mutate(tx -> {
            tx.put(arrays, array.name(), array);
            return array;
        });
    }

    /** Every array, by name. */
    public List<StorageArray> arrays() {
        return List.copyOf(arrays.rows.values());
    }

    /** The array with this name. */
    public Optional<StorageArray> array(String name) {
        return Optional.ofNullable(arrays.get(name));
    }

    /** The array whose name or management IP is {@code nameOrIp} (CSP {@code x-array-ip}). */
    public Optional<StorageArray> arrayByAddress(String nameOrIp) {
        return arrays.rows.values().stream()
                .filter(a -> a.name().equals(nameOrIp) || a.managementIp().equals(nameOrIp)).findFirst();
    }

    /** Bytes provisioned (sum of capacity_bytes) in a pool. */
    public long provisionedBytes(String array, String pool) {
        return Math.max(0, poolProvisioned.getOrDefault(array + "/" + pool, 0L));
    }

    /** Bytes still provisionable in a pool (GetCapacity available_capacity). */
    public long availableBytes(String array, String pool) {
        StorageArray a = arrays.get(array);
        if (a == null) {
            return 0;
        }
        return a.pools().stream().filter(p -> p.name().equals(pool)).findFirst()
                .map(p -> Math.max(0, p.capacityBytes() - provisionedBytes(array, pool))).orElse(0L);
    }

    /** Sum of thin used bytes of the volumes in a pool. */
    public long usedBytes(String array, String pool) {
        return volumes.rows.values().stream().filter(v -> v.array().equals(array) && v.pool().equals(pool))
                .mapToLong(VolumeRecord::usedBytes).sum();
    }

    // ------------------------------------------------------------------ volumes

    /** Number of volumes. */
    public int volumeCount() {
        return volumes.rows.size();
    }

    /** All volumes in volume_id order. */
    public List<VolumeRecord> volumes() {
        return List.copyOf(volumes.rows.values());
    }

    /**
     * Up to {@code max} volumes with volume_id greater than {@code afterId} (null = from the start),
     * in volume_id order: the paging of ListVolumes.
     */
    public List<VolumeRecord> volumesAfter(String afterId, int max) {
        var view = afterId == null ? volumes.rows : volumes.rows.tailMap(afterId, false);
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
        return volumes.rows.higherKey(id) != null;
    }

    /** The volume with this volume_id. */
    public Optional<VolumeRecord> volume(String id) {
        return Optional.ofNullable(volumes.get(id));
    }

    /** The volume created with this name. */
    public Optional<VolumeRecord> volumeByName(String name) {
        return Optional.ofNullable(volumes.byName(name));
    }

    private VolumeRecord requireVolume(String id) {
        VolumeRecord v = volumes.get(id);
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
        return mutate(tx -> {
            VolumeRecord existing = volumes.byName(spec.name());
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
                SnapshotRecord s = snapshots.get(spec.sourceSnapshotId());
                if (s == null) {
                    throw ModelException.notFound("Source snapshot " + spec.sourceSnapshotId() + " does not exist.");
                }
                if (spec.capacityBytes() < s.sizeBytes()) {
                    throw ModelException.range("Requested capacity " + spec.capacityBytes()
                            + " bytes is smaller than source snapshot " + s.id() + " (" + s.sizeBytes() + " bytes).");
                }
                VolumeRecord src = volumes.get(s.sourceVolumeId());
                used = src == null ? s.sizeBytes() / 4 : Math.min(src.usedBytes(), s.sizeBytes());
                sourceArray = src == null ? null : src.array();
            } else if (spec.sourceVolumeId() != null) {
                VolumeRecord src = volumes.get(spec.sourceVolumeId());
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
            tx.put(volumes, id, v);
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
            StorageArray first = arrays.rows.isEmpty() ? null : arrays.rows.firstEntry().getValue();
            if (first == null) {
                throw ModelException.exhausted("No array is configured, so no volume can be provisioned.");
            }
            return first;
        }
        StorageArray a = arrays.get(wanted);
        if (a == null) {
            if (spec.array() != null) {
                throw ModelException.invalid("Array " + wanted + " does not exist. Known arrays: "
                        + arrays.rows.keySet() + ".");
            }
            throw ModelException.exhausted("No array serves topology " + TOPOLOGY_KEY + "=" + wanted
                    + ". Known sites: " + arrays.rows.keySet() + ".");
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
        return mutate(tx -> {
            VolumeRecord v = volumes.get(id);
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
            if (pairOfSide.containsKey(id)) {
                throw ModelException.precondition("Volume " + id + " is replicated. Disable replication first.");
            }
            String g = groupOfVolume.get(id);
            if (g != null) {
                throw ModelException.precondition("Volume " + id + " is a member of volume group " + g
                        + ". Remove it from the group first.");
            }
            tx.delete(volumes, id);
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
        return mutate(tx -> {
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
            tx.put(volumes, id, n);
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
        return mutate(tx -> {
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
            tx.put(volumes, id, n);
            return n;
        });
    }

    /** Sets the volume condition (abnormal + message) reported by ListVolumes/NodeGetVolumeStats. */
    public VolumeRecord setVolumeCondition(String id, boolean abnormal, String message) {
        return mutate(tx -> {
            VolumeRecord n = requireVolume(id).withCondition(abnormal, message);
            tx.put(volumes, id, n);
            return n;
        });
    }

    /** Sets the volume description (CSP PUT /volumes/{id}). */
    public VolumeRecord describeVolume(String id, String description) {
        return mutate(tx -> {
            VolumeRecord n = requireVolume(id).withDescription(description);
            tx.put(volumes, id, n);
            return n;
        });
    }

    /** Sets the thin used bytes of a volume (clamped to 0..capacity); simulates writes. */
    public VolumeRecord setUsedBytes(String id, long usedBytes) {
        return mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            VolumeRecord n = v.withUsed(Math.max(0, Math.min(usedBytes, v.capacityBytes())));
            tx.put(volumes, id, n);
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
        return mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            long pre = v.usedBytes();
            long post = pre - ((pre / 4) & ~((1L << 20) - 1));
            if (post < pre) {
                tx.put(volumes, id, v.withUsed(post));
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
        return mutate(tx -> {
            VolumeRecord v = requireVolume(id);
            VolumeRecord n = v.withKeyVersion(v.keyVersion() + 1);
            tx.put(volumes, id, n);
            return n;
        });
    }

    // ------------------------------------------------------------------ snapshots

    /** All snapshots in snapshot_id order. */
    public List<SnapshotRecord> snapshots() {
        return List.copyOf(snapshots.rows.values());
    }

    /** The snapshot with this id. */
    public Optional<SnapshotRecord> snapshot(String id) {
        return Optional.ofNullable(snapshots.get(id));
    }

    /** The snapshot created with this name. */
    public Optional<SnapshotRecord> snapshotByName(String name) {
        return Optional.ofNullable(snapshots.byName(name));
    }

    /** Snapshots of one source volume. */
    public List<SnapshotRecord> snapshotsOf(String volumeId) {
        return snapshots.rows.values().stream().filter(s -> s.sourceVolumeId().equals(volumeId)).toList();
    }

    /**
     * Snapshots a volume, or returns the existing snapshot of that name when it has the same
     * source (CSI CreateSnapshot idempotency).
     *
     * @throws ModelException ALREADY_EXISTS same name, other source; NOT_FOUND source volume
     */
    public SnapshotRecord createSnapshot(String name, String sourceVolumeId) {
        if (name == null || name.isBlank()) {
            throw ModelException.invalid("A snapshot name is required.");
        }
        return mutate(tx -> {
            SnapshotRecord existing = snapshots.byName(name);
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
                    seedOf(id));
            tx.put(snapshots, id, s);
            return s;
        });
    }

    /**
     * Deletes a snapshot; false when it did not exist (CSI DeleteSnapshot: OK).
     *
     * @throws ModelException FAILED_PRECONDITION when it belongs to a group snapshot
     */
    public boolean deleteSnapshot(String id) {
        return mutate(tx -> {
            SnapshotRecord s = snapshots.get(id);
            if (s == null) {
                return false;
            }
            if (s.groupSnapshotId() != null && groupSnapshots.get(s.groupSnapshotId()) != null) {
                throw ModelException.precondition("Snapshot " + id + " belongs to group snapshot "
                        + s.groupSnapshotId() + ". Delete the group snapshot instead.");
            }
            tx.delete(snapshots, id);
            return true;
        });
    }

    // ------------------------------------------------------------------ volume groups

    /** All volume groups. */
    public List<VolumeGroupRecord> volumeGroups() {
        return List.copyOf(groups.rows.values());
    }

    /** The volume group with this id. */
    public Optional<VolumeGroupRecord> volumeGroup(String id) {
        return Optional.ofNullable(groups.get(id));
    }

    /** The volume group created with this name. */
    public Optional<VolumeGroupRecord> volumeGroupByName(String name) {
        return Optional.ofNullable(groups.byName(name));
    }

    /** The group a volume belongs to. */
    public Optional<VolumeGroupRecord> groupOf(String volumeId) {
        String g = groupOfVolume.get(volumeId);
        return g == null ? Optional.empty() : Optional.ofNullable(groups.get(g));
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
        return mutate(tx -> {
            VolumeGroupRecord existing = groups.byName(name);
            if (existing != null) {
                if (new HashSet<>(existing.volumeIds()).equals(new HashSet<>(volumeIds))) {
                    return existing;
                }
                throw ModelException.exists("Volume group name " + name + " is already used by group "
                        + existing.id() + " with other members. Use another name or modify that group.");
            }
            String array = checkMembers(null, volumeIds);
            if (array == null) {
                array = arrays.rows.isEmpty() ? "" : arrays.rows.firstKey();
            }
            String id = tx.nextId("group", "vg-%06d");
            VolumeGroupRecord g = new VolumeGroupRecord(id, name, array, description, parameters,
                    List.copyOf(new java.util.LinkedHashSet<>(volumeIds)), nowMs());
            tx.put(groups, id, g);
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
            String other = groupOfVolume.get(vid);
            if (other != null && !other.equals(groupId)) {
                throw ModelException.precondition("Volume " + vid + " is already a member of volume group " + other
                        + ". Remove it from that group first.");
            }
        }
        if (groupId != null && array != null && !array.equals(groups.get(groupId).array())
                && !groups.get(groupId).volumeIds().isEmpty()) {
            throw ModelException.invalid("Volume group " + groupId + " lives on array " + groups.get(groupId).array()
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
        return mutate(tx -> {
            VolumeGroupRecord g = groups.get(groupId);
            if (g == null) {
                throw ModelException.notFound("Volume group " + groupId + " does not exist.");
            }
            if (pairOfSide.containsKey(groupId) && !new HashSet<>(g.volumeIds()).equals(new HashSet<>(volumeIds))) {
                throw ModelException.precondition("Volume group " + groupId
                        + " is replicated; disable its replication before changing members.");
            }
            String array = checkMembers(groupId, volumeIds);
            VolumeGroupRecord n = new VolumeGroupRecord(g.id(), g.name(), array == null ? g.array() : array,
                    g.description(), g.parameters(), List.copyOf(new java.util.LinkedHashSet<>(volumeIds)),
                    g.createdAtMs());
            tx.put(groups, groupId, n);
            return n;
        });
    }

    /**
     * Deletes a volume group (its volumes stay); false when it did not exist.
     *
     * @throws ModelException FAILED_PRECONDITION when the group is replicated
     */
    public boolean deleteVolumeGroup(String groupId) {
        return mutate(tx -> {
            if (groups.get(groupId) == null) {
                return false;
            }
            if (pairOfSide.containsKey(groupId)) {
                throw ModelException.precondition("Volume group " + groupId
                        + " is replicated. Disable its replication first.");
            }
            tx.delete(groups, groupId);
            return true;
        });
    }

    // ------------------------------------------------------------------ group snapshots

    /** All group snapshots. */
    public List<GroupSnapshotRecord> groupSnapshots() {
        return List.copyOf(groupSnapshots.rows.values());
    }

    /** The group snapshot with this id. */
    public Optional<GroupSnapshotRecord> groupSnapshot(String id) {
        return Optional.ofNullable(groupSnapshots.get(id));
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
        return mutate(tx -> {
            GroupSnapshotRecord existing = groupSnapshots.byName(name);
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
                VolumeRecord v = volumes.get(vid);
                String sid = tx.nextId("snapshot", "snap-%08d");
                tx.put(snapshots, sid, new SnapshotRecord(sid, name + "-" + vid, vid, v.capacityBytes(), true, now,
                        id, seedOf(sid)));
                snapIds.add(sid);
            }
            GroupSnapshotRecord g = new GroupSnapshotRecord(id, name, sorted, snapIds, volumeGroupId, now, true);
            tx.put(groupSnapshots, id, g);
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
        return mutate(tx -> {
            GroupSnapshotRecord g = groupSnapshots.get(id);
            if (g == null) {
                return false;
            }
            if (!snapshotIds.isEmpty() && !new HashSet<>(snapshotIds).equals(new HashSet<>(g.snapshotIds()))) {
                throw ModelException.invalid("The snapshot_ids given do not match the members of group snapshot "
                        + id + " (" + g.snapshotIds() + ").");
            }
            g.snapshotIds().forEach(s -> tx.delete(snapshots, s));
            tx.delete(groupSnapshots, id);
            return true;
        });
    }

    // ------------------------------------------------------------------ hosts

    /** All hosts. */
    public List<HostRecord> hosts() {
        return List.copyOf(hosts.rows.values());
    }

    /** The host with this id. */
    public Optional<HostRecord> host(String id) {
        return Optional.ofNullable(hosts.get(id));
    }

    /** The host registered with this node_id. */
    public Optional<HostRecord> hostByNodeId(String nodeId) {
        return Optional.ofNullable(hosts.byName(nodeId));
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
        return mutate(tx -> {
            HostRecord existing = hosts.byName(host.nodeId());
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
            tx.put(hosts, id, h);
            return h;
        });
    }

    /**
     * Replaces a host's attributes other than id and node_id (CSP PUT /hosts/{id}).
     *
     * @throws ModelException NOT_FOUND
     */
    public HostRecord updateHost(HostRecord host) {
        return mutate(tx -> {
            HostRecord h = hosts.get(host.id());
            if (h == null) {
                throw ModelException.notFound("Host " + host.id() + " does not exist.");
            }
            HostRecord n = new HostRecord(h.id(), host.name(), h.nodeId(), host.iqns(), host.wwpns(), host.nqns(),
                    host.chapUser(), host.chapPassword(), host.topology(), host.networks(), host.maxVolumes());
            tx.put(hosts, h.id(), n);
            return n;
        });
    }

    /**
     * Deletes a host; false when it did not exist.
     *
     * @throws ModelException FAILED_PRECONDITION when volumes are still published to it
     */
    public boolean deleteHost(String id) {
        return mutate(tx -> {
            HostRecord h = hosts.get(id);
            if (h == null) {
                return false;
            }
            List<Publication> pubs = publicationsOnNode(h.nodeId());
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Host " + h.name() + " still has " + pubs.size()
                        + " published volume(s). Unpublish them first.");
            }
            tx.delete(hosts, id);
            return true;
        });
    }

    // ------------------------------------------------------------------ publications

    /** Controller publications of one volume. */
    public List<Publication> publications(String volumeId) {
        return List.copyOf(publications.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All controller publications. */
    public List<Publication> publications() {
        return List.copyOf(publications.rows.values());
    }

    /** node_ids a volume is controller-published to. */
    public List<String> publishedNodeIds(String volumeId) {
        var pubs = publications.rows.subMap(volumeId + "|", volumeId + "|\uffff");
        if (pubs.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(2);
        pubs.values().forEach(p -> out.add(p.nodeId()));
        return out;
    }

    /** Controller publications on one node. */
    public List<Publication> publicationsOnNode(String nodeId) {
        return publications.rows.values().stream().filter(p -> p.nodeId().equals(nodeId)).toList();
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
        return mutate(tx -> {
            VolumeRecord v = requireVolume(volumeId);
            HostRecord h = hosts.byName(nodeId);
            if (h == null) {
                throw ModelException.notFound("Node " + nodeId + " is not registered with the array. "
                        + "Check the node_id (NodeGetInfo) or register the host first.");
            }
            Publication mine = publications.get(Publication.key(volumeId, nodeId));
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
            String fenced = fencedNetwork(h);
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
            tx.put(publications, p.key(), p);
            return p;
        });
    }

    private Map<String, String> publishContext(VolumeRecord v, HostRecord h, int lun) {
        StorageArray a = arrays.get(v.array());
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
        return mutate(tx -> {
            Publication p = publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            boolean staged = nodeMounts(volumeId).stream().anyMatch(m -> m.nodeId().equals(nodeId));
            if (staged) {
                throw ModelException.precondition("Volume " + volumeId + " is still staged or published on node "
                        + nodeId + ". Unpublish and unstage it on the node first.");
            }
            tx.delete(publications, p.key());
            return true;
        });
    }

    /** Removes every publication of a volume from {@code nodeId} regardless of node records (CSP unpublish by host). */
    public boolean unpublishForce(String volumeId, String nodeId) {
        return mutate(tx -> {
            Publication p = publications.get(Publication.key(volumeId, nodeId));
            if (p == null) {
                return false;
            }
            tx.delete(publications, p.key());
            return true;
        });
    }

    // ------------------------------------------------------------------ node records

    /** Node staging and publish records of one volume. */
    public List<NodeMount> nodeMounts(String volumeId) {
        return List.copyOf(mounts.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** All node records on one node. */
    public List<NodeMount> nodeMountsOnNode(String nodeId) {
        return mounts.rows.values().stream().filter(m -> m.nodeId().equals(nodeId)).toList();
    }

    private static String mountKey(String volumeId, boolean staged, String nodeId, String path) {
        return volumeId + "|" + (staged ? "S" : "P") + "|" + nodeId + "|" + path;
    }

    /**
     * The real directory under the state dir that stands for a CO path.
     *
     * @throws ModelException INVALID_ARGUMENT when the path is relative, is "/" or contains ".."
     */
    public Path hostPath(String coPath) {
        if (coPath == null || !coPath.startsWith("/") || List.of(coPath.split("/")).contains("..")
                || coPath.replace("/", "").isEmpty() || coPath.indexOf('\0') >= 0) {
            throw ModelException.invalid("Path " + coPath + " must be an absolute path below / without '..'.");
        }
        return nodeRoot.resolve(coPath.substring(1));
    }

    /** The staging record of a volume on a node, if staged. */
    public Optional<NodeMount> staging(String volumeId, String nodeId) {
        return nodeMounts(volumeId).stream().filter(m -> m.staged() && m.nodeId().equals(nodeId)).findFirst();
    }

    /**
     * Stages a volume on a node (CSI NodeStageVolume): records it and creates the staging
     * directory. Idempotent for the same path and capability.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not controller-published to the
     *                        node, or staged at another path; ALREADY_EXISTS staged at that path with
     *                        another capability
     */
    public NodeMount stage(NodeMount request) {
        return mutate(tx -> {
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
            if (publications.get(Publication.key(v.id(), request.nodeId())) == null) {
                throw ModelException.precondition("Volume " + v.id() + " is not published to node " + request.nodeId()
                        + ". Call ControllerPublishVolume for this node first.");
            }
            if (request.block() != v.block()) {
                throw ModelException.precondition("Volume " + v.id() + " is a " + (v.block() ? "block" : "mount")
                        + " volume and cannot be staged as " + (request.block() ? "block" : "mount") + ".");
            }
            Path dir = hostPath(request.path());
            makeDir(dir);
            tx.put(mounts, mountKey(v.id(), true, request.nodeId(), request.path()), request);
            return request;
        });
    }

    /**
     * Unstages a volume (CSI NodeUnstageVolume): removes the record and the staging directory.
     * Returns false when it was not staged at that path.
     *
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION still published from this staging path
     */
    public boolean unstage(String volumeId, String nodeId, String path) {
        return mutate(tx -> {
            requireVolume(volumeId);
            String key = mountKey(volumeId, true, nodeId, path);
            if (mounts.get(key) == null) {
                return false;
            }
            List<NodeMount> pubs = nodeMounts(volumeId).stream()
                    .filter(m -> !m.staged() && m.nodeId().equals(nodeId)).toList();
            if (!pubs.isEmpty()) {
                throw ModelException.precondition("Volume " + volumeId + " is still published at "
                        + pubs.get(0).path() + ". Unpublish it (NodeUnpublishVolume) first.");
            }
            tx.delete(mounts, key);
            tx.afterCommit.add(() -> removeDir(hostPath(path)));
            return true;
        });
    }

    /**
     * Publishes a volume at a target path on a node (CSI NodePublishVolume): records it and
     * creates the target directory. Idempotent for the same target path, capability and readonly.
     *
     * @param requireStaging true when the plugin advertises STAGE_UNSTAGE_VOLUME
     * @throws ModelException NOT_FOUND volume; FAILED_PRECONDITION not staged at the staging path,
     *                        or a second target under SINGLE_NODE_SINGLE_WRITER; ALREADY_EXISTS
     *                        published at the same path with another capability/readonly
     */
    public NodeMount nodePublish(NodeMount request, boolean requireStaging) {
        return mutate(tx -> {
            VolumeRecord v = requireVolume(request.volumeId());
            String key = mountKey(v.id(), false, request.nodeId(), request.path());
            NodeMount c = mounts.get(key);
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
            makeDir(hostPath(request.path()));
            tx.put(mounts, key, request);
            return request;
        });
    }

    /**
     * Unpublishes a target path (CSI NodeUnpublishVolume): removes the record and the directory.
     * Returns false when nothing was published there.
     *
     * @throws ModelException NOT_FOUND volume
     */
    public boolean nodeUnpublish(String volumeId, String nodeId, String path) {
        return mutate(tx -> {
            requireVolume(volumeId);
            String key = mountKey(volumeId, false, nodeId, path);
            if (mounts.get(key) == null) {
                return false;
            }
            tx.delete(mounts, key);
            tx.afterCommit.add(() -> removeDir(hostPath(path)));
            return true;
        });
    }

    /** The node record (staging or publish) of a volume at a CO path on a node. */
    public Optional<NodeMount> mountAt(String volumeId, String nodeId, String path) {
        NodeMount p = mounts.get(mountKey(volumeId, false, nodeId, path));
        return p != null ? Optional.of(p) : Optional.ofNullable(mounts.get(mountKey(volumeId, true, nodeId, path)));
    }

    private static void makeDir(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ModelException(FailureKind.INTERNAL, "Cannot create directory " + dir + ": " + e.getMessage());
        }
    }

    private static void removeDir(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                try (var s = Files.walk(dir)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException ignored) {
            // the record is gone; a leftover empty directory is harmless
        }
    }

    // ------------------------------------------------------------------ fencing

    /** Fenced CIDRs. */
    public List<FenceRecord> fences() {
        return List.copyOf(fences.rows.values());
    }

    /**
     * Fences CIDRs (csi-addons FenceClusterNetwork); idempotent.
     *
     * @throws ModelException INVALID_ARGUMENT for a malformed CIDR
     */
    public List<FenceRecord> fence(List<String> cidrs) {
        cidrs.forEach(ArrayModel::parseCidr);
        return mutate(tx -> {
            for (String c : cidrs) {
                if (fences.get(c) == null) {
                    tx.put(fences, c, new FenceRecord(c, nowMs()));
                }
            }
            return fences();
        });
    }

    /** Unfences CIDRs (csi-addons UnfenceClusterNetwork); idempotent. */
    public List<FenceRecord> unfence(List<String> cidrs) {
        cidrs.forEach(ArrayModel::parseCidr);
        mutate(tx -> {
            cidrs.forEach(c -> tx.delete(fences, c));
            return Boolean.TRUE;
        });
        return fences();
    }

    private String fencedNetwork(HostRecord h) {
        for (FenceRecord f : fences.rows.values()) {
            long[] fc = parseCidr(f.cidr());
            for (String n : h.networks()) {
                long[] hc = parseCidr(n);
                if (hc[1] >= fc[1] && (hc[0] & mask(fc[1])) == (fc[0] & mask(fc[1]))) {
                    return "network " + n + " is inside fenced " + f.cidr();
                }
            }
        }
        return null;
    }

    private static long mask(long prefix) {
        return prefix == 0 ? 0 : (0xffffffffL << (32 - prefix)) & 0xffffffffL;
    }

    private static long[] parseCidr(String cidr) {
        String[] parts = cidr == null ? new String[0] : cidr.split("/");
        try {
            String[] octets = parts[0].split("\\.");
            if (octets.length != 4) {
                throw new IllegalArgumentException();
            }
            long addr = 0;
            for (String o : octets) {
                int b = Integer.parseInt(o);
                if (b < 0 || b > 255) {
                    throw new IllegalArgumentException();
                }
                addr = (addr << 8) | b;
            }
            long prefix = parts.length > 1 ? Integer.parseInt(parts[1]) : 32;
            if (prefix < 0 || prefix > 32 || parts.length > 2) {
                throw new IllegalArgumentException();
            }
            return new long[] {addr, prefix};
        } catch (RuntimeException e) {
            throw ModelException.invalid("'" + cidr + "' is not an IPv4 CIDR such as 10.10.2.0/24.");
        }
    }

    // ------------------------------------------------------------------ replication

    /** Every replication pair, with status as seen from its local side. */
    public List<ReplicationStatus> replications() {
        long now = nowMs();
        return replications.rows.values().stream().map(r -> status(r, r.localId(), now)).toList();
    }

    /**
     * Replication state of a volume or volume group (either side of a pair) at the model clock's
     * now. While the link is up and there is no split-brain or error, a sync happens every
     * interval since the anchor: last_sync_time is the latest such instant, and last_sync_duration
     * (ms) and last_sync_bytes are derived deterministically from the pair and sync number.
     */
    public Optional<ReplicationStatus> replication(String sideId) {
        String pair = pairOfSide.get(sideId);
        ReplicationRecord r = pair == null ? null : replications.get(pair);
        return r == null ? Optional.empty() : Optional.of(status(r, sideId, nowMs()));
    }

    private static boolean frozen(ReplicationRecord r) {
        return r.linkDown() || r.splitBrain() || !r.errorMessage().isEmpty();
    }

    private static long[] liveSync(ReplicationRecord r, long now) {
        long k = Math.max(0, (now - r.anchorMs()) / Math.max(1, r.intervalMs()));
        long t = r.anchorMs() + k * r.intervalMs();
        long h = seedOf(r.id() + "#" + k) & Long.MAX_VALUE;
        long duration = 400 + h % 9_600;
        long bytes = (1L << 20) * (1 + (h >> 16) % 2048);
        return new long[] {t, duration, bytes};
    }

    private ReplicationStatus status(ReplicationRecord r, String side, long now) {
        boolean resyncing = r.resyncUntilMs() > now;
        String peer = r.peerOf(side);
        String array = side.equals(r.localId()) ? r.localArray() : r.remoteArray();
        String peerArray = side.equals(r.localId()) ? r.remoteArray() : r.localArray();
        ReplicationHealthState health;
        String message;
        long[] sync = frozen(r) ? new long[] {r.frozenSyncMs(), r.frozenDurationMs(), r.frozenBytes()} : liveSync(r, now);
        if (r.splitBrain()) {
            health = ReplicationHealthState.ERROR;
            message = "Split-brain: both " + r.localId() + " on " + r.localArray() + " and " + r.remoteId() + " on "
                    + r.remoteArray() + " are primary. Demote the side whose changes you discard, then resync it.";
        } else if (!r.errorMessage().isEmpty()) {
            health = ReplicationHealthState.ERROR;
            message = r.errorMessage();
        } else if (r.linkDown()) {
            health = ReplicationHealthState.DEGRADED;
            message = "Replication link between " + r.localArray() + " and " + r.remoteArray()
                    + " is down; sync is frozen at the last completed sync.";
        } else if (resyncing) {
            health = ReplicationHealthState.DEGRADED;
            long pct = 100 - 100 * (r.resyncUntilMs() - now) / RESYNC_MS;
            message = "Resync in progress (" + Math.max(0, Math.min(99, pct)) + "% done).";
        } else if (r.localRole() == ReplicationRole.SECONDARY && r.remoteRole() == ReplicationRole.SECONDARY) {
            health = ReplicationHealthState.DEGRADED;
            message = "Neither side is primary; promote one side.";
        } else {
            health = ReplicationHealthState.HEALTHY;
            message = "";
        }
        return new ReplicationStatus(r.id(), r.group(), side, peer, array, peerArray, r.roleOf(side), r.roleOf(peer),
                health, message, resyncing, sync[0], sync[1], sync[2], r.intervalMs());
    }

    /** Applies freeze/unfreeze bookkeeping when a pair moves in or out of a frozen condition. */
    private ReplicationRecord settle(ReplicationRecord before, ReplicationRecord after, long now) {
        boolean was = frozen(before);
        boolean is = frozen(after);
        if (!was && is) {
            long[] s = liveSync(before, now);
            return after.withLink(after.linkDown(), after.anchorMs(), s[0], s[1], s[2]);
        }
        if (was && !is) {
            return after.withLink(after.linkDown(), now, 0, 0, 0);
        }
        return after;
    }

    private ReplicationRecord requirePair(String sideId) {
        String pair = pairOfSide.get(sideId);
        ReplicationRecord r = pair == null ? null : replications.get(pair);
        if (r == null) {
            if (volumes.get(sideId) == null && groups.get(sideId) == null) {
                throw ModelException.notFound("Volume or volume group " + sideId + " does not exist.");
            }
            throw ModelException.precondition("Replication is not enabled for " + sideId
                    + ". Enable replication first.");
        }
        return r;
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
        return mutate(tx -> {
            String existing = pairOfSide.get(id);
            if (existing != null) {
                return status(replications.get(existing), id, nowMs());
            }
            VolumeRecord v = volumes.get(id);
            VolumeGroupRecord g = v == null ? groups.get(id) : null;
            if (v == null && g == null) {
                throw ModelException.notFound("Volume or volume group " + id + " does not exist.");
            }
            String arrayName = v != null ? v.array() : g.array();
            StorageArray array = arrays.get(arrayName);
            if (array == null || array.partner() == null || arrays.get(array.partner()) == null) {
                throw ModelException.precondition("Array " + arrayName
                        + " has no replication partner configured, so " + id + " cannot be replicated.");
            }
            StorageArray partner = arrays.get(array.partner());
            String remoteId;
            if (v != null) {
                if (groupOfVolume.containsKey(v.id()) && pairOfSide.containsKey(groupOfVolume.get(v.id()))) {
                    throw ModelException.precondition("Volume " + id + " is replicated through its volume group "
                            + groupOfVolume.get(v.id()) + ".");
                }
                remoteId = replicaVolume(tx, v, partner, new HashMap<>());
            } else {
                Map<String, Long> reserved = new HashMap<>();
                List<String> replicaMembers = new ArrayList<>();
                for (String member : g.volumeIds()) {
                    if (pairOfSide.containsKey(member)) {
                        throw ModelException.precondition("Member volume " + member
                                + " is already replicated on its own. Disable that first.");
                    }
                    replicaMembers.add(replicaVolume(tx, volumes.get(member), partner, reserved));
                }
                remoteId = tx.nextId("group", "vg-%06d");
                tx.put(groups, remoteId, new VolumeGroupRecord(remoteId, g.name() + "-replica", partner.name(),
                        "replica of " + g.id(), g.parameters(), replicaMembers, nowMs()));
            }
            long now = nowMs();
            ReplicationRecord r = new ReplicationRecord(id, g != null, id, remoteId, arrayName, partner.name(),
                    ReplicationRole.PRIMARY, ReplicationRole.SECONDARY,
                    intervalMs > 0 ? intervalMs : DEFAULT_SYNC_INTERVAL_MS, now, false, 0, 0, 0, 0, "",
                    parameters, now);
            tx.put(replications, id, r);
            return status(r, id, now);
        });
    }

    private String replicaVolume(Tx tx, VolumeRecord v, StorageArray partner, Map<String, Long> reserved) {
        String pool = partner.pools().get(0).name();
        long already = reserved.getOrDefault(pool, 0L);
        long free = availableBytes(partner.name(), pool) - already;
        if (v.capacityBytes() > free) {
            throw ModelException.exhausted("Pool " + pool + " on partner array " + partner.name() + " has only "
                    + free + " bytes free; the replica of " + v.id() + " needs " + v.capacityBytes() + " bytes.");
        }
        reserved.put(pool, already + v.capacityBytes());
        String rid = tx.nextId("volume", "vol-%08d");
        tx.put(volumes, rid, new VolumeRecord(rid, v.name() + "-replica", partner.name(), pool, v.capacityBytes(),
                v.usedBytes(), v.block(), v.fsType(), v.mountFlags(), v.accessModes(), v.parameters(),
                v.mutableParameters(), Map.of(TOPOLOGY_KEY, partner.name()), null, null, "replica of " + v.id(),
                nowMs(), false, "", v.keyVersion()));
        return rid;
    }

    /**
     * Disables replication of either side of a pair: removes the pair and the replica (volume or
     * group with its member volumes) on the partner. False when not replicated (idempotent).
     *
     * @throws ModelException FAILED_PRECONDITION when the replica is published
     */
    public boolean disableReplication(String id) {
        return mutate(tx -> {
            String pair = pairOfSide.get(id);
            if (pair == null) {
                if (volumes.get(id) == null && groups.get(id) == null) {
                    throw ModelException.notFound("Volume or volume group " + id + " does not exist.");
                }
                return false;
            }
            ReplicationRecord r = replications.get(pair);
            List<String> replicaVolumes = r.group()
                    ? groups.get(r.remoteId()) == null ? List.of() : groups.get(r.remoteId()).volumeIds()
                    : List.of(r.remoteId());
            for (String rv : replicaVolumes) {
                if (!publications(rv).isEmpty() || !nodeMounts(rv).isEmpty()) {
                    throw ModelException.precondition("Replica volume " + rv
                            + " is still published. Unpublish it before disabling replication.");
                }
            }
            replicaVolumes.forEach(rv -> tx.delete(volumes, rv));
            if (r.group()) {
                tx.delete(groups, r.remoteId());
            }
            tx.delete(replications, pair);
            return true;
        });
    }

    private ReplicationStatus updatePair(String sideId, Function<ReplicationRecord, ReplicationRecord> change) {
        return mutate(tx -> {
            ReplicationRecord r = requirePair(sideId);
            long now = nowMs();
            ReplicationRecord n = settle(r, change.apply(r), now);
            tx.put(replications, r.id(), n);
            return status(n, sideId, now);
        });
    }

    /**
     * Makes this side PRIMARY (csi-addons PromoteVolume). Idempotent when already primary. When
     * the peer is primary too the pair is in split-brain: health ERROR, sync frozen.
     *
     * @throws ModelException NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus promote(String sideId, boolean force) {
        return updatePair(sideId, r -> sideId.equals(r.localId())
                ? r.withRoles(ReplicationRole.PRIMARY, r.remoteRole())
                : r.withRoles(r.localRole(), ReplicationRole.PRIMARY));
    }

    /**
     * Makes this side SECONDARY (csi-addons DemoteVolume). Idempotent.
     *
     * @throws ModelException NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus demote(String sideId) {
        return updatePair(sideId, r -> sideId.equals(r.localId())
                ? r.withRoles(ReplicationRole.SECONDARY, r.remoteRole())
                : r.withRoles(r.localRole(), ReplicationRole.SECONDARY));
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
        return mutate(tx -> {
            ReplicationRecord r = requirePair(sideId);
            long now = nowMs();
            if (r.roleOf(sideId) == ReplicationRole.PRIMARY) {
                throw ModelException.precondition(sideId + " is primary" + (r.splitBrain() ? " (split-brain)" : "")
                        + ". Demote it first; only a secondary can be resynchronized.");
            }
            if (r.linkDown()) {
                throw ModelException.precondition("The replication link between " + r.localArray() + " and "
                        + r.remoteArray() + " is down; resync cannot start until it is back.");
            }
            ReplicationRecord n = r;
            if (r.resyncUntilMs() <= now) {
                n = settle(r, r.withError("").withResync(now + RESYNC_MS, r.anchorMs()), now);
                tx.put(replications, r.id(), n);
            }
            return status(n, sideId, now);
        });
    }

    /**
     * Sets the replication link state of one pair (either side id) or, with {@code sideId == null},
     * of every pair. Link down: DEGRADED and sync frozen; link up: syncs resume from now.
     */
    public void setLinkDown(String sideId, boolean down) {
        mutate(tx -> {
            long now = nowMs();
            Collection<ReplicationRecord> targets = sideId == null ? replications.rows.values()
                    : List.of(requirePair(sideId));
            for (ReplicationRecord r : targets) {
                if (r.linkDown() != down) {
                    tx.put(replications, r.id(), settle(r, r.withLink(down, r.anchorMs(), r.frozenSyncMs(),
                            r.frozenDurationMs(), r.frozenBytes()), now));
                }
            }
            return null;
        });
    }

    /** Makes both sides of a pair primary: split-brain (health ERROR). */
    public ReplicationStatus splitBrain(String sideId) {
        return updatePair(sideId, r -> r.withRoles(ReplicationRole.PRIMARY, ReplicationRole.PRIMARY));
    }

    /** Sets (non-empty) or clears ("") an array-reported replication error: health ERROR with that message. */
    public ReplicationStatus setReplicationError(String sideId, String message) {
        return updatePair(sideId, r -> r.withError(message == null ? "" : message));
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
        return tables.stream().collect(Collectors.toMap(t -> t.kind, t -> t.rows.size(), (a, b) -> a,
                LinkedHashMap::new));
    }
}
