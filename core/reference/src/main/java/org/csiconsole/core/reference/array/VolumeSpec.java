package org.csiconsole.core.reference.array;

import java.util.List;
import java.util.Map;

/**
 * What to create (CreateVolume, CSP POST /volumes). Nulls take defaults: array = first array
 * matching {@code topology}, pool = the array's first pool.
 *
 * @param name              the idempotency key; a second create with the same name and compatible
 *                          arguments returns the existing volume
 * @param array             array name, or null
 * @param pool              pool name, or null
 * @param capacityBytes     requested size in bytes (already rounded by the caller)
 * @param block             block access type
 * @param fsType            file system for mount access
 * @param mountFlags        mount flags
 * @param accessModes       CSI access mode names
 * @param parameters        opaque parameters
 * @param mutableParameters initial mutable parameters
 * @param topology          required topology segments, or empty
 * @param sourceSnapshotId  create from this snapshot, or null
 * @param sourceVolumeId    clone this volume, or null
 * @param description       free text
 * @param requiredBytes     smallest capacity_bytes an existing volume of this name may have to be
 *                          returned by a repeated create (CSI capacity_range.required_bytes)
 * @param limitBytes        largest capacity_bytes an existing volume of this name may have, 0 for
 *                          no limit (CSI capacity_range.limit_bytes)
 */
public record VolumeSpec(String name, String array, String pool, long capacityBytes, boolean block, String fsType,
                         List<String> mountFlags, List<String> accessModes, Map<String, String> parameters,
                         Map<String, String> mutableParameters, Map<String, String> topology, String sourceSnapshotId,
                         String sourceVolumeId, String description, long requiredBytes, long limitBytes) {
    public VolumeSpec {
        mountFlags = mountFlags == null ? List.of() : List.copyOf(mountFlags);
        accessModes = accessModes == null ? List.of() : List.copyOf(accessModes);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        mutableParameters = mutableParameters == null ? Map.of() : Map.copyOf(mutableParameters);
        topology = topology == null ? Map.of() : Map.copyOf(topology);
    }

    /**
     * A spec whose repeated create accepts an existing volume of at least {@code capacityBytes}
     * (required_bytes = capacityBytes, no limit): the CSP face's POST /volumes with a size.
     */
    public VolumeSpec(String name, String array, String pool, long capacityBytes, boolean block, String fsType,
                      List<String> mountFlags, List<String> accessModes, Map<String, String> parameters,
                      Map<String, String> mutableParameters, Map<String, String> topology, String sourceSnapshotId,
                      String sourceVolumeId, String description) {
        this(name, array, pool, capacityBytes, block, fsType, mountFlags, accessModes, parameters, mutableParameters,
                topology, sourceSnapshotId, sourceVolumeId, description, capacityBytes, 0);
    }

    /** A mount volume with SINGLE_NODE_WRITER access on any array. */
    public static VolumeSpec simple(String name, long capacityBytes) {
        return new VolumeSpec(name, null, null, capacityBytes, false, "ext4", List.of(),
                List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, "");
    }
}
