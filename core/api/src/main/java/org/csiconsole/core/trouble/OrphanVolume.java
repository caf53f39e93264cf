package org.csiconsole.core.trouble;

import java.util.Objects;

/**
 * A volume seen on one side of an orphan comparison only.
 *
 * @param volumeId the driver's volume_id (for a PersistentVolume, its {@code spec.csi.volumeHandle})
 * @param name a name for people: the PersistentVolume's name, the array's volume name, or empty
 * @param capacityBytes its size in bytes, -1 when the side did not say
 */
public record OrphanVolume(String volumeId, String name, long capacityBytes) {
    public OrphanVolume {
        Objects.requireNonNull(volumeId, "volumeId");
        name = name == null ? "" : name;
    }
}
