package org.csiconsole.core.reference.array;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.reference.store.StateStore;
import org.csiconsole.core.reference.store.StoreException;

/**
 * The simulated arrays: one state shared by every protocol the reference plugin speaks (CSI,
 * csi-addons, CSP REST), split into one aggregate per kind of object: {@link #arrays()},
 * {@link #volumes()}, {@link #snapshots()}, {@link #groups()}, {@link #groupSnapshots()},
 * {@link #hosts()}, {@link #publications()}, {@link #nodeRecords()}, {@link #replications()} and
 * {@link #fencing()}. Every protocol face calls the same aggregate, so a create is answered by one
 * idempotency rule whichever face it arrives on.
 *
 * <p>All mutations are serialized, validated completely before anything changes, and committed to
 * the {@link StateStore} before the method returns; a refused call throws {@link ModelException}
 * and changes nothing. Reads are lock-free over immutable records and may run concurrently with a
 * mutation.
 *
 * <p>Time comes from the injected {@link Clock}: creation times, the replication sync schedule,
 * resync completion.
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

    private static final Map<String, Map<String, String>> SITE_TOPOLOGY = new ConcurrentHashMap<>();

    private final Clock clock;
    private final ModelTables tables;
    private final StorageArrays arrays;
    private final Volumes volumes;
    private final Snapshots snapshots;
    private final VolumeGroups groups;
    private final GroupSnapshots groupSnapshots;
    private final Hosts hosts;
    private final Publications publications;
    private final NodeRecords nodeRecords;
    private final Fencing fencing;
    private final Replications replications;
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    private ArrayModel(ModelTables tables, Clock clock) {
        this.tables = tables;
        this.clock = clock;
        this.arrays = new StorageArrays(tables);
        this.volumes = new Volumes(tables, clock, arrays);
        this.snapshots = new Snapshots(tables, clock);
        this.groups = new VolumeGroups(tables, clock);
        this.groupSnapshots = new GroupSnapshots(tables, clock);
        this.hosts = new Hosts(tables);
        this.fencing = new Fencing(tables, clock);
        this.publications = new Publications(tables, fencing);
        this.nodeRecords = new NodeRecords(tables);
        this.replications = new Replications(tables, clock, arrays);
    }

    /**
     * Loads the model from an open store.
     *
     * @throws StoreException when a stored row cannot be read
     */
    public static ArrayModel load(StateStore store, Clock clock) {
        return new ArrayModel(ModelTables.load(store), clock);
    }

    /** The shared topology map {TOPOLOGY_KEY: site} of an array. */
    static Map<String, String> siteTopology(String site) {
        return SITE_TOPOLOGY.computeIfAbsent(site, s -> Map.of(TOPOLOGY_KEY, s));
    }

    /** The arrays (sites) and the space of their pools. */
    public StorageArrays arrays() {
        return arrays;
    }

    /** Volumes: create (CSI CreateVolume, CSP POST /volumes), delete, expand, modify. */
    public Volumes volumes() {
        return volumes;
    }

    /** Snapshots of single volumes. */
    public Snapshots snapshots() {
        return snapshots;
    }

    /** Volume groups (csi-addons VolumeGroup, CSP volume_groups). */
    public VolumeGroups groups() {
        return groups;
    }

    /** Group snapshots (CSI VolumeGroupSnapshot, CSP snapshot_groups). */
    public GroupSnapshots groupSnapshots() {
        return groupSnapshots;
    }

    /** Hosts registered by node_id. */
    public Hosts hosts() {
        return hosts;
    }

    /** Controller publications (ControllerPublishVolume, CSP publish). */
    public Publications publications() {
        return publications;
    }

    /** Node stage and publish records (NodeStageVolume, NodePublishVolume). */
    public NodeRecords nodeRecords() {
        return nodeRecords;
    }

    /** Replication pairs of volumes and volume groups. */
    public Replications replications() {
        return replications;
    }

    /** Network fencing (csi-addons NetworkFence). */
    public Fencing fencing() {
        return fencing;
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

    /**
     * Calls {@code listener} after every committed change of the model (and after {@link #restore}), on
     * the thread that made the change, after the change is visible to readers. The listener must be
     * quick and must not mutate the model. Closing the handle removes it.
     */
    public AutoCloseable addChangeListener(Runnable listener) {
        return tables.addListener(listener);
    }

    /**
     * The whole stored state: every row's stored JSON body by kind ({@code volume}, {@code replication},
     * ...) then id, both sorted. Two models hold the same state exactly when their dumps are equal.
     */
    public Map<String, java.util.SortedMap<String, String>> dump() {
        return tables.dump();
    }

    /**
     * Puts the model back to a {@link #dump()} exactly, in one transaction (rows not in it deleted),
     * and tells the change listeners once.
     *
     * @throws ModelException INTERNAL when a row cannot be decoded or the store cannot be written
     */
    public void restore(Map<String, ? extends Map<String, String>> rows) {
        tables.restore(rows);
    }

    /** Counts of stored objects by kind (diagnostics, tests). */
    public Map<String, Integer> counts() {
        return tables.counts();
    }
}
