package org.csiconsole.core.addons;

import java.util.Objects;

/**
 * What a replication call acts on: one volume or a volume group (csi-addons replication
 * {@code ReplicationSource}).
 *
 * @param group true for a volume group
 * @param id the {@code volume_id} or {@code volume_group_id}
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

    @Override
    public String toString() {
        return (group ? "volume group " : "volume ") + id;
    }
}
