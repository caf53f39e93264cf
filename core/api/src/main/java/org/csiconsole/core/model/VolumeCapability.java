package org.csiconsole.core.model;

import java.util.List;
import java.util.Objects;

/**
 * One volume capability (csi.proto {@code VolumeCapability}): access type, access mode and, for
 * mount volumes, the file system type and mount flags.
 *
 * @param accessType block or mount
 * @param accessMode the access mode
 * @param fsType file system type for mount volumes, empty for block or when unspecified
 * @param mountFlags mount flags for mount volumes, never null
 */
public record VolumeCapability(AccessType accessType, AccessMode accessMode, String fsType, List<String> mountFlags) {
    public VolumeCapability {
        Objects.requireNonNull(accessType, "accessType");
        Objects.requireNonNull(accessMode, "accessMode");
        fsType = fsType == null ? "" : fsType;
        mountFlags = mountFlags == null ? List.of() : List.copyOf(mountFlags);
    }

    public static VolumeCapability block(AccessMode mode) {
        return new VolumeCapability(AccessType.BLOCK, mode, "", List.of());
    }

    public static VolumeCapability mount(AccessMode mode, String fsType) {
        return new VolumeCapability(AccessType.MOUNT, mode, fsType, List.of());
    }
}
