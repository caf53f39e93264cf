package org.csiconsole.core.reference.array;

import static org.csiconsole.core.reference.array.ArrayModel.DEFAULT_SYNC_INTERVAL_MS;
import static org.csiconsole.core.reference.array.ArrayModel.TOPOLOGY_KEY;
import static org.csiconsole.core.reference.array.ArrayModel.seedOf;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Replication of the {@link ArrayModel}: pairs of a volume or volume group and its replica on the
 * partner array, their roles, the simulated sync schedule, link state, split-brain, array errors
 * and resync. Pairs live in the shared {@link ModelTables} and time comes from the model clock;
 * pool space is read through {@link StorageArrays}, publications and node records from the tables.
 */
public final class Replications {
    private final ModelTables tables;
    private final Clock clock;
    private final StorageArrays arrays;
    /** How long a resync takes on the model clock; {@link ArrayModel#RESYNC_MS} unless changed. Not persisted. */
    private volatile long resyncMs = ArrayModel.RESYNC_MS;

    /** How long after a planned demote the final sync completes, on the model clock: 1 s. */
    public static final long FINAL_SYNC_MS = 1_000L;

    Replications(ModelTables tables, Clock clock, StorageArrays arrays) {
        this.tables = tables;
        this.clock = clock;
        this.arrays = arrays;
    }

    /** How long a resync started from now on takes (model clock), milliseconds; at least 1. Not persisted. */
    public void setResyncDuration(long ms) {
        if (ms < 1) throw ModelException.invalid("A resync must take at least 1 ms, was " + ms + ".");
        resyncMs = ms;
    }

    /** Percent done (0..99) of the resync of the pair of {@code sideId} at now, or -1 when none runs. */
    public int resyncProgress(String sideId) {
        String pair = tables.pairOfSide.get(sideId);
        ReplicationRecord r = pair == null ? null : tables.replications.get(pair);
        long now = clock.millis();
        return r == null || r.resyncUntilMs() <= now ? -1 : percent(r, now);
    }

    private int percent(ReplicationRecord r, long now) {
        long pct = 100 - 100 * (r.resyncUntilMs() - now) / Math.max(1, resyncMs);
        return (int) Math.max(0, Math.min(99, pct));
    }

    /**
     * What a listing reports about the replication of volume or group {@code id}
     * ({@link org.csiconsole.core.replication.ReplicationContextKeys}): the side's role, health, partner
     * array, peer id, interval and message; for a member of a replicated group, the group's role and
     * health and {@code replicationGroup}. Empty when not replicated.
     *
     * @param camel true for CSI {@code volume_context} keys, false for CSP {@code config} keys
     */
    public Map<String, String> context(String id, boolean camel) {
        Optional<ReplicationStatus> own = of(id);
        Optional<ReplicationStatus> s = own.isPresent() ? own : ofGroupMember(id);
        if (s.isEmpty()) return Map.of();
        ReplicationStatus st = s.get();
        org.csiconsole.core.model.VolumeReplicationRole role = st.resyncing() && st.role() == ReplicationRole.SECONDARY
                ? org.csiconsole.core.model.VolumeReplicationRole.RESYNCING
                : st.role() == ReplicationRole.PRIMARY ? org.csiconsole.core.model.VolumeReplicationRole.PRIMARY
                : org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;
        String peer = own.isPresent() ? st.peerId() : "";
        String group = own.isPresent() ? "" : st.id();
        return org.csiconsole.core.replication.ReplicationContextKeys.write(camel, role,
                org.csiconsole.core.model.ReplicationHealth.valueOf(st.health().name()), st.peerArray(), peer,
                java.time.Duration.ofMillis(st.intervalMs()), group, st.message());
    }

