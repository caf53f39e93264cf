package org.csiconsole.core.model;

import java.util.Objects;

/**
 * Where a volume's content came from (csi.proto {@code VolumeContentSource}; CSP {@code base_snapshot_id}
 * or clone parent).
 *
 * @param kind snapshot, volume clone, or none
 * @param id the source snapshot id or volume id; empty for {@link Kind#NONE}
 */
public record VolumeSource(Kind kind, String id) {
    public enum Kind { NONE, SNAPSHOT, VOLUME }

    public static final VolumeSource NONE = new VolumeSource(Kind.NONE, "");

    public VolumeSource {
        Objects.requireNonNull(kind, "kind");
        id = id == null ? "" : id;
    }

    public static VolumeSource snapshot(String snapshotId) {
        return new VolumeSource(Kind.SNAPSHOT, snapshotId);
    }

    public static VolumeSource volume(String volumeId) {
        return new VolumeSource(Kind.VOLUME, volumeId);
    }
}
