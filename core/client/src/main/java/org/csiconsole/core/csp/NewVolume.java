package org.csiconsole.core.csp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A volume to create (POST /containers/v1/volumes) or, with {@link #baseSnapshotId}, a clone of a
 * snapshot (the spec's "Clone request": {@code base_snapshot_id} and {@code clone: true}).
 *
 * @param name volume name
 * @param size size with a unit, e.g. {@code 10GiB}, {@code 500G}, or bytes; for a clone, null to take the snapshot's size
 * @param description free text, null for none
 * @param baseSnapshotId snapshot to clone from, null for a new empty volume
 * @param volumeGroupId volume group to join, null for none
 * @param config CSP-specific parameters (the StorageClass parameters); null for none
 */
public record NewVolume(String name, String size, String description, String baseSnapshotId, String volumeGroupId,
                        Map<String, Object> config) {
    public NewVolume {
        config = config == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(config));
    }

    /** A new empty volume. */
    public static NewVolume of(String name, String size) {
        return new NewVolume(name, size, null, null, null, null);
    }

    /** A clone of a snapshot, the size taken from the snapshot. */
    public static NewVolume cloneOf(String name, String baseSnapshotId) {
        return new NewVolume(name, null, null, baseSnapshotId, null, null);
    }

    /** True when this creates a clone. */
    public boolean isClone() {
        return baseSnapshotId != null && !baseSnapshotId.isBlank();
    }
}