    /** The volume group whose pair replicates volume {@code volumeId}, or empty when it is not a member of a replicated group. */
    public Optional<ReplicationStatus> ofGroupMember(String volumeId) {
        String group = tables.groupOfVolume.get(volumeId);
        return group == null ? Optional.empty() : of(group);
    }

/** Every replication pair, with status as seen from its local side. */
    public List<ReplicationStatus> all() {
        long now = clock.millis();
        return tables.replications.rows.values().stream().map(r -> status(r, r.localId(), now)).toList();
    }

/**
     * Replication state of a volume or volume group (either side of a pair) at the model clock's
     * now. While the link is up and there is no split-brain or error, a sync happens every
     * interval since the anchor: last_sync_time is the latest such instant, and last_sync_duration
     * (ms) and last_sync_bytes are derived deterministically from the pair and sync number.
     */
    public Optional<ReplicationStatus> of(String sideId) {
        String pair = tables.pairOfSide.get(sideId);
        ReplicationRecord r = pair == null ? null : tables.replications.get(pair);
        return r == null ? Optional.empty() : Optional.of(status(r, sideId, clock.millis()));
    }

    private static boolean frozen(ReplicationRecord r) {
        return r.linkDown() || r.splitBrain() || !r.errorMessage().isEmpty();
    }

