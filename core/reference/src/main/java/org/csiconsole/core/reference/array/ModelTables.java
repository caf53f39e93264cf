package org.csiconsole.core.reference.array;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.reference.store.StateStore;
import org.csiconsole.core.reference.store.StoreException;

/**
 * The persistent state of the {@link ArrayModel}: one {@link ModelTable} per kind of object, the
 * in-memory indexes kept up to date from them, and the transactions that write them.
 *
 * <p>A change is made inside {@link #mutate}: the body validates and queues its writes on a
 * {@link Tx}, and only when it returns are the writes encoded as JSON, committed to the
 * {@link StateStore} and applied to the tables. A body that throws leaves everything as it was.
 * Mutations are serialized; reads use the tables directly and need no lock.
 */
final class ModelTables {
    private final StateStore store;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            // one encoding per row: maps (parameters, topology) in key order whatever order they were built in
            .configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private final Object writeLock = new Object();
    private final List<Runnable> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    final ModelTable<StorageArray> arrays = new ModelTable<>("array", StorageArray.class, null);
    final ModelTable<VolumeRecord> volumes = new ModelTable<>("volume", VolumeRecord.class, VolumeRecord::name);
    final ModelTable<SnapshotRecord> snapshots = new ModelTable<>("snapshot", SnapshotRecord.class, SnapshotRecord::name);
    final ModelTable<VolumeGroupRecord> groups = new ModelTable<>("group", VolumeGroupRecord.class, VolumeGroupRecord::name);
    final ModelTable<GroupSnapshotRecord> groupSnapshots =
            new ModelTable<>("groupsnapshot", GroupSnapshotRecord.class, GroupSnapshotRecord::name);
    final ModelTable<HostRecord> hosts = new ModelTable<>("host", HostRecord.class, HostRecord::nodeId);
    final ModelTable<Publication> publications = new ModelTable<>("publication", Publication.class, null);
    final ModelTable<NodeMount> mounts = new ModelTable<>("mount", NodeMount.class, null);
    final ModelTable<ReplicationRecord> replications = new ModelTable<>("replication", ReplicationRecord.class, null);
    final ModelTable<FenceRecord> fences = new ModelTable<>("fence", FenceRecord.class, null);
    final ModelTable<Long> sequences = new ModelTable<>("seq", Long.class, null);
    private final List<ModelTable<?>> all = List.of(arrays, volumes, snapshots, groups, groupSnapshots, hosts,
            publications, mounts, replications, fences, sequences);

    /** Provisioned bytes by {@code array/pool}. */
    final Map<String, Long> poolProvisioned = new ConcurrentHashMap<>();
    /** The volume group of each grouped volume. */
    final Map<String, String> groupOfVolume = new ConcurrentHashMap<>();
    /** The replication pair id of each replicated volume or group, either side. */
    final Map<String, String> pairOfSide = new ConcurrentHashMap<>();

