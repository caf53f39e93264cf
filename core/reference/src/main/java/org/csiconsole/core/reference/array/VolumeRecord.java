package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Map;

/**
 * One volume on an array, as stored.
 *
 * @param id               volume_id (stable, unique across arrays)
 * @param name             the CO-chosen name from CreateVolume (idempotency key)
 * @param array            array name
 * @param pool             pool name on that array
 * @param capacityBytes    provisioned size in bytes
 * @param usedBytes        thin usage in bytes (written blocks; reduced by reclaim)
 * @param block            true for block access type, false for mount
 * @param fsType           file system for mount access ("" for block or default)
 * @param mountFlags       mount flags from the capability
 * @param accessModes      CSI access mode names (e.g. SINGLE_NODE_WRITER)
 * @param parameters       CreateVolume parameters (opaque, immutable)
 * @param mutableParameters parameters set by ControllerModifyVolume (CSI v1.12 mutable_parameters)
 * @param topology         accessible topology segments (key to value)
 * @param sourceSnapshotId content source snapshot id, or null
 * @param sourceVolumeId   content source volume (clone), or null
 * @param description      free text (CSP description)
 * @param createdAtMs      creation time, epoch milliseconds
 * @param abnormal         volume condition: true when the volume is abnormal
 * @param conditionMessage volume condition message ("" when healthy)
 * @param keyVersion       encryption key version (EncryptionKeyRotation increments it)
 */
public record VolumeRecord(String id, String name, String array, String pool, long capacityBytes, long usedBytes,
                           boolean block, String fsType, List<String> mountFlags, List<String> accessModes,
                           Map<String, String> parameters, Map<String, String> mutableParameters,
                           Map<String, String> topology, String sourceSnapshotId, String sourceVolumeId,
                           String description, long createdAtMs, boolean abnormal, String conditionMessage,
                           int keyVersion) {
    private static final java.util.Map<List<String>, List<String>> SHARED_MODES =
            new java.util.concurrent.ConcurrentHashMap<>();

    public VolumeRecord {
        // array, pool, fs type and modes repeat across many thousands of volumes: share one copy
        array = array == null ? null : array.intern();
        pool = pool == null ? null : pool.intern();
        mountFlags = mountFlags == null || mountFlags.isEmpty() ? List.of() : List.copyOf(mountFlags);
        accessModes = accessModes == null ? List.of() : SHARED_MODES.computeIfAbsent(List.copyOf(accessModes),
                m -> m.stream().map(String::intern).toList());
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        mutableParameters = mutableParameters == null ? Map.of() : Map.copyOf(mutableParameters);
        topology = topology == null ? Map.of() : Map.copyOf(topology);
        if (topology.size() == 1 && topology.containsKey(ArrayModel.TOPOLOGY_KEY) && array != null
                && array.equals(topology.get(ArrayModel.TOPOLOGY_KEY))) {
            topology = ArrayModel.siteTopology(array);
        }
        fsType = fsType == null ? "" : fsType.intern();
        description = description == null ? "" : description;
        conditionMessage = conditionMessage == null ? "" : conditionMessage;
    }

    VolumeRecord withCapacity(long bytes) {
        return new VolumeRecord(id, name, array, pool, bytes, usedBytes, block, fsType, mountFlags, accessModes,
                parameters, mutableParameters, topology, sourceSnapshotId, sourceVolumeId, description, createdAtMs,
                abnormal, conditionMessage, keyVersion);
    }

    VolumeRecord withUsed(long bytes) {
        return new VolumeRecord(id, name, array, pool, capacityBytes, bytes, block, fsType, mountFlags, accessModes,
                parameters, mutableParameters, topology, sourceSnapshotId, sourceVolumeId, description, createdAtMs,
                abnormal, conditionMessage, keyVersion);
    }

    VolumeRecord withMutable(Map<String, String> mutable) {
        return new VolumeRecord(id, name, array, pool, capacityBytes, usedBytes, block, fsType, mountFlags,
                accessModes, parameters, mutable, topology, sourceSnapshotId, sourceVolumeId, description,
                createdAtMs, abnormal, conditionMessage, keyVersion);
    }

    VolumeRecord withCondition(boolean isAbnormal, String message) {
        return new VolumeRecord(id, name, array, pool, capacityBytes, usedBytes, block, fsType, mountFlags,
                accessModes, parameters, mutableParameters, topology, sourceSnapshotId, sourceVolumeId, description,
                createdAtMs, isAbnormal, message, keyVersion);
    }

    VolumeRecord withDescription(String text) {
        return new VolumeRecord(id, name, array, pool, capacityBytes, usedBytes, block, fsType, mountFlags,
                accessModes, parameters, mutableParameters, topology, sourceSnapshotId, sourceVolumeId, text,
                createdAtMs, abnormal, conditionMessage, keyVersion);
    }

    VolumeRecord withKeyVersion(int version) {
        return new VolumeRecord(id, name, array, pool, capacityBytes, usedBytes, block, fsType, mountFlags,
                accessModes, parameters, mutableParameters, topology, sourceSnapshotId, sourceVolumeId, description,
                createdAtMs, abnormal, conditionMessage, version);
    }
}
