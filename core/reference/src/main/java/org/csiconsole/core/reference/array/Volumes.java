package org.csiconsole.core.reference.array;

import static org.csiconsole.core.reference.array.ArrayModel.MAX_VOLUME_BYTES;
import static org.csiconsole.core.reference.array.ArrayModel.TOPOLOGY_KEY;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The volumes aggregate of the {@link ArrayModel}: creation (with the one CreateVolume
 * idempotency rule both the CSI and the CSP face apply), deletion, growth, mutable parameters,
 * condition, thin usage, space reclaim and key rotation.
 */
public final class Volumes {
    private final ModelTables tables;
    private final Clock clock;
    private final StorageArrays arrays;

    Volumes(ModelTables tables, Clock clock, StorageArrays arrays) {
        this.tables = tables;
        this.clock = clock;
        this.arrays = arrays;
    }

    /** Number of volumes. */
    public int count() {
        return tables.volumes.rows.size();
    }

    /** All volumes in volume_id order. */
    public List<VolumeRecord> all() {
        return List.copyOf(tables.volumes.rows.values());
    }

    /**
     * Up to {@code max} volumes with volume_id greater than {@code afterId} (null = from the start),
     * in volume_id order: the paging of ListVolumes.
     */
    public List<VolumeRecord> after(String afterId, int max) {
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
    public boolean hasAfter(String id) {
        return tables.volumes.rows.higherKey(id) != null;
    }

    /** The volume with this volume_id. */
    public Optional<VolumeRecord> get(String id) {
        return Optional.ofNullable(tables.volumes.get(id));
    }

    /** The volume created with this name. */
    public Optional<VolumeRecord> byName(String name) {
        return Optional.ofNullable(tables.volumes.byName(name));
    }

    /**
     * The volume a repeated create names: the existing volume with {@code spec.name()} when the
     * spec is compatible with it, empty when no volume has that name. This is the one CreateVolume
     * idempotency rule, applied by both faces (CSI CreateVolume and CSP POST /volumes) and by
     * {@link #create(VolumeSpec)}. Compatible (CSI spec v1.12 "CreateVolume": "the Plugin MUST
     * reply 0 OK with the corresponding CreateVolumeResponse" for the same name and compatible
     * arguments) means all of:
     * <ul>
     *   <li>capacity_bytes within [{@code requiredBytes}, {@code limitBytes}] (limit 0 = none);</li>
     *   <li>the same access type (block or mount) and the same content source;</li>
     *   <li>equal parameters, and the same array when the spec names one;</li>
     *   <li>the volume's access modes include every requested one.</li>
     * </ul>
     *
     * @throws ModelException ALREADY_EXISTS (gRPC ALREADY_EXISTS, CSP 409) when a volume with that
     *                        name exists and is incompatible
     */
    public Optional<VolumeRecord> existingFor(VolumeSpec spec) {
        VolumeRecord existing = tables.volumes.byName(spec.name());
        if (existing == null) {
            return Optional.empty();
        }
        if (!compatible(existing, spec)) {
            throw ModelException.exists("Volume name " + spec.name() + " is already used by volume "
                    + existing.id() + " with incompatible arguments (capacity " + existing.capacityBytes()
                    + " bytes, " + (existing.block() ? "block" : "mount") + ", access modes "
                    + existing.accessModes() + ", parameters " + existing.parameters().keySet()
                    + "). Use another name or repeat the original request.");
        }
        return Optional.of(existing);
    }

    /**
     * Creates a volume of {@code spec.capacityBytes()}, or returns the existing one when a volume
     * with the same name exists and {@link #existingFor(VolumeSpec)} finds it compatible.
     *
     * @throws ModelException ALREADY_EXISTS same name, incompatible arguments; NOT_FOUND source
     *                        snapshot/volume missing; OUT_OF_RANGE size beyond 64 TiB or smaller than
     *                        the source; RESOURCE_EXHAUSTED pool full or no array in the topology;
     *                        INVALID_ARGUMENT unknown array/pool or both sources given
     */
    public VolumeRecord create(VolumeSpec spec) {
        if (spec.name() == null || spec.name().isBlank()) {
            throw ModelException.invalid("A volume name is required.");
        }
        if (spec.sourceSnapshotId() != null && spec.sourceVolumeId() != null) {
            throw ModelException.invalid("Give either a source snapshot or a source volume, not both.");
        }
        return tables.mutate(tx -> {
            Optional<VolumeRecord> existing = existingFor(spec);
            if (existing.isPresent()) {
                return existing.get();
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
            long free = arrays.availableBytes(array.name(), pool);
            if (spec.capacityBytes() > free) {
                throw ModelException.exhausted("Pool " + pool + " on array " + array.name() + " has only " + free
                        + " bytes free; " + spec.capacityBytes() + " bytes were requested. Free space or use a smaller size.");
            }
            String id = tx.nextId("volume", "vol-%08d");
            VolumeRecord v = new VolumeRecord(id, spec.name(), array.name(), pool, spec.capacityBytes(), used,
                    spec.block(), spec.block() ? "" : spec.fsType(), spec.mountFlags(), spec.accessModes(),
                    spec.parameters(), spec.mutableParameters(), Map.of(TOPOLOGY_KEY, array.name()),
                    spec.sourceSnapshotId(), spec.sourceVolumeId(), spec.description(), clock.millis(), false, "", 1);
            tx.put(tables.volumes, id, v);
            return v;
        });
    }

    private static boolean compatible(VolumeRecord v, VolumeSpec s) {
        return v.capacityBytes() >= s.requiredBytes()
                && (s.limitBytes() == 0 || v.capacityBytes() <= s.limitBytes())
                && v.block() == s.block()
                && Objects.equals(v.sourceSnapshotId(), s.sourceSnapshotId())
                && Objects.equals(v.sourceVolumeId(), s.sourceVolumeId())
                && v.parameters().equals(s.parameters())
                && (s.array() == null || s.array().equals(v.array()))
                && new HashSet<>(v.accessModes()).containsAll(s.accessModes());
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
    public boolean delete(String id) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.volumes.get(id);
            if (v == null) {
                return false;
            }
            List<String> nodes = tables.publishedNodeIds(id);
            if (!nodes.isEmpty()) {
                throw ModelException.precondition("Volume " + id + " is still published to node(s) " + nodes
                        + ". Unpublish it first (ControllerUnpublishVolume).");
            }
            if (!tables.mountsOf(id).isEmpty()) {
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
    public VolumeRecord expand(String id, long requiredBytes) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(id);
            if (requiredBytes <= v.capacityBytes()) {
                return v;
            }
            if (requiredBytes > MAX_VOLUME_BYTES) {
                throw ModelException.range("Requested capacity " + requiredBytes + " bytes exceeds the "
                        + MAX_VOLUME_BYTES + " bytes (64 TiB) maximum volume size.");
            }
            long grow = requiredBytes - v.capacityBytes();
            long free = arrays.availableBytes(v.array(), v.pool());
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
    public VolumeRecord modify(String id, Map<String, String> mutable, Set<String> allowedKeys) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(id);
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
    public VolumeRecord setCondition(String id, boolean abnormal, String message) {
        return tables.mutate(tx -> {
            VolumeRecord n = tables.requireVolume(id).withCondition(abnormal, message);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /** Sets the volume description (CSP PUT /volumes/{id}). */
    public VolumeRecord describe(String id, String description) {
        return tables.mutate(tx -> {
            VolumeRecord n = tables.requireVolume(id).withDescription(description);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }

    /** Sets the thin used bytes of a volume (clamped to 0..capacity); simulates writes. */
    public VolumeRecord setUsedBytes(String id, long usedBytes) {
        return tables.mutate(tx -> {
            VolumeRecord v = tables.requireVolume(id);
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
            VolumeRecord v = tables.requireVolume(id);
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
            VolumeRecord v = tables.requireVolume(id);
            VolumeRecord n = v.withKeyVersion(v.keyVersion() + 1);
            tx.put(tables.volumes, id, n);
            return n;
        });
    }
}