    private ModelTables(StateStore store) {
        this.store = store;
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
     * Reads every stored row of an open store into new tables.
     *
     * @throws StoreException when a stored row cannot be read
     */
    static ModelTables load(StateStore store) {
        ModelTables m = new ModelTables(store);
        for (ModelTable<?> t : m.all) {
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

    /** The writes of one mutation, queued until it commits. */
    final class Tx {
        private final List<Object[]> ops = new ArrayList<>();
        private final List<Runnable> afterCommit = new ArrayList<>();

        <T> void put(ModelTable<T> t, String id, T value) {
            ops.add(new Object[] {t, id, value});
        }

        <T> void delete(ModelTable<T> t, String id) {
            ops.add(new Object[] {t, id, null});
        }

        /** Runs {@code action} once the writes are committed and applied; never when the mutation fails. */
        void afterCommit(Runnable action) {
            afterCommit.add(action);
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
                ModelTable<?> t = (ModelTable<?>) op[0];
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
                ((ModelTable<?>) op[0]).apply((String) op[1], op[2]);
            }
            afterCommit.forEach(Runnable::run);
            if (!ops.isEmpty()) {
                listeners.forEach(Runnable::run);
            }
        }
    }

    /** Calls {@code listener} after every committed mutation that wrote something, on the mutating thread. */
    AutoCloseable addListener(Runnable listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Every stored row as its stored JSON body, by kind then id (both sorted). */
    Map<String, java.util.SortedMap<String, String>> dump() {
        synchronized (writeLock) {
            Map<String, java.util.SortedMap<String, String>> out = new java.util.TreeMap<>();
            for (ModelTable<?> t : all) {
                java.util.SortedMap<String, String> rows = new java.util.TreeMap<>();
                t.rows.forEach((id, row) -> rows.put(id, encode(t, id, row)));
                out.put(t.kind, rows);
            }
            return out;
        }
    }

    /**
     * Makes the stored state equal to {@code rows} (a {@link #dump()}): rows missing from it are
     * deleted, the others written, in one transaction; listeners are told once.
     */
    void restore(Map<String, ? extends Map<String, String>> rows) {
        synchronized (writeLock) {
            List<StateStore.Change> changes = new ArrayList<>();
            List<Object[]> applies = new ArrayList<>();
            for (ModelTable<?> t : all) {
                Map<String, String> wanted = rows.containsKey(t.kind) ? rows.get(t.kind) : Map.of();
                for (String id : t.rows.keySet()) {
                    if (!wanted.containsKey(id)) {
                        changes.add(new StateStore.Change(t.kind, id, null));
                        applies.add(new Object[] {t, id, null});
                    }
                }
                for (Map.Entry<String, String> e : wanted.entrySet()) {
                    Object current = t.rows.get(e.getKey());
                    if (current != null && e.getValue().equals(encode(t, e.getKey(), current))) {
                        continue;
                    }
                    try {
                        applies.add(new Object[] {t, e.getKey(), json.readValue(e.getValue(), t.type)});
                    } catch (IOException ex) {
                        throw new ModelException(FailureKind.INTERNAL, "Cannot decode " + t.kind + " " + e.getKey()
                                + " to restore it: " + ex.getMessage());
                    }
                    changes.add(new StateStore.Change(t.kind, e.getKey(), e.getValue()));
                }
            }
            try {
                store.commit(changes);
            } catch (StoreException e) {
                throw new ModelException(FailureKind.INTERNAL, e.getMessage());
            }
            for (Object[] op : applies) {
                ((ModelTable<?>) op[0]).apply((String) op[1], op[2]);
            }
            listeners.forEach(Runnable::run);
        }
    }

    private String encode(ModelTable<?> t, String id, Object row) {
        try {
            return json.writeValueAsString(row);
        } catch (JsonProcessingException e) {
            throw new ModelException(FailureKind.INTERNAL, "Cannot encode " + t.kind + " " + id + ": " + e.getOriginalMessage());
        }
    }

    /** Runs {@code body} under the write lock and commits what it queued; its result is returned after the commit. */
    <R> R mutate(Function<Tx, R> body) {
        synchronized (writeLock) {
            Tx tx = new Tx();
            R result = body.apply(tx);
            tx.commit();
            return result;
        }
    }

    /** The volume with this volume_id, or NOT_FOUND. */
    VolumeRecord requireVolume(String id) {
        VolumeRecord v = volumes.get(id);
        if (v == null) {
            throw ModelException.notFound("Volume " + id + " does not exist. Check the volume_id (list volumes to see them).");
        }
        return v;
    }

    /** Controller publications of one volume. */
    List<Publication> publicationsOf(String volumeId) {
        return List.copyOf(publications.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** node_ids a volume is controller-published to. */
    List<String> publishedNodeIds(String volumeId) {
        var pubs = publications.rows.subMap(volumeId + "|", volumeId + "|\uffff");
        if (pubs.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(2);
        pubs.values().forEach(p -> out.add(p.nodeId()));
        return out;
    }

    /** Controller publications on one node. */
    List<Publication> publicationsOnNode(String nodeId) {
        return publications.rows.values().stream().filter(p -> p.nodeId().equals(nodeId)).toList();
    }

    /** Node staging and publish records of one volume. */
    List<NodeMount> mountsOf(String volumeId) {
        return List.copyOf(mounts.rows.subMap(volumeId + "|", volumeId + "|\uffff").values());
    }

    /** Counts of stored objects by kind. */
    Map<String, Integer> counts() {
        return all.stream().collect(Collectors.toMap(t -> t.kind, t -> t.rows.size(), (a, b) -> a,
                LinkedHashMap::new));
    }
}
