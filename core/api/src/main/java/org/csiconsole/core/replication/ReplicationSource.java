package org.csiconsole.core.replication;

import java.util.Objects;

/**
 * What a replication call acts on: one volume or a volume group (csi-addons replication.proto
 * {@code ReplicationSource}: {@code volume.volume_id} or {@code volumegroup.volume_group_id}).
 *
 * @param group true for a volume group
 * @param id the {@code volume_id} or {@code volume_group_id}; never null
 */
public record ReplicationSource(boolean group, String id) {
    public ReplicationSource {
        Objects.requireNonNull(id, "id");
    }

    public static ReplicationSource volume(String volumeId) {
        return new ReplicationSource(false, volumeId);
    }

    public static ReplicationSource volumeGroup(String volumeGroupId) {
        return new ReplicationSource(true, volumeGroupId);
    }

    /** {@code "volume"} or {@code "volume group"}. */
    public String kindWord() {
        return group ? "volume group" : "volume";
    }

    @Override
    public String toString() {
        return kindWord() + " " + id;
    }

    // Written out, not left to the record: see ReplicatedItem's.
    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof ReplicationSource s && group == s.group && id.equals(s.id);
    }

    @Override
    public int hashCode() {
        return 31 * id.hashCode() + (group ? 1 : 0);
    }
}