    private static long[] liveSync(ReplicationRecord r, long now) {
        if (now < r.anchorMs()) {
            return new long[] {r.frozenSyncMs(), r.frozenDurationMs(), r.frozenBytes()};
        }
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
            message = "Resync in progress (" + percent(r, now) + "% done).";
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
        String pair = tables.pairOfSide.get(sideId);
        ReplicationRecord r = pair == null ? null : tables.replications.get(pair);
        if (r == null) {
            if (tables.volumes.get(sideId) == null && tables.groups.get(sideId) == null) {
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
     * @param intervalMs sync interval in ms (0 = {@link ArrayModel#DEFAULT_SYNC_INTERVAL_MS})
     * @throws ModelException NOT_FOUND source; FAILED_PRECONDITION no partner array, or the id is
     *                        itself a replica; RESOURCE_EXHAUSTED partner pool full
     */
    public ReplicationStatus enable(String id, Map<String, String> parameters, long intervalMs) {
        return tables.mutate(tx -> {
            String existing = tables.pairOfSide.get(id);
            if (existing != null) {
                return status(tables.replications.get(existing), id, clock.millis());
            }
            VolumeRecord v = tables.volumes.get(id);
            VolumeGroupRecord g = v == null ? tables.groups.get(id) : null;
            if (v == null && g == null) {
                throw ModelException.notFound("Volume or volume group " + id + " does not exist.");
            }
            String arrayName = v != null ? v.array() : g.array();
            StorageArray array = tables.arrays.get(arrayName);
            if (array == null || array.partner() == null || tables.arrays.get(array.partner()) == null) {
                throw ModelException.precondition("Array " + arrayName
                        + " has no replication partner configured, so " + id + " cannot be replicated.");
            }
            StorageArray partner = tables.arrays.get(array.partner());
            String remoteId;
            if (v != null) {
                if (tables.groupOfVolume.containsKey(v.id())
                        && tables.pairOfSide.containsKey(tables.groupOfVolume.get(v.id()))) {
                    throw ModelException.precondition("Volume " + id + " is replicated through its volume group "
                            + tables.groupOfVolume.get(v.id()) + ".");
                }
                remoteId = replicaVolume(tx, v, partner, new HashMap<>());
            } else {
                Map<String, Long> reserved = new HashMap<>();
                List<String> replicaMembers = new ArrayList<>();
                for (String member : g.volumeIds()) {
                    if (tables.pairOfSide.containsKey(member)) {
                        throw ModelException.precondition("Member volume " + member
                                + " is already replicated on its own. Disable that first.");
                    }
                    replicaMembers.add(replicaVolume(tx, tables.volumes.get(member), partner, reserved));
                }
                remoteId = tx.nextId("group", "vg-%06d");
                tx.put(tables.groups, remoteId, new VolumeGroupRecord(remoteId, g.name() + "-replica", partner.name(),
                        "replica of " + g.id(), g.parameters(), replicaMembers, clock.millis()));
            }
            long now = clock.millis();
            ReplicationRecord r = new ReplicationRecord(id, g != null, id, remoteId, arrayName, partner.name(),
                    ReplicationRole.PRIMARY, ReplicationRole.SECONDARY,
                    intervalMs > 0 ? intervalMs : DEFAULT_SYNC_INTERVAL_MS, now, false, 0, 0, 0, 0, "",
                    parameters, now);
            tx.put(tables.replications, id, r);
            return status(r, id, now);
        });
    }

    private String replicaVolume(ModelTables.Tx tx, VolumeRecord v, StorageArray partner, Map<String, Long> reserved) {
        String pool = partner.pools().get(0).name();
        long already = reserved.getOrDefault(pool, 0L);
        long free = arrays.availableBytes(partner.name(), pool) - already;
        if (v.capacityBytes() > free) {
            throw ModelException.exhausted("Pool " + pool + " on partner array " + partner.name() + " has only "
                    + free + " bytes free; the replica of " + v.id() + " needs " + v.capacityBytes() + " bytes.");
        }
        reserved.put(pool, already + v.capacityBytes());
        String rid = tx.nextId("volume", "vol-%08d");
        tx.put(tables.volumes, rid, new VolumeRecord(rid, v.name() + "-replica", partner.name(), pool, v.capacityBytes(),
                v.usedBytes(), v.block(), v.fsType(), v.mountFlags(), v.accessModes(), v.parameters(),
                v.mutableParameters(), Map.of(TOPOLOGY_KEY, partner.name()), null, null, "replica of " + v.id(),
                clock.millis(), false, "", v.keyVersion()));
        return rid;
    }

/**
     * Disables replication of either side of a pair: removes the pair and the replica (volume or
     * group with its member volumes) on the partner. False when not replicated (idempotent).
     *
     * @throws ModelException FAILED_PRECONDITION when the replica is published or (a volume replica) is in a volume group
     */
    public boolean disable(String id) {
        return tables.mutate(tx -> {
            String pair = tables.pairOfSide.get(id);
            if (pair == null) {
                if (tables.volumes.get(id) == null && tables.groups.get(id) == null) {
                    throw ModelException.notFound("Volume or volume group " + id + " does not exist.");
                }
                return false;
            }
            ReplicationRecord r = tables.replications.get(pair);
            List<String> replicaVolumes = r.group()
                    ? tables.groups.get(r.remoteId()) == null ? List.of() : tables.groups.get(r.remoteId()).volumeIds()
                    : List.of(r.remoteId());
            for (String rv : replicaVolumes) {
                if (!tables.publicationsOf(rv).isEmpty() || !tables.mountsOf(rv).isEmpty()) {
                    throw ModelException.precondition("Replica volume " + rv
                            + " is still published. Unpublish it before disabling replication.");
                }
                String group = tables.groupOfVolume.get(rv);
                if (group != null && !group.equals(r.remoteId())) {
                    throw ModelException.precondition("Replica volume " + rv + " is a member of volume group " + group
                            + ". Remove it from the group before disabling replication.");
                }
            }
            replicaVolumes.forEach(rv -> tx.delete(tables.volumes, rv));
            if (r.group()) {
                tx.delete(tables.groups, r.remoteId());
            }
            tx.delete(tables.replications, pair);
            return true;
        });
    }

    private ReplicationStatus updatePair(String sideId, Function<ReplicationRecord, ReplicationRecord> change) {
        return tables.mutate(tx -> {
            ReplicationRecord r = requirePair(sideId);
            long now = clock.millis();
            ReplicationRecord n = settle(r, change.apply(r), now);
            tx.put(tables.replications, r.id(), n);
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
     * Makes this side SECONDARY (csi-addons DemoteVolume). Idempotent. Demoting the primary of a
     * healthy pair (peer secondary, link up, no error) is a planned demote: the array sends what the
     * primary took since the last sync as a final sync, which completes {@link #FINAL_SYNC_MS} later
     * on the model clock (last_sync_time then lies after the demote; until then it is the previous sync).
     *
     * @throws ModelException NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus demote(String sideId) {
        long now = clock.millis();
        return updatePair(sideId, r -> {
            boolean planned = r.roleOf(sideId) == ReplicationRole.PRIMARY && r.roleOf(r.peerOf(sideId)) == ReplicationRole.SECONDARY
                    && !frozen(r) && r.resyncUntilMs() <= now;
            ReplicationRecord n = sideId.equals(r.localId())
                    ? r.withRoles(ReplicationRole.SECONDARY, r.remoteRole())
                    : r.withRoles(r.localRole(), ReplicationRole.SECONDARY);
            if (!planned) return n;
            long[] last = liveSync(r, now);
            return n.withLink(n.linkDown(), now + FINAL_SYNC_MS, last[0], last[1], last[2]);
        });
    }

    /**
     * Sets the sync interval of the pair of {@code sideId} (its {@code schedulingInterval}); syncs
     * continue from the last one on the new schedule.
     *
     * @throws ModelException INVALID_ARGUMENT for an interval below 1 s; NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus setInterval(String sideId, long intervalMs) {
        if (intervalMs < 1_000) throw ModelException.invalid("A sync interval must be at least 1 s, was " + intervalMs + " ms.");
        long now = clock.millis();
        return updatePair(sideId, r -> {
            if (frozen(r) || now < r.anchorMs()) return r.withInterval(intervalMs);
            long last = liveSync(r, now)[0];
            return r.withInterval(intervalMs).withLink(r.linkDown(), last, 0, 0, 0);
        });
    }

/**
     * Resynchronizes a SECONDARY side from the primary (csi-addons ResyncVolume). Starts a resync
     * lasting {@link ArrayModel#RESYNC_MS} (or what {@link #setResyncDuration} set) on the model clock, clears an array error; calling it again while
     * it runs changes nothing. The returned status has {@code resyncing=false} (ready) once done.
     *
     * @throws ModelException FAILED_PRECONDITION when this side is primary (in split-brain: demote
     *                        it first), or the link is down
     */
    public ReplicationStatus resync(String sideId, boolean force) {
        return tables.mutate(tx -> {
            ReplicationRecord r = requirePair(sideId);
            long now = clock.millis();
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
                n = settle(r, r.withError("").withResync(now + resyncMs, r.anchorMs()), now);
                tx.put(tables.replications, r.id(), n);
            }
            return status(n, sideId, now);
        });
    }

/**
     * Sets the replication link state of one pair (either side id) or, with {@code sideId == null},
     * of every pair. Link down: DEGRADED and sync frozen; link up: syncs resume from now.
     */
    public void setLinkDown(String sideId, boolean down) {
        tables.mutate(tx -> {
            long now = clock.millis();
            Collection<ReplicationRecord> targets = sideId == null ? tables.replications.rows.values()
                    : List.of(requirePair(sideId));
            for (ReplicationRecord r : targets) {
                if (r.linkDown() != down) {
                    tx.put(tables.replications, r.id(), settle(r, r.withLink(down, r.anchorMs(), r.frozenSyncMs(),
                            r.frozenDurationMs(), r.frozenBytes()), now));
                }
            }
            return null;
        });
    }

    /**
     * Moves the pair's sync schedule back so that its last sync lies {@code agoMs} before now (a seed
     * whose replica is already some minutes behind); the interval is unchanged.
     *
     * @throws ModelException INVALID_ARGUMENT when {@code agoMs} is negative or not below the interval;
     *                        NOT_FOUND; FAILED_PRECONDITION not replicated
     */
    public ReplicationStatus lastSyncAgo(String sideId, long agoMs) {
        long now = clock.millis();
        return updatePair(sideId, r -> {
            if (agoMs < 0 || agoMs >= r.intervalMs()) {
                throw ModelException.invalid("The last sync must lie between now and one interval (" + r.intervalMs()
                        + " ms) ago, was " + agoMs + " ms ago.");
            }
            return r.withLink(r.linkDown(), now - agoMs, r.frozenSyncMs(), r.frozenDurationMs(), r.frozenBytes());
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
}
